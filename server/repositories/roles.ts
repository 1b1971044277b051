import { asc, count, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { permissions, rolePermissions, roles, userPermissions, userRoles } from '../db/schema';

/**
 * Roles with their permissions and how many holders each has among the users in scope (`holderIds`, a
 * subquery of user ids; undefined counts every holder; docs/SCOPE.md), by name; only `ids` when given.
 */
export async function loadRoles(db: Executor, holderIds: SQL | undefined, ids?: number[]) {
  const rows = await db
    .select({ id: roles.id, name: roles.name, key: roles.key })
    .from(roles)
    .where(ids ? inArray(roles.id, ids) : undefined)
    .orderBy(asc(roles.name));
  const perms = await db
    .select({ roleId: rolePermissions.roleId, name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .orderBy(permissions.name);
  const holders = await db
    .select({ roleId: userRoles.roleId, n: count() })
    .from(userRoles)
    .where(holderIds ? inArray(userRoles.userId, holderIds) : undefined)
    .groupBy(userRoles.roleId);
  return rows.map((r) => ({
    ...r,
    permissions: perms.filter((p) => p.roleId === r.id).map((p) => p.name),
    users_count: holders.find((h) => h.roleId === r.id)?.n ?? 0,
  }));
}
export type RoleRecord = Awaited<ReturnType<typeof loadRoles>>[number];

/** Every permission, with its group, in the order they were defined. */
export async function listPermissions(db: Executor) {
  return (await db.select().from(permissions).orderBy(permissions.id)).map((p) => ({
    id: p.id,
    name: p.name,
    group: p.groupName,
  }));
}

async function permissionIds(db: Executor, names: string[]) {
  if (!names.length) return [];
  return (await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, names))).map(
    (p) => p.id,
  );
}

/** The roles among these ids that exist, with their built-in keys. */
export async function rolesByIds(db: Executor, ids: number[]) {
  return ids.length ? db.select({ id: roles.id, key: roles.key }).from(roles).where(inArray(roles.id, ids)) : [];
}

/** Inserts a role; its id. */
export async function insertRole(db: Executor, name: string): Promise<number> {
  const [role] = await db.insert(roles).values({ name }).returning({ id: roles.id });
  return role.id;
}

export async function renameRole(db: Executor, id: number, name: string) {
  await db
    .update(roles)
    .set({ name, updatedAt: sql`now()` })
    .where(eq(roles.id, id));
}

/** Gives a role exactly these permissions (by name). */
export async function setRolePermissions(db: Executor, roleId: number, names: string[]) {
  await db.delete(rolePermissions).where(eq(rolePermissions.roleId, roleId));
  const ids = await permissionIds(db, names);
  if (ids.length) await db.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId, permissionId })));
}

export async function deleteRoleRow(db: Executor, id: number) {
  await db.delete(roles).where(eq(roles.id, id));
}

/** Gives a user exactly these roles (by id) and these direct permissions (by name). */
export async function setUserAccess(db: Executor, userId: number, roleIds: number[], names: string[]) {
  await db.delete(userRoles).where(eq(userRoles.userId, userId));
  if (roleIds.length) await db.insert(userRoles).values(roleIds.map((roleId) => ({ userId, roleId })));
  await db.delete(userPermissions).where(eq(userPermissions.userId, userId));
  const ids = await permissionIds(db, names);
  if (ids.length) await db.insert(userPermissions).values(ids.map((permissionId) => ({ userId, permissionId })));
}
