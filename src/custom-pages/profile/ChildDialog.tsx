import { type RaRecord, useDataProvider, useNotify, useTranslate } from 'react-admin';
import { childSchema } from '../../../domain/schemas/users';
import { ChildInputs } from '../../resources/children/ChildInputs';
import { notifyError } from '../../notifyError';
import { zodValidate } from '../../validation/zodValidate';
import { FormDialog } from './FormDialog';

const validate = zodValidate(childSchema);

/** Add a child (POST /users/add/child) or edit one (PUT /users/edit/child/{id}). */
export const ChildDialog = ({ child, open, onClose, onSaved }: { child?: RaRecord; open: boolean; onClose: () => void; onSaved: () => void }) => {
  const translate = useTranslate();
  const notify = useNotify();
  const dataProvider = useDataProvider();
  const submit = async (values: Record<string, unknown>) => {
    const parsed = childSchema.safeParse(values);
    if (!parsed.success) return undefined;
    try {
      if (child) await dataProvider.update('children', { id: child.id, data: parsed.data, previousData: child });
      else await dataProvider.create('children', { data: parsed.data });
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
    <FormDialog
      open={open}
      title={translate(child ? 'app.children.edit' : 'app.children.add')}
      record={child}
      validate={validate}
      onSubmit={submit}
      onClose={onClose}
    >
      <ChildInputs />
    </FormDialog>
  );
};
