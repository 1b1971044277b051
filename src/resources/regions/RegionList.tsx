import { Chip, Stack } from '@mui/material';
import { Datagrid, List, SearchInput, TextField, TopToolbar, useRecordContext } from 'react-admin';
import { PAGE_SIZES } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import { RegisterRegionAdminButton } from './RegisterRegionAdminButton';
import { LocaleNumberField } from '../../components/LocaleNumberField';

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

/** /region-admin: the regions, their admins and numbers; a region opens its schools. */
const RegionList = () => (
  <List
    resource="regions"
    title="app.menu.regionAdmins"
    filters={[<SearchInput key="q" source="q" alwaysOn />]}
    sort={{ field: 'name', order: 'ASC' }}
    perPage={PAGE_SIZES[0]}
    pagination={<AppPagination />}
    exporter={false}
    actions={
      <TopToolbar>
        <RegisterRegionAdminButton />
      </TopToolbar>
    }
  >
    <Datagrid bulkActionButtons={false} rowClick={(id) => `/region-admin/${id}`}>
      <TextField source="name" />
      <AdminsField label="resources.regions.fields.admins" sortable={false} />
      <LocaleNumberField source="schools_count" sortable={false} />
      <LocaleNumberField source="students_count" sortable={false} />
      <LocaleNumberField source="seats_approved" sortable={false} />
    </Datagrid>
  </List>
);

export default RegionList;
