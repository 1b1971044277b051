import { Create, SimpleForm } from 'react-admin';
import { roleSchema } from '../../../domain/schemas/users';
import { zodValidate } from '../../validation/zodValidate';
import { RoleInputs } from './RoleInputs';

const validate = zodValidate(roleSchema);

/** /roles/create — a new role by name with its permissions. */
const RoleCreate = () => (
  <Create redirect="list">
    <SimpleForm validate={validate} defaultValues={{ permissions: [] }}>
      <RoleInputs />
    </SimpleForm>
  </Create>
);

export default RoleCreate;
