import { useState } from 'react';
import AddIcon from '@mui/icons-material/Add';
import { Button, DateInput, SelectInput, TextInput, useCreate, useGetList, useTranslate } from 'react-admin';
import { CHILD_GENDERS } from '../../../domain/codes';
import { studentSchema } from '../../../domain/schemas/schools';
import { CodeSelectInput } from '../../components/CodeSelectInput';
import { FormDialog } from '../../components/FormDialog';
import { EditInDialogButton } from '../../components/EditInDialogButton';

const today = () => new Date().toISOString().slice(0, 10);

/** The fields of a student, with the school's classes to choose from. */
const StudentFields = ({ schoolFilter }: { schoolFilter: Record<string, unknown> }) => {
  const { data: classes = [] } = useGetList('schoolClasses', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'number', order: 'ASC' },
    filter: schoolFilter,
  });
  return (
    <>
      <TextInput source="name" label="resources.schoolStudents.fields.name" fullWidth />
      <TextInput
        source="national_id"
        label="resources.schoolStudents.fields.national_id"
        helperText="app.schools.nationalIdHelp"
        slotProps={{ htmlInput: { inputMode: 'numeric', dir: 'ltr' } }}
        fullWidth
      />
      <CodeSelectInput source="gender" label="resources.schoolStudents.fields.gender" codes={CHILD_GENDERS} />
      <DateInput
        source="birthdate"
        label="resources.schoolStudents.fields.birthdate"
        slotProps={{ htmlInput: { max: today() } }}
      />
      <SelectInput
        source="class_id"
        label="resources.schoolStudents.fields.class_name"
        choices={classes}
        optionText={(c) => `${c.name} (${c.number})`}
        emptyText="app.schools.noClass"
        fullWidth
      />
      <TextInput source="mobile_no" label="resources.schoolStudents.fields.mobile_no" fullWidth />
    </>
  );
};

/** Enrol one student (POST /schools/add/student): refused with a clear message when no seat is free. */
export const AddStudentButton = ({
  schoolParam,
  defaultClassId,
}: {
  schoolParam: Record<string, unknown>;
  defaultClassId?: number;
}) => {
  const translate = useTranslate();
  const [create] = useCreate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="app.schools.addStudent" variant="contained" onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <FormDialog
        open={open}
        title={translate('app.schools.addStudent')}
        record={defaultClassId ? { class_id: defaultClassId } : {}}
        schema={studentSchema}
        save={(data) => create('schoolStudents', { data: { ...data, ...schoolParam } }, { returnPromise: true })}
        successMessage="app.schools.studentAdded"
        onClose={() => setOpen(false)}
      >
        <StudentFields schoolFilter={schoolParam} />
      </FormDialog>
    </>
  );
};

export const EditStudentButton = ({ schoolParam }: { schoolParam: Record<string, unknown>; label?: string }) => (
  <EditInDialogButton
    resource="schoolStudents"
    titleKey="app.schools.editStudent"
    schema={studentSchema.omit({ school_id: true })}
    toData={(data) => ({ ...data, class_id: data.class_id ?? '' })}
  >
    <StudentFields schoolFilter={schoolParam} />
  </EditInDialogButton>
);
