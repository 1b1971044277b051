import { Button, Chip } from '@mui/material';
import { Link } from 'react-router-dom';
import {
  CreateButton,
  Datagrid,
  FilterButton,
  FunctionField,
  List,
  ReferenceInput,
  SearchInput,
  SelectInput,
  TextField,
  TopToolbar,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { DAYS, GROUP_STATUSES, PAGE_SIZES } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import { CodeField } from '../../components/CodeField';
import { CodeListField } from '../../components/CodeListField';
import { CodeSelectInput } from '../../components/CodeSelectInput';
import { LocaleDateField } from '../../components/LocaleDateField';
import { LocaleNumberField } from '../../components/LocaleNumberField';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <CodeSelectInput
    key="status"
    source="status"
    label="resources.groups.fields.status"
    codes={GROUP_STATUSES}
    alwaysOn
  />,
  <ReferenceInput key="course_id" source="course_id" reference="courses" perPage={100}>
    <SelectInput optionText="name" label="resources.groups.fields.course_id" />
  </ReferenceInput>,
];

const ExamChip = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  return (
    <Chip
      size="small"
      variant={record.disabled ? 'outlined' : 'filled'}
      color={record.disabled ? 'default' : 'success'}
      label={translate(record.disabled ? 'app.groups.examOff' : 'app.groups.examOn')}
    />
  );
};

/** The list's buttons: new group, and the pages where the teacher answers requests and manages students. */
const Actions = () => {
  const translate = useTranslate();
  return (
    <TopToolbar>
      <FilterButton />
      <Button size="small" component={Link} to="/auth/groups">
        {translate('app.menu.groupRequests')}
      </Button>
      <Button size="small" component={Link} to="/student/requests">
        {translate('app.requests.students')}
      </Button>
      <Button size="small" component={Link} to="/course/requests">
        {translate('app.menu.courseRequests')}
      </Button>
      <CreateButton />
    </TopToolbar>
  );
};

/** /groups: the groups in the caller's scope; a row opens the group's page. */
const GroupList = () => (
  <List
    title="app.menu.groups"
    filters={filters}
    actions={<Actions />}
    sort={{ field: 'id', order: 'DESC' }}
    perPage={PAGE_SIZES[0]}
    pagination={<AppPagination />}
    exporter={false}
  >
    <Datagrid rowClick="show" bulkActionButtons={false}>
      <TextField source="name" />
      <TextField source="course_name" sortable={false} />
      <FunctionField
        source="teacher_details"
        sortable={false}
        render={(r: RaRecord) => r.teacher_details?.name ?? ''}
      />
      <CodeListField source="days" codes={DAYS} sortable={false} />
      <LocaleDateField source="start_from" />
      <LocaleNumberField source="students_count" sortable={false} />
      <CodeField source="status" codes={GROUP_STATUSES} sortable={false} />
      <FunctionField source="disabled" sortable={false} render={(r: RaRecord) => <ExamChip record={r} />} />
    </Datagrid>
  </List>
);

export default GroupList;
