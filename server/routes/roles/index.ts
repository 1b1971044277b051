import { asc, count, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleSchema, userRolesSchema } from '../../../domain/schemas/users';
import { rolesAndPermissionsOf } from '../../auth/actor';
import type { Actor } from '../../auth/actor';
import { scopeOf, userIdsInScope, usersInScope } from '../../auth/scope';
import { assertGrantable, assertNotLastAdmin, assertNotOwnAccess } from '../../auth/grants';
import { ROLE } from '../../../domain/permissions';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { permissions, rolePermissions, roles, userPermissions, userRoles } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { findUserInScope } from '../../repositories/users';
import { writeLog } from '../../services/audit';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';

const roleOut = z.object({
  id: z.number(),
  name: z.string(),
  key: z.string().nullable(),
  permissions: z.array(z.string()),
  users_count: z.number(),
});
const userAccessOut = z.object({
  roles: z.array(z.number()),
  permissions: z.array(z.string()),
  effective: z.array(z.string()),
});

/** Roles with their permissions and how many holders each has among the users in the actor's scope (docs/SCOPE.md). */
async function loadRoles(db: Executor, actor: Actor, ids?: number[]) {
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
  const inScope = userIdsInScope(actor);
  const holders = await db
    .select({ roleId: userRoles.roleId, n: count() })
    .from(userRoles)
    .where(inScope ? inArray(userRoles.userId, inScope) : undefined)
    .groupBy(userRoles.roleId);
  return rows.map((r) => ({
    ...r,
    permissions: perms.filter((p) => p.roleId === r.id).map((p) => p.name),
    users_count: holders.find((h) => h.roleId === r.id)?.n ?? 0,
  }));
}

async function permissionIds(db: Executor, names: string[]) {
  if (!names.length) return [];
  return (await db.select({ id: permissions.id }).from(permissions).where(inArray(permissions.name, names))).map(
    (p) => p.id,
  );
}

