import { FunctionField, List, SearchInput, type RaRecord } from 'react-admin';
import { PAGE_SIZES, REQUEST_STATUSES } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import { CodeSelectInput } from '../../components/CodeSelectInput';
import { AnswerButton } from './AnswerButton';
import { RequestDatagrid, RequestStatus } from './RequestFields';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <CodeSelectInput
    key="status"
    source="status"
    label="resources.courseRequests.fields.status"
    codes={REQUEST_STATUSES}
    alwaysOn
  />,
];

/** /course/requests: families' requests for their children to join a course; accept or refuse the waiting ones. */
const CourseRequestsPage = () => (
  <List
    resource="courseRequests"
    title="app.menu.courseRequests"
    filters={filters}
    filterDefaultValues={{ status: 0 }}
    sort={{ field: 'created_at', order: 'DESC' }}
    perPage={PAGE_SIZES[0]}
    pagination={<AppPagination />}
    exporter={false}
    actions={false}
  >
    <RequestDatagrid
      place="course"
      actions={
        <>
          <AnswerButton accept />
          <AnswerButton accept={false} />
        </>
      }
    >
      <FunctionField source="status" sortable={false} render={(r: RaRecord) => <RequestStatus record={r} />} />
    </RequestDatagrid>
  </List>
);

export default CourseRequestsPage;
