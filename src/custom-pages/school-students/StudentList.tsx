import { Chip, Stack } from '@mui/material';
import {
  Datagrid,
  DeleteWithConfirmButton,
  List,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useGetList,
  useRecordContext,
} from 'react-admin';
import { CHILD_GENDERS, PAGE_SIZES, STUDENT_STATUS_FILTER } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import { CodeField } from '../../components/CodeField';
import { CodeSelectInput } from '../../components/CodeSelectInput';
import { LocaleDateField } from '../../components/LocaleDateField';
import { AddStudentButton, EditStudentButton } from './StudentDialogs';
import { SchoolImportButton } from './StudentImportButton';

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

const ClassFilter = ({
  schoolFilter,
  ...props
}: {
  schoolFilter: Record<string, unknown>;
  source: string;
  alwaysOn?: boolean;
}) => {
  const { data = [] } = useGetList('schoolClasses', {
    pagination: { page: 1, perPage: 100 },
    sort: { field: 'number', order: 'ASC' },
    filter: schoolFilter,
  });
  return <SelectInput {...props} label="resources.schoolStudents.fields.class_name" choices={data} optionText="name" />;
};

interface StudentListProps {
  /** permanent filter: the school (above the school level) and perhaps a class */
  filter: Record<string, unknown>;
  title: string;
  defaultClassId?: number;
}

/** The school's students: search by name or national id, by class and state; enrol one or many, edit, remove. */
export const StudentList = ({ filter, title, defaultClassId }: StudentListProps) => {
  const schoolFilter = filter.school_id ? { school_id: filter.school_id } : {};
  const filters = [
    <SearchInput key="q" source="q" alwaysOn />,
    ...(defaultClassId ? [] : [<ClassFilter key="class" source="class_id" schoolFilter={schoolFilter} alwaysOn />]),
    <CodeSelectInput
      key="status"
      source="status"
      label="resources.schoolStudents.fields.status"
      codes={STUDENT_STATUS_FILTER}
      alwaysOn
    />,
  ];
  return (
    <List
      resource="schoolStudents"
      title={title}
      filter={filter}
      filters={filters}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={PAGE_SIZES[1]}
      pagination={<AppPagination />}
      exporter={false}
      disableSyncWithLocation={!!defaultClassId}
      actions={
        <TopToolbar>
          <SchoolImportButton kind="students" schoolId={filter.school_id as number | undefined} />
          <AddStudentButton schoolParam={schoolFilter} defaultClassId={defaultClassId} />
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" />
        <TextField source="national_id" sx={{ direction: 'ltr', unicodeBidi: 'embed' }} />
        <CodeField source="gender" codes={CHILD_GENDERS} sortable={false} />
        <LocaleDateField source="birthdate" sortable={false} />
        <TextField source="class_name" sortable={false} emptyText="—" />
        <GroupsField label="resources.schoolStudents.fields.groups" sortable={false} />
        <RowActions schoolParam={schoolFilter} label="" />
      </Datagrid>
    </List>
  );
};

const RowActions = ({ schoolParam }: { schoolParam: Record<string, unknown>; label?: string }) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <span onClick={(e) => e.stopPropagation()} style={{ display: 'inline-flex', gap: 4, whiteSpace: 'nowrap' }}>
      <EditStudentButton schoolParam={schoolParam} />
      <DeleteWithConfirmButton
        confirmTitle="app.schools.deleteStudentTitle"
        confirmContent="app.schools.deleteStudentContent"
        translateOptions={{ name: record.name }}
      />
    </span>
  );
};
