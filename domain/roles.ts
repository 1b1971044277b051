import { USER_TYPE } from './codes';

/** The built-in roles (docs/PRODUCT.md §6), by their fixed keys (domain/permissions.ts gives their permissions). */
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

/**
 * A family: an account of the family type holding the student role. Staff accounts are of that type too, so the
 * type alone does not say it (the server's page session and children's routes, the console's family app).
 */
export const isFamily = (user: { type?: number | null; roles: readonly string[] }): boolean =>
  user.type === USER_TYPE.family && user.roles.includes(ROLE.student);
