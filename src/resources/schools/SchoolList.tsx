import { Chip, Stack } from '@mui/material';
import InsightsIcon from '@mui/icons-material/Insights';
import {
  Button,
  Datagrid,
  DeleteWithConfirmButton,
  LinkBase,
  List,
  SearchInput,
  TextField,
  TopToolbar,
  useRecordContext,
} from 'react-admin';
import { PAGE_SIZES } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import { EditSchoolButton, RegisterSchoolButton } from './SchoolDialogs';
import { LocaleNumberField } from '../../components/LocaleNumberField';
import { useCan } from '../../useCan';

const AdminsField = (_props: { label?: string; sortable?: boolean }) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
      {(record.admins as { id: number; name: string; email: string }[]).map((a) => (
        <Chip key={a.id} size="small" label={a.name} title={a.email} />
      ))}
    </Stack>
  );
};

const RowActions = (_props: { label?: string }) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <span onClick={(e) => e.stopPropagation()} style={{ display: 'inline-flex', gap: 4, whiteSpace: 'nowrap' }}>
      <Button component={LinkBase} to={`/school-dashboard/${record.id}`} label="app.schools.report.open">
        <InsightsIcon />
      </Button>
      <EditSchoolButton />
      <DeleteWithConfirmButton
        confirmTitle="app.schools.deleteTitle"
        confirmContent="app.schools.deleteContent"
        translateOptions={{ name: record.name }}
      />
    </span>
  );
};

/** /region-schools: the region's schools with their people and seats; add a school with its admin, edit, delete (an empty one). */
const SchoolList = () => {
  const platformWide = useCan('platform.manage');
  return (
    <List
      resource="schools"
      title="app.menu.regionSchools"
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={PAGE_SIZES[0]}
      pagination={<AppPagination />}
      exporter={false}
      actions={
        <TopToolbar>
          <RegisterSchoolButton platform={platformWide} />
        </TopToolbar>
      }
    >
      <Datagrid bulkActionButtons={false} rowClick={false}>
        <TextField source="name" />
        <TextField source="city" sortable={false} />
        <AdminsField label="resources.schools.fields.admins" sortable={false} />
        <LocaleNumberField source="students_count" sortable={false} />
        <LocaleNumberField source="teachers_count" sortable={false} />
        <LocaleNumberField source="seats_approved" sortable={false} />
        <LocaleNumberField source="seats_free" sortable={false} />
        <RowActions label="" />
      </Datagrid>
    </List>
  );
};

export default SchoolList;
