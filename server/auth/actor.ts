import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { permissions, rolePermissions, roles, userPermissions, userRoles, users } from '../db/schema';

/** The signed-in user as every route sees it. */
export interface Actor {
  id: number;
  name: string;
  type: number;
  regionId: number | null;
  schoolId: number | null;
  roles: string[];
  /** effective permission names: from roles and direct */
  permissions: Set<string>;
  tokenId: number;
}

export async function rolesAndPermissionsOf(db: Executor, userId: number) {
  const roleRows = await db
    .select({ id: roles.id, name: roles.name })
    .from(userRoles).innerJoin(roles, eq(roles.id, userRoles.roleId))
    .where(eq(userRoles.userId, userId));
  // permissions from the user's roles and direct ones, in one query, marked by origin
  const rows = await db.select({ name: permissions.name, direct: sql<boolean>`false` }).from(rolePermissions)
    .innerJoin(userRoles, eq(userRoles.roleId, rolePermissions.roleId))
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(eq(userRoles.userId, userId))
    .unionAll(db.select({ name: permissions.name, direct: sql<boolean>`true` }).from(userPermissions)
      .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
      .where(eq(userPermissions.userId, userId)));
  return {
    roleIds: roleRows.map((r) => r.id),
    roles: roleRows.map((r) => r.name).sort(),
    direct: rows.filter((p) => p.direct).map((p) => p.name).sort(),
    permissions: [...new Set(rows.map((p) => p.name))].sort(),
  };
}

/** Loads an active user as an actor; null when the user is gone or deactivated. */
export async function loadActor(db: Executor, userId: number, tokenId: number): Promise<Actor | null> {
  const [user] = await db.select({
    id: users.id, name: users.name, type: users.type, removed: users.removed, regionId: users.regionId, schoolId: users.schoolId,
  }).from(users).where(eq(users.id, userId));
  if (!user || user.removed !== 0) return null;
  const access = await rolesAndPermissionsOf(db, userId);
  return {
    id: user.id, name: user.name, type: user.type, regionId: user.regionId, schoolId: user.schoolId,
    roles: access.roles, permissions: new Set(access.permissions), tokenId,
  };
}
