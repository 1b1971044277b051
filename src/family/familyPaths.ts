import { USER_TYPE } from '../../domain/codes';
import { pathPattern } from '../publicPaths';
import { getSessionUser, getToken } from '../session';

/**
 * The family's two pages a first load opens in the family app (src/family/FamilyApp.tsx) rather than the whole
 * console: the parent's profile and a child's page. Matched as publicPaths.ts matches its paths.
 * No React, no react-admin: main.tsx decides before loading any app.
 */
export const FAMILY_PATHS = ['/profile', '/student-details/:id'] as const;
export type FamilyPath = (typeof FAMILY_PATHS)[number];
const FAMILY_PATTERNS = FAMILY_PATHS.map(pathPattern);

export const isFamilyPath = (pathname: string): boolean => FAMILY_PATTERNS.some((pattern) => pattern.test(pathname));

/** The child's id of /student-details/<id>, if that is the address. */
export const childIdOf = (pathname: string): string | undefined =>
  FAMILY_PATTERNS[1].test(pathname) ? decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop()!) : undefined;

/**
 * Whether a first load at `pathname` starts the family app: one of the family's pages, and a session on this device
 * that is a family's (src/session.ts). No session, another kind of user, or a session that cannot be read: the whole
 * console, as before.
 */
export const startsFamilyApp = (pathname: string): boolean =>
  isFamilyPath(pathname) && !!getToken() && getSessionUser()?.type === USER_TYPE.family;
