import { Datagrid, List, TextField, useTranslate, Button, LinkBase, useRecordContext, SearchInput } from 'react-admin';
import InsightsIcon from '@mui/icons-material/Insights';
import { PAGE_SIZES } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import { LocaleNumberField } from '../../components/LocaleNumberField';

const DashboardLink = (_props: { label?: string }) => {
  const record = useRecordContext();
  if (!record) return null;
  return (
    <Button
      component={LinkBase}
      to={`/school-dashboard/${record.id}`}
      label="app.schools.report.open"
      onClick={(e: React.MouseEvent) => e.stopPropagation()}
    >
      <InsightsIcon />
    </Button>
  );
};

/** /school-reports: the schools in the caller's scope with their numbers, each opening its dashboard. */
const SchoolReportsPage = () => {
  const translate = useTranslate();
  return (
    <List
      resource="schools"
      title={translate('app.schools.report.allSchools')}
      filters={[<SearchInput key="q" source="q" alwaysOn />]}
      sort={{ field: 'name', order: 'ASC' }}
      perPage={PAGE_SIZES[1]}
      pagination={<AppPagination />}
      exporter={false}
      actions={false}
    >
      <Datagrid bulkActionButtons={false} rowClick={(id) => `/school-dashboard/${id}`}>
        <TextField source="name" />
        <TextField source="region_name" sortable={false} />
        <LocaleNumberField source="students_count" sortable={false} />
        <LocaleNumberField source="teachers_count" sortable={false} />
        <LocaleNumberField source="groups_count" sortable={false} />
        <LocaleNumberField source="seats_approved" sortable={false} />
        <LocaleNumberField source="seats_free" sortable={false} />
        <DashboardLink label="" />
      </Datagrid>
    </List>
  );
};

export default SchoolReportsPage;
