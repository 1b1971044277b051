import { TextInput } from 'react-admin';
import { PermissionsInput } from '../../components/PermissionsInput';

/** A role: its name and its permissions, grouped by permission group. */
export const RoleInputs = () => (
  <>
    <TextInput source="name" sx={{ maxWidth: 420 }} />
    <PermissionsInput source="permissions" />
  </>
);
