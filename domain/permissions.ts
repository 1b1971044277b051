import { can, type Action } from './access';
import type { RoleName } from './roles';

export { BUILT_IN_ROLE_KEYS, ROLE, type RoleKey, type RoleName, isFamily } from './roles';

/**
 * Permission names (docs/PRODUCT.md §6), their groups, the default roles, and the
 * sidebar map. The server enforces the same names the console shows; what each
 * permission lets a user do is the action table (domain/access.ts).
 */
export const PERMISSION_GROUPS = {
  Dashboard: ['access_dashboard'],
  Users: ['access_users', 'access_teacher'],
  Courses: ['access_courses', 'course_auth'],
  Group: ['access_group', 'all_groups'],
  Schools: ['admin_schools'],
  Regions: ['admin_regions'],
  Neomi: ['admin_neomi', 'access_neomi', 'mark_neomi_test'],
  Roles: ['access_roles', 'access_logs', 'access_settings'],
  Public: ['access_public'],
} as const;

export type PermissionGroup = keyof typeof PERMISSION_GROUPS;
export type Permission = (typeof PERMISSION_GROUPS)[PermissionGroup][number];

export const PERMISSIONS: readonly { name: Permission; group: PermissionGroup }[] = (
  Object.entries(PERMISSION_GROUPS) as [PermissionGroup, readonly Permission[]][]
).flatMap(([group, names]) => names.map((name) => ({ name, group })));

export const PERMISSION_NAMES: readonly Permission[] = PERMISSIONS.map((p) => p.name);

/** Default roles and their permissions, seeded at start-up. */
export const DEFAULT_ROLES: Readonly<Record<RoleName, readonly Permission[]>> = {
  admin: PERMISSION_NAMES,
  region_admin: ['admin_regions'],
  admin_school: ['admin_schools'],
  teacher: ['access_courses', 'access_group', 'access_neomi'],
  student: ['access_courses'],
  marker: ['mark_neomi_test'],
};

/**
 * The sidebar's sections, in order. Items of a `flat` section show without a
 * header (overview and profile first, log out last); the others collapse
 * under their header, shown only when the user sees one of their items.
 */
export const SIDEBAR_SECTIONS = [
  { id: 'start', flat: true },
  { id: 'people' },
  { id: 'teaching' },
  { id: 'neomi' },
  { id: 'schools' },
  { id: 'regions' },
  { id: 'administration' },
  { id: 'end', flat: true },
] as const satisfies readonly { id: string; flat?: boolean }[];
export type SidebarSectionId = (typeof SIDEBAR_SECTIONS)[number]['id'];
/** i18n key of a section's header. */
export const sectionLabelKey = (id: SidebarSectionId) => `app.menu.sections.${id}`;

export interface SidebarItem {
  readonly path: string;
  /** i18n key of the label */
  readonly labelKey: string;
  /** the section the item is listed in */
  readonly section: SidebarSectionId;
  /** the action (domain/access.ts) the item is for; none means every signed-in user */
  readonly action?: Action;
  /** a test item hidden from users who only mark tests (docs/PRODUCT.md §2 "Sidebar") */
  readonly testItem?: boolean;
}

const item = (
  section: SidebarSectionId,
  path: string,
  name: string,
  action?: Action,
  testItem = false,
): SidebarItem => ({
  path,
  labelKey: `app.menu.${name}`,
  section,
  ...(action ? { action } : {}),
  ...(testItem ? { testItem } : {}),
});

/**
 * The sidebar (docs/PRODUCT.md §2 "Sidebar"), with roles, logs, kit orders and forms added
 * for their screens; one line per item, its section first.
 */
