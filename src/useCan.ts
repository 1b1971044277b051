import { usePermissions } from 'react-admin';
import { can, grantedNames, type Action } from '../domain/access';

/**
 * The signed-in user's permission names (react-admin's usePermissions, which the authProvider
 * answers from GET /api/me), none while they load; `isPending` says whether they are known yet.
 */
export const useGranted = (): { granted: readonly string[]; isPending: boolean } => {
  const { permissions, isPending } = usePermissions<unknown>();
  return { granted: grantedNames(permissions), isPending };
};

/**
 * Whether the signed-in user may do `action` (domain/access.ts, the table the server's routes
 * also read). False while the permissions load: nothing shows before it is allowed.
 */
export const useCan = (action: Action): boolean => {
  const { permissions } = usePermissions<unknown>();
  return can(permissions, action);
};
