import { Datagrid, EditButton, EmailField, FilterButton, List, TextField, TopToolbar } from 'react-admin';
import { COUNTRIES, PAGE_SIZES, USER_TYPES } from '../../../domain/codes';
import { ActiveStatusField } from '../../components/ActiveStatusField';
import { CodeField } from '../../components/CodeField';
import { LocaleDateField } from '../../components/LocaleDateField';
import { DeleteUserButton } from './DeleteUserButton';
import { ToggleActiveButton } from './ToggleActiveButton';
import { userFilters } from './UserFilters';
import { UserNameField } from './UserNameField';
import { AppPagination } from '../../components/AppPagination';
import { ExportUsersButton } from './ExportUsersButton';

/** /users: every account, searchable, filterable by state and type, sortable, 10/25/50 a page. */
const UserList = () => (
  <List
    title="app.menu.users"
    filters={userFilters}
    sort={{ field: 'id', order: 'DESC' }}
    perPage={PAGE_SIZES[0]}
    pagination={<AppPagination />}
    exporter={false}
    actions={
      <TopToolbar>
        <FilterButton />
        <ExportUsersButton />
      </TopToolbar>
    }
  >
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <UserNameField source="name" label="resources.users.fields.name" sortBy="name" />
      <EmailField source="email" />
      <CodeField source="type" codes={USER_TYPES} sortBy="type" />
      <CodeField source="country" codes={COUNTRIES} sortBy="country" />
      <ActiveStatusField source="removed" label="resources.users.fields.status" sortable={false} />
      <LocaleDateField source="created_at" />
      <RowActions label="" />
    </Datagrid>
  </List>
);

/** Row buttons; clicks stay on the buttons instead of opening the row. */
const RowActions = (_props: { label?: string }) => (
  <span
    onClick={(e) => e.stopPropagation()}
    style={{ display: 'inline-flex', gap: 4, flexWrap: 'nowrap', whiteSpace: 'nowrap' }}
  >
    <ToggleActiveButton />
    <EditButton />
    <DeleteUserButton />
  </span>
);

export default UserList;
