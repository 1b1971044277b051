import { PasswordInput, useDataProvider, useTranslate } from 'react-admin';
import { updatePasswordSchema } from '../../../domain/schemas/auth';
import { RevalidateWith } from '../../components/RevalidateWith';
import type { AppDataProvider } from '../../dataProvider';
import { PASSWORDS_MATCH, zodValidateWithMatches } from '../../validation/zodValidate';
import { FormDialog } from '../../components/FormDialog';
import { NewPasswordInput } from '../../components/NewPasswordInput';

const validate = zodValidateWithMatches(updatePasswordSchema, [PASSWORDS_MATCH]);

/** Change one's password: POST /users/update/password/{id}. */
export const ChangePasswordDialog = ({
  userId,
  open,
  onClose,
}: {
  userId: number;
  open: boolean;
  onClose: () => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider<AppDataProvider>();
  return (
    <FormDialog
      open={open}
      title={translate('app.profile.changePassword')}
      schema={updatePasswordSchema}
      validate={validate}
      save={(data) => dataProvider.updatePassword(userId, data)}
      successMessage="app.auth.passwordChanged"
      onClose={onClose}
    >
      <RevalidateWith field="confirm_password" partner="password" />
      <PasswordInput
        source="current_password"
        label="resources.users.fields.current_password"
        autoComplete="current-password"
      />
      <NewPasswordInput source="password" label="resources.users.fields.new_password" autoComplete="new-password" />
      <PasswordInput
        source="confirm_password"
        label="resources.users.fields.confirm_password"
        autoComplete="new-password"
      />
    </FormDialog>
  );
};
