import { ROLE } from '../../domain/permissions';
import type { Actor } from '../auth/actor';
import { rolesAndPermissionsOf } from '../auth/actor';
import { assertGrantable, assertNotLastAdmin, assertNotOwnAccess } from '../auth/grants';
import type { Database, Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { AppError, conflict } from '../errors';
import {
  deleteRoleRow,
  insertRole,
  renameRole,
  rolesByIds,
  setRolePermissions,
  setUserAccess,
  type RoleRecord,
} from '../repositories/roles';
import { writeLog } from './audit';

const symmetricDifference = (a: readonly string[], b: readonly string[]) => [
  ...a.filter((x) => !b.includes(x)),
  ...b.filter((x) => !a.includes(x)),
];

const nameTaken = (e: unknown) =>
  isUniqueViolation(e) ? conflict('app.errors.roleNameTaken', { name: 'app.errors.roleNameTaken' }) : e;

/** Creates a role with permissions the actor holds (403 otherwise), with its log row; 409 on a name taken. Its id. */
export async function createRole(db: Database, actor: Actor, input: { name: string; permissions: string[] }) {
  await assertGrantable(db, actor, [], input.permissions);
  return db
    .transaction(async (tx) => {
      const id = await insertRole(tx, input.name);
      await setRolePermissions(tx, id, input.permissions);
      await writeLog(tx, {
        actorId: actor.id,
        action: 'create',
        entity: 'role',
        entityId: id,
        newValue: { name: input.name, permissions: input.permissions },
      });
      return id;
    })
    .catch((e: unknown) => {
      throw nameTaken(e);
    });
}

/**
 * Renames a role and sets its permissions: a built-in role keeps its name, the admin role keeps every
 * permission (409), and only permissions the actor holds change (403).
 */
export async function updateRole(
  db: Database,
  actor: Actor,
  before: RoleRecord,
  input: { name: string; permissions: string[] },
) {
  if (before.key && input.name !== before.name)
    throw conflict('app.errors.builtInRole', { name: 'app.errors.builtInRole' });
  const changed = symmetricDifference(before.permissions, [...new Set(input.permissions)]);
  if (before.key === ROLE.admin && changed.length)
    throw conflict('app.errors.adminRoleFixed', { permissions: 'app.errors.adminRoleFixed' });
  await assertGrantable(db, actor, [], changed);
  await db
    .transaction(async (tx) => {
      await renameRole(tx, before.id, input.name);
      await setRolePermissions(tx, before.id, input.permissions);
      await writeLog(tx, {
        actorId: actor.id,
        action: 'update',
        entity: 'role',
        entityId: before.id,
        oldValue: { name: before.name, permissions: before.permissions },
        newValue: { name: input.name, permissions: [...input.permissions].sort() },
      });
    })
    .catch((e: unknown) => {
      throw nameTaken(e);
    });
}

/** Deletes a role nobody holds that is not built in (409 otherwise), with its log row. */
export async function deleteRole(db: Database, actorId: number, before: RoleRecord) {
  if (before.key) throw conflict('app.errors.builtInRole');
  if (before.users_count > 0) throw conflict('app.errors.roleInUse');
  await db.transaction(async (tx) => {
    await deleteRoleRow(tx, before.id);
    await writeLog(tx, {
      actorId,
      action: 'delete',
      entity: 'role',
      entityId: before.id,
      oldValue: { name: before.name, permissions: before.permissions },
    });
  });
}

/** A user's roles (ids, in order), direct permissions, and effective permissions. */
export async function userAccessOf(db: Executor, userId: number) {
  const access = await rolesAndPermissionsOf(db, userId);
  return { roles: access.roleIds.sort((a, b) => a - b), permissions: access.direct, effective: access.permissions };
}

/**
 * Gives a user (not the actor) exactly these roles and direct permissions: 400 on an unknown role, 403
 * for what the actor may not grant (auth/grants.ts), 409 when the last admin would lose the admin role.
 * Logged with before and after.
 */
export async function changeUserAccess(
  db: Database,
  actor: Actor,
  userId: number,
  input: { roles: number[]; permissions: string[] },
) {
  assertNotOwnAccess(actor, userId);
  const before = await userAccessOf(db, userId);
  const roleIds = [...new Set(input.roles)];
  const known = await rolesByIds(db, roleIds);
  if (known.length !== roleIds.length)
    throw new AppError(400, 'app.errors.badRequest', { roles: 'app.validation.invalidChoice' });
  const changedRoles = [
    ...roleIds.filter((r) => !before.roles.includes(r)),
    ...before.roles.filter((r) => !roleIds.includes(r)),
  ];
  const names = [...new Set(input.permissions)];
  await assertGrantable(
    db,
    actor,
    changedRoles,
    symmetricDifference(before.permissions, names),
    roleIds.filter((r) => !before.roles.includes(r)),
  );
  const keepsAdmin = known.some((r) => r.key === ROLE.admin);
  await db.transaction(async (tx) => {
    if (!keepsAdmin) await assertNotLastAdmin(tx, userId);
    await setUserAccess(tx, userId, roleIds, names);
    await writeLog(tx, {
      actorId: actor.id,
      action: 'update_access',
      entity: 'permission',
      entityId: userId,
      oldValue: { roles: before.roles, permissions: before.permissions },
      newValue: { roles: roleIds.sort((a, b) => a - b), permissions: [...names].sort() },
    });
  });
}
