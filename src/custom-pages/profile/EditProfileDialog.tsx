import { useDataProvider, useNotify, useTranslate } from 'react-admin';
import { userEditSchema } from '../../../domain/schemas/users';
import { UserInputs } from '../../resources/users/UserInputs';
import type { SessionUser } from '../../session';
import { notifyError } from '../../notifyError';
import { zodValidate } from '../../validation/zodValidate';
import { FormDialog } from './FormDialog';

const validate = zodValidate(userEditSchema);

/** Edit one's own profile: PUT /users/save{id}. */
export const EditProfileDialog = ({ user, open, onClose, onSaved }: { user: SessionUser; open: boolean; onClose: () => void; onSaved: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const submit = async (values: Record<string, unknown>) => {
    try {
      await dataProvider.update('users', { id: user.id, data: values, previousData: { ...user, id: user.id } });
      notify('app.notify.saved', { type: 'success' });
      onSaved();
      onClose();
      return undefined;
    } catch (error) {
      notifyError(notify, error);
      return (error as { body?: { errors?: Record<string, string> } }).body?.errors;
    }
  };
  return (
    <FormDialog open={open} title={translate('app.profile.edit')} record={{ ...user, id: user.id }} validate={validate} onSubmit={submit} onClose={onClose}>
      <UserInputs />
    </FormDialog>
  );
};
