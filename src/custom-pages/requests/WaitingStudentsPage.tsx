import { FunctionField, List, SearchInput, useTranslate, type RaRecord } from 'react-admin';
import { PAGE_SIZES } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import { AnswerButton } from './AnswerButton';
import { RequestDatagrid } from './RequestFields';

/** What a waiting request asks: to join a course or a group. */
const RequestKind = ({ record }: { record: RaRecord }) => {
  const translate = useTranslate();
  return <>{translate(`app.requests.kinds.${record.kind === 'course' ? 'course' : 'group'}`)}</>;
};

/**
 * /auth/student (Student_Auth): the children waiting for an answer, their course requests and group requests together,
 * newest first (POST /auth/student, docs/api/teaching.md); each accepted or refused where it waits.
 */
const WaitingStudentsPage = () => (
  <List
    resource="waitingStudents"
    title="resources.waitingStudents.page.list"
    filters={[<SearchInput key="q" source="q" alwaysOn />]}
    perPage={PAGE_SIZES[0]}
    pagination={<AppPagination />}
    exporter={false}
    actions={false}
  >
    <RequestDatagrid
      place="group"
      actions={
        <>
          <AnswerButton accept />
          <AnswerButton accept={false} />
        </>
      }
    >
      <FunctionField source="kind" sortable={false} render={(record) => <RequestKind record={record} />} />
    </RequestDatagrid>
  </List>
);

export default WaitingStudentsPage;
