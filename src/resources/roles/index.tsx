import VerifiedUserIcon from '@mui/icons-material/VerifiedUser';
import { RoleName } from './RoleName';
import { lazyPart } from '../../lazyPart';

/** Roles (/roles): create, edit and delete by name, with permissions grouped by permission group. */
export default {
  list: lazyPart(() => import('./RoleList')),
  edit: lazyPart(() => import('./RoleEdit')),
  create: lazyPart(() => import('./RoleCreate')),
  icon: VerifiedUserIcon,
  recordRepresentation: <RoleName />,
};
