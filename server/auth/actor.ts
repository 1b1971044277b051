import { eq, inArray } from 'drizzle-orm';
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
  const roleIds = roleRows.map((r) => r.id);
  const fromRoles = roleIds.length
    ? await db.select({ name: permissions.name }).from(rolePermissions)
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(inArray(rolePermissions.roleId, roleIds))
    : [];
  const direct = await db.select({ name: permissions.name }).from(userPermissions)
    .innerJoin(permissions, eq(permissions.id, userPermissions.permissionId))
    .where(eq(userPermissions.userId, userId));
  return {
    roleIds,
    roles: roleRows.map((r) => r.name).sort(),
    direct: direct.map((p) => p.name).sort(),
    permissions: [...new Set([...fromRoles, ...direct].map((p) => p.name))].sort(),
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
