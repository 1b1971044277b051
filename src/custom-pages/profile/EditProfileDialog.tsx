import { useDataProvider, useTranslate } from 'react-admin';
import { userEditSchema } from '../../../domain/schemas/users';
import { UserInputs } from '../../resources/users/UserInputs';
import type { SessionUser } from '../../session';
import { EmailChangePassword } from './EmailChangePassword';
import { FormDialog } from '../../components/FormDialog';

/** Edit one's own profile: PUT /users/save{id}. */
export const EditProfileDialog = ({
  user,
  open,
  onClose,
  onSaved,
}: {
  user: SessionUser;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  return (
    <FormDialog
      open={open}
      title={translate('app.profile.edit')}
      record={{ ...user, id: user.id }}
      schema={userEditSchema}
      save={(data) => dataProvider.update('users', { id: user.id, data, previousData: { ...user, id: user.id } })}
      successMessage="app.notify.saved"
      onSaved={onSaved}
      onClose={onClose}
    >
      <UserInputs />
      <EmailChangePassword savedEmail={user.email} />
    </FormDialog>
  );
};
