import { Edit, SimpleForm } from 'react-admin';
import { roleSchema } from '../../../domain/schemas/users';
import { zodValidate } from '../../validation/zodValidate';
import { RoleInputs } from './RoleInputs';

const validate = zodValidate(roleSchema);

/** /roles/:id — rename a role and choose its permissions. */
const RoleEdit = () => (
  <Edit mutationMode="pessimistic" redirect="list">
    <SimpleForm validate={validate}>
      <RoleInputs />
    </SimpleForm>
  </Edit>
);

export default RoleEdit;
