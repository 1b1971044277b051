import { useState } from 'react';
import { Chip, Stack } from '@mui/material';
import AddIcon from '@mui/icons-material/Add';
import {
  Button,
  Datagrid,
  DeleteWithConfirmButton,
  EmailField,
  List,
  SearchInput,
  TextField,
  TextInput,
  TopToolbar,
  useCreate,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { PAGE_SIZES, TEACHER_GENDERS } from '../../../domain/codes';
import { teacherSchema } from '../../../domain/schemas/schools';
import { ActiveStatusField } from '../../components/ActiveStatusField';
import { AppPagination } from '../../components/AppPagination';
import { CodeField } from '../../components/CodeField';
import { CodeSelectInput } from '../../components/CodeSelectInput';
import { SchoolPicker } from '../../components/SchoolPicker';
import { schoolParam, useCurrentSchool } from '../../hooks/useCurrentSchool';
import { FormDialog } from '../../components/FormDialog';
import { SchoolImportButton } from '../school-students/StudentImportButton';
import { NewPasswordInput } from '../../components/NewPasswordInput';

const AddTeacherButton = ({ param }: { param: Record<string, unknown> }) => {
  const translate = useTranslate();
  const [create] = useCreate();
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button label="app.schools.addTeacher" variant="contained" onClick={() => setOpen(true)}>
        <AddIcon />
      </Button>
      <FormDialog
        open={open}
        title={translate('app.schools.addTeacher')}
        schema={teacherSchema}
        save={(data) => create('schoolTeachers', { data: { ...data, ...param } }, { returnPromise: true })}
        successMessage="app.schools.teacherAdded"
        onClose={() => setOpen(false)}
      >
        <TextInput source="name" label="resources.schoolTeachers.fields.name" fullWidth />
        <TextInput source="email" label="resources.schoolTeachers.fields.email" type="email" fullWidth />
        <CodeSelectInput source="gender" label="resources.schoolTeachers.fields.gender" codes={TEACHER_GENDERS} />
        <TextInput source="mobile_no" label="resources.schoolTeachers.fields.mobile_no" fullWidth />
        <NewPasswordInput source="password" label="resources.users.fields.password" fullWidth />
      </FormDialog>
    </>
  );
};

const GroupsField = (_props: { label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {(record.groups as { id: number; name: string }[]).map((g) => (
        <Chip key={g.id} size="small" label={g.name} />
      ))}
    </Stack>
  );
};

const RemoveButton = (_props: { label?: string }) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <span onClick={(e) => e.stopPropagation()}>
      <DeleteWithConfirmButton
        confirmTitle="app.schools.deleteTeacherTitle"
        confirmContent="app.schools.deleteTeacherContent"
        translateOptions={{ name: record.name }}
      />
    </span>
  );
};

/** /school-teachers: the school's teachers, their groups; add one or many (template), remove from the school. */
const SchoolTeachersPage = () => {
  const { schoolId, ownSchool } = useCurrentSchool();
  const param = schoolParam(schoolId, ownSchool);
  return (
    <>
      <SchoolPicker />
      {schoolId && (
        <List
          resource="schoolTeachers"
          title="app.menu.schoolTeachers"
          filter={param}
          filters={[<SearchInput key="q" source="q" alwaysOn />]}
          sort={{ field: 'name', order: 'ASC' }}
          perPage={PAGE_SIZES[1]}
          pagination={<AppPagination />}
          exporter={false}
          actions={
            <TopToolbar>
              <SchoolImportButton kind="teachers" schoolId={param.school_id as number | undefined} />
              <AddTeacherButton param={param} />
            </TopToolbar>
          }
        >
          <Datagrid bulkActionButtons={false} rowClick={false}>
            <TextField source="name" />
            <EmailField source="email" />
            <CodeField source="gender" codes={TEACHER_GENDERS} sortable={false} />
            <TextField source="mobile_no" sortable={false} emptyText="—" />
            <GroupsField label="resources.schoolTeachers.fields.groups" sortable={false} />
            <ActiveStatusField source="removed" label="resources.schoolTeachers.fields.removed" sortable={false} />
            <RemoveButton label="" />
          </Datagrid>
        </List>
      )}
    </>
  );
};

export default SchoolTeachersPage;
