import { Edit, SimpleForm, Toolbar, SaveButton, useRecordContext, useTranslate } from 'react-admin';
import { userEditSchema } from '../../../domain/schemas/users';
import { zodValidate } from '../../validation/zodValidate';
import { DeleteUserButton } from './DeleteUserButton';
import { ToggleActiveButton } from './ToggleActiveButton';
import { UserInputs } from './UserInputs';
import { UserRolesCard } from './UserRolesCard';
import { useCan } from '../../useCan';

const validate = zodValidate(userEditSchema);

const UserTitle = () => {
  const translate = useTranslate();
  const record = useRecordContext();
  return <>{translate('app.users.editTitle', { name: record?.name ?? '' })}</>;
};

const EditToolbar = () => (
  <Toolbar sx={{ gap: 1, flexWrap: 'wrap' }}>
    <SaveButton />
    <ToggleActiveButton />
    <span style={{ flex: 1 }} />
    <DeleteUserButton redirect="list" />
  </Toolbar>
);

/** /users/:id — edit the account; below, its roles and direct permissions for those who manage roles. */
const UserEdit = () => {
  const canManageRoles = useCan('roles.manage');
  return (
    <Edit title={<UserTitle />} mutationMode="pessimistic" redirect="list" aside={undefined}>
      <SimpleForm validate={validate} toolbar={<EditToolbar />} mode="onTouched">
        <UserInputs />
      </SimpleForm>
      {canManageRoles ? <UserRolesCard /> : null}
    </Edit>
  );
};

export default UserEdit;
