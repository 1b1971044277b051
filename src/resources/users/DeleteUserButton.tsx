import {
  DeleteWithConfirmButton,
  type RedirectionSideEffect,
  useNotify,
  useRecordContext,
  useRedirect,
  useRefresh,
} from 'react-admin';
import { notifyError } from '../../notifyError';

/** Delete after a confirmation, then refresh the list and say so (docs/PRODUCT.md §4 "Accounts"). */
export const DeleteUserButton = ({
  resource,
  redirect = false,
}: {
  resource?: string;
  redirect?: RedirectionSideEffect;
}) => {
  const record = useRecordContext();
  const notify = useNotify();
  const refresh = useRefresh();
  const redirectTo = useRedirect();
  if (!record) return null;
  return (
    <DeleteWithConfirmButton
      resource={resource}
      mutationMode="pessimistic"
      redirect={false}
      confirmTitle="app.users.deleteTitle"
      confirmContent="app.users.deleteContent"
      translateOptions={{ name: String(record.name ?? record.id) }}
      mutationOptions={{
        onSuccess: () => {
          notify('app.notify.deleted', { type: 'success' });
          if (redirect) redirectTo(redirect, resource ?? 'users');
          else refresh();
        },
        onError: (error: unknown) => notifyError(notify, error),
      }}
    />
  );
};
