import { useGetIdentity, useGetManyReference } from 'react-admin';

/** The signed-in family's children (for "which child" choices). */
export const useMyChildren = () => {
  const { identity } = useGetIdentity();
  const { data = [], isPending } = useGetManyReference(
    'children',
    {
      target: 'parent_id',
      id: identity?.id ?? 0,
      pagination: { page: 1, perPage: 1000 },
      sort: { field: 'name', order: 'ASC' },
    },
    { enabled: !!identity?.id },
  );
  return { children: data, isPending };
};
