import { useState } from 'react';
import { IconButton, Menu, MenuItem } from '@mui/material';
import MoreIcon from '@mui/icons-material/MoreVert';
import {
  FunctionField,
  List,
  SearchInput,
  useDataProvider,
  useNotify,
  useRecordContext,
  useRefresh,
  useTranslate,
  type RaRecord,
} from 'react-admin';
import { MEMBER_SET_STATUSES, PAGE_SIZES, STUDENT_STATUS_FILTER } from '../../../domain/codes';
import { AppPagination } from '../../components/AppPagination';
import { CodeSelectInput } from '../../components/CodeSelectInput';
import type { AppDataProvider } from '../../dataProvider';
import { useBusyAction } from '../../hooks/useBusyAction';
import { MemberStatusChip } from '../../resources/groups/GroupStudents';
import { RequestDatagrid } from './RequestFields';
import { useCan } from '../../useCan';

const filters = [
  <SearchInput key="q" source="q" alwaysOn />,
  <CodeSelectInput
    key="status"
    source="status"
    label="resources.studentRequests.fields.status"
    codes={STUDENT_STATUS_FILTER}
    alwaysOn
  />,
];

/** Set a member's status: active, not active, hidden, blocked. */
const StatusMenu = () => {
  const record = useRecordContext();
  const translate = useTranslate();
  const notify = useNotify();
  const refresh = useRefresh();
  const dataProvider = useDataProvider<AppDataProvider>();
  const { busy, run } = useBusyAction();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  if (!record) return null;
  const label = translate('app.groups.changeStatus', { name: record.child_name });
  return (
    <>
      <IconButton aria-label={label} title={label} disabled={busy} onClick={(e) => setAnchor(e.currentTarget)}>
        <MoreIcon />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        {MEMBER_SET_STATUSES.filter((s) => s.id !== record.status).map((s) => (
          <MenuItem
            key={s.id}
            onClick={() => {
              setAnchor(null);
              void run(async () => {
                await dataProvider.setStudentStatus(record.group_id, record.child_id, s.id);
                notify('app.notify.statusChanged', { type: 'success' });
                refresh();
              });
            }}
          >
            {translate(s.labelKey)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
};

/**
 * /student/requests: the students of the caller's groups with the student
 * status filter (1 active, 2 non-active, 3 hidden); staff change a
 * student's status here. A family sees its own children's places.
 */
const StudentRequestsPage = () => {
  const manages = useCan('groups.manage');
  return (
    <List
      resource="studentRequests"
      title="app.requests.students"
      filters={filters}
      sort={{ field: 'created_at', order: 'DESC' }}
      perPage={PAGE_SIZES[0]}
      pagination={<AppPagination />}
      exporter={false}
      actions={false}
    >
      <RequestDatagrid place="group" actions={manages ? <StatusMenu /> : undefined}>
        <FunctionField
          source="status"
          sortable={false}
          render={(r: RaRecord) => <MemberStatusChip status={r.status} />}
        />
      </RequestDatagrid>
    </List>
  );
};

export default StudentRequestsPage;
