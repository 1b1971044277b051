import { type RaRecord, useDataProvider, useTranslate } from 'react-admin';
import { childSchema } from '../../../domain/schemas/users';
import { ChildInputs } from '../../resources/children/ChildInputs';
import { FormDialog } from '../../components/FormDialog';

/** Add a child (POST /users/add/child) or edit one (PUT /users/edit/child/{id}). */
export const ChildDialog = ({
  child,
  open,
  onClose,
  onSaved,
}: {
  child?: RaRecord;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) => {
  const translate = useTranslate();
  const dataProvider = useDataProvider();
  return (
    <FormDialog
      open={open}
      title={translate(child ? 'app.children.edit' : 'app.children.add')}
      record={{ ...child, speaks_second_language: !!child?.second_language }}
      schema={childSchema}
      save={(data) =>
        child
          ? dataProvider.update('children', { id: child.id, data, previousData: child })
          : dataProvider.create('children', { data })
      }
      successMessage="app.notify.saved"
      onSaved={onSaved}
      onClose={onClose}
    >
      <ChildInputs />
    </FormDialog>
  );
};