/** Roles with their permissions by group (docs/PRODUCT.md §6), and a user's roles and direct permissions. */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const roleById = async (actor: Actor, id: number) => {
    const [role] = await loadRoles(db, actor, [id]);
    if (!role) throw notFound();
    return role;
  };

  /** Roles are the platform's: only a platform admin defines them (a region's admin would change every region's users). */
  const platformActor = (request: Parameters<typeof actorOf>[0]) => {
    const actor = actorOf(request);
    if (scopeOf(actor).level !== 'platform') throw forbidden();
    return actor;
  };
  const symmetricDifference = (a: readonly string[], b: readonly string[]) => [
    ...a.filter((x) => !b.includes(x)),
    ...b.filter((x) => !a.includes(x)),
  ];

  app.get(
    '/permissions',
    {
      config: { access: 'access_roles' },
      schema: {
        tags: ['roles'],
        response: {
          200: z.object({ permissions: z.array(z.object({ id: z.number(), name: z.string(), group: z.string() })) }),
          ...authErrors,
        },
      },
    },
    async () => ({
      permissions: (await db.select().from(permissions).orderBy(permissions.id)).map((p) => ({
        id: p.id,
        name: p.name,
        group: p.groupName,
      })),
    }),
  );

  app.get(
    '/roles',
    {
      config: { access: 'access_roles' },
      schema: {
        tags: ['roles'],
        response: { 200: z.object({ roles: z.array(roleOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const all = await loadRoles(db, actorOf(request));
      return { roles: all, count: all.length };
    },
  );

  app.get(
    '/roles/:id',
    {
      config: { access: 'access_roles' },
      schema: { tags: ['roles'], params: idParams, response: { 200: z.object({ role: roleOut }), ...authErrors } },
    },
    async (request) => ({ role: await roleById(actorOf(request), request.params.id) }),
  );

  app.put(
    '/roles',
    {
      config: { access: 'access_roles' },
      schema: {
        tags: ['roles'],
        body: roleSchema,
        response: { 201: z.object({ role: roleOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request, reply) => {
      const actor = platformActor(request);
      await assertGrantable(db, actor, [], request.body.permissions);
      const id = await db
        .transaction(async (tx) => {
          const [role] = await tx.insert(roles).values({ name: request.body.name }).returning();
          const ids = await permissionIds(tx, request.body.permissions);
          if (ids.length)
            await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId: role.id, permissionId })));
          await writeLog(tx, {
            actorId: actor.id,
            action: 'create',
            entity: 'role',
            entityId: role.id,
            newValue: { name: role.name, permissions: request.body.permissions },
          });
          return role.id;
        })
        .catch((e) => {
          throw isUniqueViolation(e) ? conflict('app.errors.roleNameTaken', { name: 'app.errors.roleNameTaken' }) : e;
        });
      reply.code(201);
      return { role: await roleById(actor, id) };
    },
  );

  app.put(
    '/roles/:id',
    {
      config: { access: 'access_roles' },
      schema: {
        tags: ['roles'],
        params: idParams,
        body: roleSchema,
        response: { 200: z.object({ role: roleOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const actor = platformActor(request);
      const before = await roleById(actor, request.params.id);
      // a built-in role keeps its name; the admin role keeps every permission
      if (before.key && request.body.name !== before.name)
        throw conflict('app.errors.builtInRole', { name: 'app.errors.builtInRole' });
      const changed = symmetricDifference(before.permissions, [...new Set(request.body.permissions)]);
      if (before.key === ROLE.admin && changed.length)
        throw conflict('app.errors.adminRoleFixed', { permissions: 'app.errors.adminRoleFixed' });
      await assertGrantable(db, actor, [], changed);
      await db
        .transaction(async (tx) => {
          await tx
            .update(roles)
            .set({ name: request.body.name, updatedAt: sql`now()` })
            .where(eq(roles.id, before.id));
          await tx.delete(rolePermissions).where(eq(rolePermissions.roleId, before.id));
          const ids = await permissionIds(tx, request.body.permissions);
          if (ids.length)
            await tx.insert(rolePermissions).values(ids.map((permissionId) => ({ roleId: before.id, permissionId })));
          await writeLog(tx, {
            actorId: actor.id,
            action: 'update',
            entity: 'role',
            entityId: before.id,
            oldValue: { name: before.name, permissions: before.permissions },
            newValue: { name: request.body.name, permissions: [...request.body.permissions].sort() },
          });
        })
        .catch((e) => {
          throw isUniqueViolation(e) ? conflict('app.errors.roleNameTaken', { name: 'app.errors.roleNameTaken' }) : e;
        });
      return { role: await roleById(actor, before.id) };
    },
  );

  app.delete(
    '/roles/:id',
    {
      config: { access: 'access_roles' },
      schema: { tags: ['roles'], params: idParams, response: { 200: messageOut, ...authErrors, 409: errorOut } },
    },
    async (request) => {
      const actor = platformActor(request);
      const before = await roleById(actor, request.params.id);
      if (before.key) throw conflict('app.errors.builtInRole');
      if (before.users_count > 0) throw conflict('app.errors.roleInUse');
      await db.transaction(async (tx) => {
        await tx.delete(roles).where(eq(roles.id, before.id));
        await writeLog(tx, {
          actorId: actor.id,
          action: 'delete',
          entity: 'role',
          entityId: before.id,
          oldValue: { name: before.name, permissions: before.permissions },
        });
      });
      return { message: 'Deleted', key: 'app.notify.deleted' };
    },
  );

  const userAccess = async (userId: number) => {
    const access = await rolesAndPermissionsOf(db, userId);
    return { roles: access.roleIds.sort((a, b) => a - b), permissions: access.direct, effective: access.permissions };
  };

  app.get(
    '/user/roles/:id',
    {
      config: { access: 'access_roles' },
      schema: { tags: ['roles'], params: idParams, response: { 200: userAccessOut, ...authErrors } },
    },
    async (request) => {
      const user = await findUserInScope(db, request.params.id, usersInScope(actorOf(request)));
      return userAccess(user.id);
    },
  );

  app.put(
    '/user/roles/:id',
    {
      config: { access: 'access_roles' },
      schema: {
        tags: ['roles'],
        params: idParams,
        body: userRolesSchema,
        response: { 200: userAccessOut, ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const user = await findUserInScope(db, request.params.id, usersInScope(actor));
      assertNotOwnAccess(actor, user.id);
      const before = await userAccess(user.id);
      const roleIds = [...new Set(request.body.roles)];
      const known = roleIds.length
        ? await db.select({ id: roles.id, key: roles.key }).from(roles).where(inArray(roles.id, roleIds))
        : [];
      if (known.length !== roleIds.length)
        throw new AppError(400, 'app.errors.badRequest', { roles: 'app.validation.invalidChoice' });
      const changedRoles = [
        ...roleIds.filter((r) => !before.roles.includes(r)),
        ...before.roles.filter((r) => !roleIds.includes(r)),
      ];
      await assertGrantable(
        db,
        actor,
        changedRoles,
        symmetricDifference(before.permissions, [...new Set(request.body.permissions)]),
        roleIds.filter((r) => !before.roles.includes(r)),
      );
      const keepsAdmin = known.some((r) => r.key === ROLE.admin);
      await db.transaction(async (tx) => {
        if (!keepsAdmin) await assertNotLastAdmin(tx, user.id);
        await tx.delete(userRoles).where(eq(userRoles.userId, user.id));
        if (roleIds.length) await tx.insert(userRoles).values(roleIds.map((roleId) => ({ userId: user.id, roleId })));
        await tx.delete(userPermissions).where(eq(userPermissions.userId, user.id));
        const ids = await permissionIds(tx, [...new Set(request.body.permissions)]);
        if (ids.length)
          await tx.insert(userPermissions).values(ids.map((permissionId) => ({ userId: user.id, permissionId })));
        await writeLog(tx, {
          actorId: actor.id,
          action: 'update_access',
          entity: 'permission',
          entityId: user.id,
          oldValue: { roles: before.roles, permissions: before.permissions },
          newValue: {
            roles: roleIds.sort((a, b) => a - b),
            permissions: [...new Set(request.body.permissions)].sort(),
          },
        });
      });
      return userAccess(user.id);
    },
  );
};
