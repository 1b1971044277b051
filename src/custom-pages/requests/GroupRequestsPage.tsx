import { List, SearchInput } from 'react-admin';
import { PAGE_SIZES } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import { AnswerButton } from './AnswerButton';
import { RequestDatagrid } from './RequestFields';

/** /auth/groups: children waiting to join a group (asked without a promo code); accept or refuse. */
const GroupRequestsPage = () => (
  <List
    resource="groupRequests"
    title="app.menu.groupRequests"
    filters={[<SearchInput key="q" source="q" alwaysOn />]}
    sort={{ field: 'created_at', order: 'DESC' }}
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
    />
  </List>
);

export default GroupRequestsPage;
