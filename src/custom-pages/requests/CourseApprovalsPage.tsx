import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import { Datagrid, FunctionField, List, SearchInput, TextField, useRecordContext, type RaRecord } from 'react-admin';
import { AGE_GROUPS, COURSE_APPROVALS, COURSE_LANGUAGES, PAGE_SIZES } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import { CodeField } from '../../components/CodeField';
import { CodeListField } from '../../components/CodeListField';
import { CodeSelectInput } from '../../components/CodeSelectInput';
import { LocaleDateField } from '../../components/LocaleDateField';
import { ShortText } from '../../components/ShortText';
import { RecordActionButton } from '../../components/RecordActionButton';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <CodeSelectInput
    key="approval"
    source="approval"
    label="resources.courses.fields.approval"
    codes={COURSE_APPROVALS}
    alwaysOn
  />,
];

const ApproveButton = ({ approve }: { approve: boolean }) => {
  const record = useRecordContext();
  if (!record || record.approval === (approve ? 1 : 2)) return null;
  return (
    <RecordActionButton
      label={approve ? 'app.courses.approve' : 'app.courses.refuse'}
      icon={approve ? <CheckIcon /> : <CloseIcon />}
      color={approve ? 'success' : 'warning'}
      successMessage={approve ? 'app.courses.approved' : 'app.courses.refused'}
      action={(dataProvider, r) => dataProvider.approveCourse(r.id, approve)}
    />
  );
};

/** /auth/courses: courses teachers made, waiting for a holder of course_auth to approve or refuse them. */
const CourseApprovalsPage = () => (
  <List
    resource="courseApprovals"
    title="app.menu.courseAuth"
    filters={filters}
    filterDefaultValues={{ approval: 0 }}
    sort={{ field: 'id', order: 'DESC' }}
    perPage={PAGE_SIZES[0]}
    pagination={<AppPagination />}
    exporter={false}
    actions={false}
  >
    <Datagrid bulkActionButtons={false} rowClick={(id) => `/course/${id}`}>
      <TextField source="name" label="resources.courses.fields.name" />
      <FunctionField
        source="description"
        label="resources.courses.fields.description"
        sortable={false}
        render={(r: { description?: string | null }) => <ShortText text={r.description} />}
      />
      <CodeField source="age_group" label="resources.courses.fields.age_group" codes={AGE_GROUPS} sortable={false} />
      <CodeListField
        source="languages"
        label="resources.courses.fields.languages"
        codes={COURSE_LANGUAGES}
        sortable={false}
      />
      <LocaleDateField source="start_date" label="resources.courses.fields.start_date" />
      <FunctionField
        label=""
        render={(_r: RaRecord) => (
          <span onClick={(e) => e.stopPropagation()} style={{ display: 'inline-flex', gap: 4, whiteSpace: 'nowrap' }}>
            <ApproveButton approve />
            <ApproveButton approve={false} />
          </span>
        )}
      />
    </Datagrid>
  </List>
);

export default CourseApprovalsPage;
