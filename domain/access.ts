import type { Permission } from './permissions';

/**
 * What a user does, and the permission that lets them (docs/PRODUCT.md §6). One table for both
 * sides: the console shows a page, an item or a button only when `can(granted, action)`, and every
 * route names in its `config.access` 'public', 'signed-in' or one of these actions, which the
 * server's access plugin checks with the same `can` (server/plugins/access.ts). An action listing
 * several permissions is allowed by any one of them.
 */
export const ACTIONS = {
  /** the background jobs: the failed and long-running ones, and a failed one's retry (/background-jobs) */
  'jobs.manage': 'access_dashboard',
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
  /** find users by name or email: user admins, and test administrators finding learners */
  'users.search': ['access_users', 'access_neomi'],
  /** course and group join requests */
  'requests.review': 'access_users',
  /** a learner's test results (/score) */
  'learnerResults.read': 'access_users',
  /** the course catalogue */
  'courses.browse': 'access_courses',
  /** ask for a child's place in a course */
  'courses.join': 'access_courses',
  /** save a course, its lessons and their activities (the course decides who may edit it, courses.author who may make one) */
  'courses.write': 'access_courses',
  /** approve courses waiting for approval */
  'courses.approve': 'course_auth',
  /** make a course: teachers (who run groups) and those who approve courses */
  'courses.author': ['course_auth', 'access_group'],
  /** groups and their members: open a course's groups, change a learner's place */
  'groups.manage': 'access_group',
  /** evaluate (and delete) learners' activities */
  'activities.evaluate': 'access_group',
  /** tell a learner's family that a report about the learner is ready */
  'reports.notify': 'access_group',
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
  /** the seat requests waiting on one, and their history: a school's, a region's or the platform's admins */
  'seats.review': ['admin_schools', 'admin_regions', 'access_dashboard'],
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
/** The permissions the table names. */
export type ActionPermission = OneOf<(typeof ACTIONS)[Action]>;

export const ACTION_NAMES = Object.keys(ACTIONS) as Action[];

/** The permissions that allow an action (any one of them). */
export const permissionsFor = (action: Action): readonly Permission[] => [ACTIONS[action]].flat();

/** Every permission the table knows. */
export const ACTION_PERMISSIONS: ReadonlySet<string> = new Set(ACTION_NAMES.flatMap(permissionsFor));

/**
 * Whether a user holding these permission names (a list, or the server's set) may do the action.
 * Anything else (permissions not loaded yet, an error) allows nothing.
 */
export const can = (granted: unknown, action: Action): boolean => {
  if (granted instanceof Set) return permissionsFor(action).some((p) => granted.has(p));
  return Array.isArray(granted) && permissionsFor(action).some((p) => granted.includes(p));
};

/** The permission names in react-admin's `permissions` value: a list, or none while it is unknown. */
export const grantedNames = (permissions: unknown): readonly string[] =>
  Array.isArray(permissions) ? permissions.filter((p): p is string => typeof p === 'string') : [];

/** Whether a name is an action of the table. */
export const isAction = (name: unknown): name is Action => typeof name === 'string' && Object.hasOwn(ACTIONS, name);

/** Who may call a route (its `config.access`): anyone, any signed-in user, or a user who may do the action. */
export type RouteAccess = 'public' | 'signed-in' | Action;

/** The access a route may declare (server/plugins/access.ts): 'public', 'signed-in' or an action of the table. */
export const isRouteAccess = (access: unknown): access is RouteAccess =>
  access === 'public' || access === 'signed-in' || isAction(access);
