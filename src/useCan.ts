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

/** How long react-admin's permissions stay fresh: its usePermissions' default, which options given to it replace. */
const PERMISSIONS_FRESH_MS = 5 * 60 * 1000;

/** What the user may do while the permissions load: nothing. */
const NO_PERMISSIONS: readonly string[] = [];

/**
 * Whether the signed-in user may do `action` (domain/access.ts, the table the server's routes
 * also read). False while the permissions load: nothing shows before it is allowed.
 * The component re-renders when the answer changes only (react-query's `select` over react-admin's permissions,
 * notified of the selected value alone): permissions arriving with the same answer re-render nothing, as on a
 * family page the server rendered, whose permissions the browser reads once hydrated; they re-rendered the whole
 * page (docs/PERFORMANCE.md "Phone").
 */
export const useCan = (action: Action): boolean => {
  const { permissions } = usePermissions<unknown>(undefined, {
    staleTime: PERMISSIONS_FRESH_MS,
    placeholderData: NO_PERMISSIONS,
    select: (permissions) => can(permissions, action),
    notifyOnChangeProps: ['data'],
  });
  return permissions === true;
};
