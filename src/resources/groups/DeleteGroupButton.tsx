import { DeleteWithConfirmButton, useNotify, useRecordContext, useRedirect } from 'react-admin';
import { notifyError } from '../../notifyError';

/** Delete a group after a confirmation; 'Group deleted', back to the list (docs/PRODUCT.md §8 "Success messages"). */
export const DeleteGroupButton = () => {
  const record = useRecordContext();
  const notify = useNotify();
  const redirect = useRedirect();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      resource="groups"
      mutationMode="pessimistic"
      redirect={false}
      confirmTitle="app.groups.deleteTitle"
      confirmContent="app.groups.deleteContent"
      translateOptions={{ name: String(record.name ?? record.id) }}
      mutationOptions={{
        onSuccess: () => {
          notify('app.notify.groupDeleted', { type: 'success' });
          redirect('list', 'groups');
        },
        onError: (error: unknown) => notifyError(notify, error),
      }}
    />
  );
};