export const SIDEBAR: readonly SidebarItem[] = [
  item('start', '/overview', 'overview', 'overview.read'),
  item('start', '/profile', 'profile'),
  item('people', '/teachers', 'teachers', 'teachers.manage'),
  item('people', '/active_teacher', 'activeTeachers', 'teachers.manage'),
  item('teaching', '/courses', 'courses', 'courses.browse'),
  item('teaching', '/auth/courses', 'courseAuth', 'courses.approve'),
  item('teaching', '/course/requests', 'courseRequests', 'requests.review'),
  item('teaching', '/auth/groups', 'groupRequests', 'requests.review'),
  item('teaching', '/groups', 'groups', 'groups.manage'),
  // activities area: the evaluation queue of those who evaluate
  item('teaching', '/activities', 'activities', 'activities.evaluate'),
  item('people', '/users', 'users', 'users.manage'),
  item('neomi', '/exams', 'exams', 'tests.conduct', true),
  item('neomi', '/neomi-exams-two', 'neomiAnalytics', 'tests.conduct', true),
  item('neomi', '/neomi-exams-report', 'neomiReport', 'tests.administer'),
  item('schools', '/school-dashboard', 'schoolDashboard', 'schools.manage'),
  item('schools', '/school', 'schoolClasses', 'schools.manage'),
  item('schools', '/school-teachers', 'schoolTeachers', 'schools.manage'),
  item('schools', '/school-students', 'schoolStudents', 'schools.manage'),
  item('schools', '/assigned-quota', 'assignedQuota', 'schools.manage'),
  item('regions', '/region-dashboard', 'regionDashboard', 'regions.manage'),
  item('regions', '/region-schools', 'regionSchools', 'regions.manage'),
  item('regions', '/region-seats', 'regionSeats', 'regions.manage'),
  item('regions', '/admin-dashboard', 'adminDashboard', 'platform.manage'),
  item('regions', '/region-admin', 'regionAdmins', 'platform.manage'),
  item('regions', '/admin-seats', 'adminSeats', 'platform.manage'),
  item('neomi', '/score', 'score', 'learnerResults.read'),
  item('neomi', '/pre-neomi', 'preNeomi', 'tests.mark'),
  item('neomi', '/corrected-exams', 'correctedExams', 'tests.mark'),
  item('neomi', '/marking-admin', 'markingAdmin', 'tests.administer'),
  item('neomi', '/category-management', 'categoryManagement', 'tests.administer'),
  item('neomi', '/exam/report', 'examReport', 'tests.administer'),
  item('neomi', '/search/user', 'searchUser', 'tests.conduct', true),
  item('administration', '/roles', 'roles', 'roles.manage'),
  item('administration', '/logs', 'logs', 'logs.read'),
  item('administration', '/settings', 'settings', 'settings.manage'),
  item('administration', '/background-jobs', 'backgroundJobs', 'jobs.manage'),
  item('administration', '/orders', 'orders', 'publicSite.manage'),
  item('administration', '/forms', 'forms', 'publicSite.manage'),
  // activities area: gallery, feedback and messaging for every signed-in user (docs/PRODUCT.md §1)
  item('end', '/gallery', 'gallery'),
  item('end', '/message', 'messages'),
  item('end', '/feedback', 'feedback'),
  item('end', '/logout', 'logout'),
];

/**
 * Whether a user with these permission names sees a sidebar item.
 * Marking tests (mark_neomi_test) hides the other test items unless the user also administers Neomi.
 */
export const canSeeSidebarItem = (granted: readonly string[], sidebarItem: SidebarItem): boolean => {
  if (sidebarItem.action && !can(granted, sidebarItem.action)) return false;
  if (sidebarItem.testItem && can(granted, 'tests.mark') && !can(granted, 'tests.administer')) return false;
  return true;
};

export const visibleSidebar = (granted: readonly string[]): SidebarItem[] =>
  SIDEBAR.filter((i) => canSeeSidebarItem(granted, i));

export interface SidebarGroup {
  readonly section: (typeof SIDEBAR_SECTIONS)[number];
  readonly items: readonly SidebarItem[];
}

/** The sidebar as the user sees it: the sections holding at least one item they may see, in order, each with those items. */
export const visibleSidebarSections = (granted: readonly string[]): SidebarGroup[] => {
  const visible = visibleSidebar(granted);
  return SIDEBAR_SECTIONS.map((section) => ({
    section,
    items: visible.filter((i) => i.section === section.id),
  })).filter((group) => group.items.length > 0);
};

/** The section of the page at `pathname` (the item whose path it is or is under), if the sidebar lists it. */
export const sidebarSectionOf = (pathname: string): SidebarSectionId | undefined => {
  const path = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const matches = SIDEBAR.filter((i) => path === i.path || path.startsWith(`${i.path}/`));
  return matches.sort((a, b) => b.path.length - a.path.length)[0]?.section;
};
