import { PasswordInput, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { MESSAGES } from '../../../domain/messages';
import { updatePasswordSchema } from '../../../domain/schemas/auth';
import { RevalidateWith } from '../../components/RevalidateWith';
import type { AppDataProvider } from '../../dataProvider';
import { notifyError } from '../../notifyError';
import { PASSWORDS_MATCH, zodValidateWithMatches } from '../../validation/zodValidate';
import { FormDialog } from './FormDialog';

const validate = zodValidateWithMatches(updatePasswordSchema, [PASSWORDS_MATCH]);

/** Change one's password: POST /users/update/password/{id}. */
export const ChangePasswordDialog = ({ userId, open, onClose }: { userId: number; open: boolean; onClose: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider<AppDataProvider>();
  const submit = async (values: Record<string, unknown>) => {
    const parsed = updatePasswordSchema.safeParse(values);
    if (!parsed.success) return undefined;
    try {
      const answer = await dataProvider.updatePassword(userId, parsed.data);
      notify(answer?.message && answer.message in MESSAGES ? answer.message : 'app.auth.passwordChanged', { type: 'success' });
      onClose();
      return undefined;
    } catch (error) {
      notifyError(notify, error);
      return (error as { body?: { errors?: Record<string, string> } }).body?.errors;
    }
  };
  return (
    <FormDialog open={open} title={translate('app.profile.changePassword')} validate={validate} onSubmit={submit} onClose={onClose}>
      <RevalidateWith field="confirm_password" partner="password" />
      <PasswordInput source="current_password" label="resources.users.fields.current_password" autoComplete="current-password" />
      <PasswordInput source="password" label="resources.users.fields.new_password" autoComplete="new-password" />
      <PasswordInput source="confirm_password" label="resources.users.fields.confirm_password" autoComplete="new-password" />
    </FormDialog>
  );
};
