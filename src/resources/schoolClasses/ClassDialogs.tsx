import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Button, NumberInput, TextInput, useCreate, useTranslate } from 'react-admin';
import { classSchema } from '../../../domain/schemas/schools';
import { FormDialog } from '../../components/FormDialog';
import { EditInDialogButton } from '../../components/EditInDialogButton';

const ClassFields = () => (
  <>
    <TextInput source="name" label="resources.schoolClasses.fields.name" fullWidth />
    <NumberInput
      source="number"
      label="resources.schoolClasses.fields.number"
      min={1}
      max={20}
      helperText="app.schools.classNumberHelp"
    />
  </>
);

/** A new class: its name and number (POST /schools/add/class). */
export const AddClassButton = ({ schoolParam }: { schoolParam: Record<string, unknown> }) => {
  const translate = useTranslate();
  const [create] = useCreate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="app.schools.addClass" variant="contained" onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <FormDialog
        open={open}
        title={translate('app.schools.addClass')}
        schema={classSchema}
        save={(data) => create('schoolClasses', { data: { ...data, ...schoolParam } }, { returnPromise: true })}
        successMessage="app.notify.saved"
        onClose={() => setOpen(false)}
      >
        <ClassFields />
      </FormDialog>
    </>
  );
};

/** Rename or renumber a class. */
export const EditClassButton = (_props: { label?: string }) => (
  <EditInDialogButton
    resource="schoolClasses"
    titleKey="app.schools.editClass"
    values={(record) => ({ name: record.name, number: record.number })}
    schema={classSchema.omit({ school_id: true })}
  >
    <ClassFields />
  </EditInDialogButton>
);
