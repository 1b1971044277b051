import { Chip, Stack } from '@mui/material';
import { RoleName, useRoleName } from './RoleName';
import {
  Datagrid,
  DeleteWithConfirmButton,
  EditButton,
  List,
  TextField,
  useRecordContext,
  useTranslate,
} from 'react-admin';
import { LocaleNumberField } from '../../components/LocaleNumberField';

const PermissionChips = (_props: { label?: string }) => {
  const translate = useTranslate();
  const record = useRecordContext();
  const names = (record?.permissions as string[] | undefined) ?? [];
  return (
    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
      {names.map((name) => (
        <Chip key={name} size="small" label={translate(`app.permissions.${name}`, { _: name })} />
      ))}
    </Stack>
  );
};

const RoleActions = (_props: { label?: string }) => {
  const roleName = useRoleName();
  const record = useRecordContext();
  return (
    <span onClick={(e) => e.stopPropagation()} style={{ display: 'inline-flex', gap: 4, whiteSpace: 'nowrap' }}>
      <EditButton />
      <DeleteWithConfirmButton
        mutationMode="pessimistic"
        confirmTitle="app.roles.deleteTitle"
        confirmContent="app.roles.deleteContent"
        translateOptions={{ name: roleName(String(record?.name ?? '')) }}
      />
    </span>
  );
};

/** /roles: every role with its permissions and how many users hold it. */
const RoleList = () => (
  <List
    title="app.menu.roles"
    sort={{ field: 'name', order: 'ASC' }}
    exporter={false}
    pagination={false}
    perPage={1000}
  >
    <Datagrid rowClick="edit" bulkActionButtons={false}>
      <TextField source="id" />
      <RoleName source="name" label="resources.roles.fields.name" />
      <PermissionChips label="resources.roles.fields.permissions" />
      <LocaleNumberField source="users_count" />
      <RoleActions label="" />
    </Datagrid>
  </List>
);

export default RoleList;
