/**
 * Permission names (docs/PRODUCT.md §6), their groups, the default roles, and the
 * sidebar map. The server enforces the same names the console shows.
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

export const ROLE = {
  admin: 'admin',
  regionAdmin: 'region_admin',
  schoolAdmin: 'admin_school',
  teacher: 'teacher',
  student: 'student',
  marker: 'marker',
} as const;
export type RoleName = (typeof ROLE)[keyof typeof ROLE];
/** The fixed keys of the built-in roles (roles.key): scope and seeding use them, never a role's editable name. */
export type RoleKey = RoleName;
export const BUILT_IN_ROLE_KEYS: readonly RoleKey[] = Object.values(ROLE);

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
  /** permission needed to see the item; none means every signed-in user */
  readonly permission?: Permission;
  /** a test item hidden from users who only mark tests (docs/PRODUCT.md §2 "Sidebar") */
  readonly testItem?: boolean;
}

const item = (
  section: SidebarSectionId,
  path: string,
  name: string,
  permission?: Permission,
  testItem = false,
): SidebarItem => ({
  path,
  labelKey: `app.menu.${name}`,
  section,
  ...(permission ? { permission } : {}),
  ...(testItem ? { testItem } : {}),
});

/**
 * The sidebar (docs/PRODUCT.md §2 "Sidebar"), with roles, logs, kit orders and forms added
 * for their screens; one line per item, its section first.
 */
export const SIDEBAR: readonly SidebarItem[] = [
  item('start', '/overview', 'overview', 'access_dashboard'),
  item('start', '/profile', 'profile'),
  item('people', '/teachers', 'teachers', 'access_teacher'),
  item('people', '/active_teacher', 'activeTeachers', 'access_teacher'),
  item('teaching', '/courses', 'courses', 'access_courses'),
  item('teaching', '/auth/courses', 'courseAuth', 'course_auth'),
  item('teaching', '/course/requests', 'courseRequests', 'access_users'),
  item('teaching', '/auth/groups', 'groupRequests', 'access_users'),
  item('teaching', '/groups', 'groups', 'access_group'),
  // activities area: the evaluation queue of those who evaluate
  item('teaching', '/activities', 'activities', 'access_group'),
  item('people', '/users', 'users', 'access_users'),
  item('neomi', '/exams', 'exams', 'access_neomi', true),
  item('neomi', '/neomi-exams-two', 'neomiAnalytics', 'access_neomi', true),
  item('neomi', '/neomi-exams-report', 'neomiReport', 'admin_neomi'),
  item('schools', '/school-dashboard', 'schoolDashboard', 'admin_schools'),
  item('schools', '/school', 'schoolClasses', 'admin_schools'),
  item('schools', '/school-teachers', 'schoolTeachers', 'admin_schools'),
  item('schools', '/school-students', 'schoolStudents', 'admin_schools'),
  item('schools', '/assigned-quota', 'assignedQuota', 'admin_schools'),
  item('regions', '/region-dashboard', 'regionDashboard', 'admin_regions'),
  item('regions', '/region-schools', 'regionSchools', 'admin_regions'),
  item('regions', '/region-seats', 'regionSeats', 'admin_regions'),
  item('regions', '/admin-dashboard', 'adminDashboard', 'access_dashboard'),
  item('regions', '/region-admin', 'regionAdmins', 'access_dashboard'),
  item('regions', '/admin-seats', 'adminSeats', 'access_dashboard'),
  item('neomi', '/score', 'score', 'access_users'),
  item('neomi', '/pre-neomi', 'preNeomi', 'mark_neomi_test'),
  item('neomi', '/corrected-exams', 'correctedExams', 'mark_neomi_test'),
  item('neomi', '/marking-admin', 'markingAdmin', 'admin_neomi'),
  item('neomi', '/category-management', 'categoryManagement', 'admin_neomi'),
  item('neomi', '/exam/report', 'examReport', 'admin_neomi'),
  item('neomi', '/search/user', 'searchUser', 'access_neomi', true),
  item('administration', '/roles', 'roles', 'access_roles'),
  item('administration', '/logs', 'logs', 'access_logs'),
  item('administration', '/orders', 'orders', 'access_public'),
  item('administration', '/forms', 'forms', 'access_public'),
  // activities area: gallery, feedback and messaging for every signed-in user (docs/PRODUCT.md §1)
  item('end', '/gallery', 'gallery'),
  item('end', '/message', 'messages'),
  item('end', '/feedback', 'feedback'),
  item('end', '/logout', 'logout'),
];

export const hasPermission = (granted: readonly string[], permission: Permission): boolean =>
  granted.includes(permission);

/**
 * Whether a user with these permission names sees a sidebar item.
 * mark_neomi_test hides the other test items unless the user also administers Neomi.
 */
export const canSeeSidebarItem = (granted: readonly string[], sidebarItem: SidebarItem): boolean => {
  if (sidebarItem.permission && !hasPermission(granted, sidebarItem.permission)) return false;
  if (sidebarItem.testItem && hasPermission(granted, 'mark_neomi_test') && !hasPermission(granted, 'admin_neomi')) {
    return false;
  }
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
