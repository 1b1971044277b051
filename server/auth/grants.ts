import { and, eq, inArray, ne, sql } from 'drizzle-orm';
import { ROLE, type RoleKey } from '../../domain/permissions';
import type { Executor } from '../db/client';
import { permissions, rolePermissions, roles, userRoles, users } from '../db/schema';
import { AppError, conflict } from '../errors';
import type { Actor } from './actor';
import { assertRolesWithinLevel } from './scope';

/**
 * The rules of giving access (issue 9), one place for every route that
 * changes roles or permissions:
 * - nobody gives or takes a permission they do not hold, nor a role unless
 *   they hold every permission of it (403 app.errors.grantNotHeld);
 * - nobody gives a built-in role of a level above their own (a school
 *   admin granted every permission still gives no region_admin or admin
 *   role: 403 app.errors.roleAboveLevel, docs/SCOPE.md "Giving access");
 * - nobody changes their own roles or permissions (403 app.errors.ownAccess);
 * - the last active admin keeps the admin role and stays active (409 app.errors.lastAdmin).
 * Which users an actor may change at all is their scope (usersInScope): 404 outside it.
 */
export async function assertGrantable(
  db: Executor,
  actor: Actor,
  changedRoleIds: number[],
  changedPermissions: string[],
  givenRoleIds: number[] = changedRoleIds,
) {
  const missing = changedPermissions.some((p) => !actor.permissions.has(p));
  if (missing) throw new AppError(403, 'app.errors.grantNotHeld');
  if (!changedRoleIds.length) return;
  const rows = await db
    .select({ name: permissions.name })
    .from(rolePermissions)
    .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
    .where(inArray(rolePermissions.roleId, changedRoleIds));
  if (rows.some((r) => !actor.permissions.has(r.name))) throw new AppError(403, 'app.errors.grantNotHeld');
  if (!givenRoleIds.length) return;
  const given = await db.select({ key: roles.key }).from(roles).where(inArray(roles.id, givenRoleIds));
  assertRolesWithinLevel(
    actor,
    given.flatMap((r) => (r.key ? [r.key as RoleKey] : [])),
  );
}

export function assertNotOwnAccess(actor: Actor, userId: number) {
  if (actor.id === userId) throw new AppError(403, 'app.errors.ownAccess');
}

const holdsAdminRole = (userId: SQL) =>
  sql`exists (select 1 from ${userRoles} join ${roles} on ${roles.id} = ${userRoles.roleId} where ${userRoles.userId} = ${userId} and ${roles.key} = ${ROLE.admin})`;
type SQL = ReturnType<typeof sql>;

/** Whether a user is an active holder of the admin role (found by its key). */
export async function isActiveAdmin(db: Executor, userId: number): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.removed, 0), holdsAdminRole(sql`${users.id}`)));
  return !!row;
}

/**
 * Refuses a change that would leave no active admin: call it, inside the
 * change's transaction, before the user loses the admin role, is
 * deactivated or deleted.
 */
export async function assertNotLastAdmin(db: Executor, userId: number) {
  if (!(await isActiveAdmin(db, userId))) return;
  const [others] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(users)
    .where(and(ne(users.id, userId), eq(users.removed, 0), holdsAdminRole(sql`${users.id}`)));
  if (others.n === 0) throw conflict('app.errors.lastAdmin');
}
