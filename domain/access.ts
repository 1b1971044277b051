import type { Permission } from './permissions';

/**
 * What a user does in the console, and the permission that lets them (docs/PRODUCT.md §6).
 * One table for both sides: the console shows a page, an item or a button only when
 * `can(granted, action)`, and the server's access plugin accepts in a route's `config.access`
 * only 'public', 'signed-in' or a permission named here, so the two read the same names.
 * An action listing several permissions is allowed by any one of them.
 */
export const ACTIONS = {
  /** the platform overview (/overview) */
  'overview.read': 'access_dashboard',
  /** the platform's regions, their admins and seats, schools registered platform-wide, every region in the test report */
  'platform.manage': 'access_dashboard',
  /** everyone's feedback, not only one's own */
  'feedback.readAll': 'access_dashboard',
  /** teachers, active teachers and teacher requests: list them and switch a teacher on or off */
  'teachers.manage': 'access_teacher',
  /** user accounts */
  'users.manage': 'access_users',
  /** course and group join requests */
  'requests.review': 'access_users',
  /** a learner's test results (/score) */
  'learnerResults.read': 'access_users',
  /** the course catalogue */
  'courses.browse': 'access_courses',
  /** approve courses waiting for approval */
  'courses.approve': 'course_auth',
  /** make a course: teachers (who run groups) and those who approve courses */
  'courses.author': ['course_auth', 'access_group'],
  /** groups and their members: open a course's groups, change a learner's place */
  'groups.manage': 'access_group',
  /** evaluate (and delete) learners' activities */
  'activities.evaluate': 'access_group',
  /** run the Neomi tests: learners' tests, paper tests, guests, analytics, user search */
  'tests.conduct': 'access_neomi',
  /** administer the Neomi tests: question bank, marking, dictionary, reports */
  'tests.administer': 'admin_neomi',
  /** confirm a learner's reviewed scores */
  'scores.confirm': 'admin_neomi',
  /** mark tests (pre-marking and corrected tests) */
  'tests.mark': 'mark_neomi_test',
  /** one's school: its dashboard, classes, teachers, learners and seats */
  'schools.manage': 'admin_schools',
  /** one's region: its dashboard, schools and seats (and a school of it by id) */
  'regions.manage': 'admin_regions',
  /** roles, and the roles and direct permissions of a user */
  'roles.manage': 'access_roles',
  /** the audit log */
  'logs.read': 'access_logs',
  /** the platform's settings (the marking disagreement margin) */
  'settings.manage': 'access_settings',
  /** the public site's kit orders and forms */
  'publicSite.manage': 'access_public',
} as const satisfies Record<string, Permission | readonly [Permission, ...Permission[]]>;

export type Action = keyof typeof ACTIONS;

type OneOf<T> = T extends readonly (infer P)[] ? P : T;
/** The permissions the table names: a route's `config.access` may name only these (checked at compile time and at registration). */
export type ActionPermission = OneOf<(typeof ACTIONS)[Action]>;

export const ACTION_NAMES = Object.keys(ACTIONS) as Action[];

/** The permissions that allow an action (any one of them). */
export const permissionsFor = (action: Action): readonly Permission[] => [ACTIONS[action]].flat();

/** Every permission the table knows: the only ones a route may name in `config.access`. */
export const ACTION_PERMISSIONS: ReadonlySet<string> = new Set(ACTION_NAMES.flatMap(permissionsFor));

/**
 * Whether a user holding these permission names may do the action. Anything but a list of
 * names (permissions not loaded yet, an error) allows nothing.
 */
export const can = (granted: unknown, action: Action): boolean =>
  Array.isArray(granted) && permissionsFor(action).some((p) => granted.includes(p));

/** The permission names in react-admin's `permissions` value: a list, or none while it is unknown. */
export const grantedNames = (permissions: unknown): readonly string[] =>
  Array.isArray(permissions) ? permissions.filter((p): p is string => typeof p === 'string') : [];

/** The access a route may declare (server/plugins/access.ts): 'public', 'signed-in' or a permission of the table. */
export const isRouteAccess = (access: unknown): boolean =>
  access === 'public' || access === 'signed-in' || (typeof access === 'string' && ACTION_PERMISSIONS.has(access));
