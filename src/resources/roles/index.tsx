import { lazy } from 'react';
import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { RoleName } from './RoleName';

/** Roles (/roles): create, edit and delete by name, with permissions grouped by permission group. */
export default {
  list: lazy(() => import('./RoleList')),
  edit: lazy(() => import('./RoleEdit')),
  create: lazy(() => import('./RoleCreate')),
  icon: VerifiedUserIcon,
  recordRepresentation: <RoleName />,
};
