import { isFamily } from '../../domain/roles';
import { FAMILY_PATHS, type FamilyPath } from '../../domain/pagePaths';
import { pathPattern } from '../publicPaths';
import { renderedPageData } from '../pageData';
import { getSessionUser, getToken } from '../session';
import type { FamilyPageAnswer } from './familyQueries';

/*
 * The family's two pages a first load opens in the family app (src/family/FamilyApp.tsx) rather than the whole
 * console: the parent's profile and a child's page (domain/pagePaths.ts FAMILY_PATHS, which the server renders with
 * the family's data). No React, no react-admin: main.tsx decides before loading any app.
 */
export { FAMILY_PATHS, type FamilyPath };
const FAMILY_PATTERNS = FAMILY_PATHS.map(pathPattern);

export const isFamilyPath = (pathname: string): boolean => FAMILY_PATTERNS.some((pattern) => pattern.test(pathname));

/** The family page at `pathname`, as FAMILY_PATHS lists it, if it is one. */
export const familyPathOf = (pathname: string): FamilyPath | undefined =>
  FAMILY_PATHS.find((_path, i) => FAMILY_PATTERNS[i].test(pathname));

/** The child's id of /student-details/<id>, if that is the address. */
export const childIdOf = (pathname: string): string | undefined =>
  FAMILY_PATTERNS[1].test(pathname) ? decodeURIComponent(pathname.replace(/\/+$/, '').split('/').pop()!) : undefined;

/**
 * What a family page the server rendered with its data was rendered for (src/pageData.tsx `key`): the user, and the
 * child at /student-details/<id>. main.tsx hydrates the page only for the user signed in on this device.
 */
export const familyPageKey = (pathname: string, userId: number): string => {
  const child = childIdOf(pathname);
  return child === undefined ? String(userId) : `${userId}/${child}`;
};

/**
 * Whether a first load at `pathname` starts the family app: one of the family's pages, and a session on this device
 * that is a family's (src/session.ts; domain/permissions.ts isFamily, as the server's page session has it). No
 * session, another kind of user (staff accounts are of the family type too), or a session that cannot be read: the
 * whole console, as before.
 */
export const startsFamilyApp = (pathname: string): boolean => {
  const user = getToken() ? getSessionUser() : undefined;
  return isFamilyPath(pathname) && !!user && isFamily(user);
};

/**
 * The answers the server rendered this family page with (server/renderedPages.ts), if the root holds that page in
 * `locale` for the user signed in on this device: main.tsx then hydrates it. Another user's page (a cookie left by an
 * earlier session), another language chosen on this device, or no render: undefined, and the app renders afresh.
 */
export const renderedFamilyPage = (container: HTMLElement, locale: string): FamilyPageAnswer | undefined => {
  const { pathname } = window.location;
  const path = familyPathOf(pathname);
  const user = getSessionUser();
  const data = renderedPageData();
  const holds =
    !!path &&
    !!user &&
    !!data &&
    container.dataset.page === path &&
    container.dataset.locale === locale &&
    data.page === path &&
    data.key === familyPageKey(pathname, user.id);
  return holds ? (data.answer as FamilyPageAnswer) : undefined;
};
