/**
 * Permission names (SPEC.md §6), their groups, the default roles, and the
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

export interface SidebarItem {
  readonly path: string;
  /** i18n key of the label */
  readonly labelKey: string;
  /** permission needed to see the item; none means every signed-in user */
  readonly permission?: Permission;
  /** a test item hidden from users who only mark tests (SPEC.md §6) */
  readonly testItem?: boolean;
}

const item = (path: string, name: string, permission?: Permission, testItem = false): SidebarItem => ({
  path,
  labelKey: `app.menu.${name}`,
  ...(permission ? { permission } : {}),
  ...(testItem ? { testItem } : {}),
});

/** The sidebar of SPEC.md §2 in order, with roles and logs added for their screens. */
export const SIDEBAR: readonly SidebarItem[] = [
  item('/overview', 'overview', 'access_dashboard'),
  item('/profile', 'profile'),
  item('/teachers', 'teachers', 'access_teacher'),
  item('/active_teacher', 'activeTeachers', 'access_teacher'),
  item('/courses', 'courses', 'access_courses'),
  item('/auth/courses', 'courseAuth', 'course_auth'),
  item('/course/requests', 'courseRequests', 'access_users'),
  item('/auth/groups', 'groupRequests', 'access_users'),
  item('/groups', 'groups', 'access_group'),
  item('/users', 'users', 'access_users'),
  item('/exams', 'exams', 'access_neomi', true),
  item('/neomi-exams-two', 'neomiAnalytics', 'access_neomi', true),
  item('/neomi-exams-report', 'neomiReport', 'admin_neomi'),
  item('/school-dashboard', 'schoolDashboard', 'admin_schools'),
  item('/school', 'schoolClasses', 'admin_schools'),
  item('/school-teachers', 'schoolTeachers', 'admin_schools'),
  item('/school-students', 'schoolStudents', 'admin_schools'),
  item('/assigned-quota', 'assignedQuota', 'admin_schools'),
  item('/region-dashboard', 'regionDashboard', 'admin_regions'),
  item('/region-schools', 'regionSchools', 'admin_regions'),
  item('/region-seats', 'regionSeats', 'admin_regions'),
  item('/admin-dashboard', 'adminDashboard', 'access_dashboard'),
  item('/region-admin', 'regionAdmins', 'access_dashboard'),
  item('/admin-seats', 'adminSeats', 'access_dashboard'),
  item('/score', 'score', 'access_users'),
  item('/pre-neomi', 'preNeomi', 'mark_neomi_test'),
  item('/corrected-exams', 'correctedExams', 'mark_neomi_test'),
  item('/category-management', 'categoryManagement', 'admin_neomi'),
  item('/exam/report', 'examReport', 'admin_neomi'),
  item('/search/user', 'searchUser', 'access_neomi', true),
  item('/roles', 'roles', 'access_roles'),
  item('/logs', 'logs', 'access_logs'),
  item('/logout', 'logout'),
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
