import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { roleOut, roleSchema, userAccessOut, userRolesSchema } from '../../../domain/schemas/users';
import type { Actor } from '../../auth/actor';
import { mayDefineRoles, userIdsInScope, usersInScope } from '../../auth/scope';
import { forbidden, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { listPermissions, loadRoles } from '../../repositories/roles';
import { findUserInScope } from '../../repositories/users';
import { changeUserAccess, createRole, deleteRole, updateRole, userAccessOf } from '../../services/roles';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';

/** Roles with their permissions by group (docs/PRODUCT.md §6), and a user's roles and direct permissions. */
export const rolesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const roleById = async (actor: Actor, id: number) => {
    const [role] = await loadRoles(db, userIdsInScope(actor), [id]);
    if (!role) throw notFound();
    return role;
  };

  /** Roles are the platform's: only a platform admin defines them (a region's admin would change every region's users). */
  const platformActor = (request: Parameters<typeof actorOf>[0]) => {
    const actor = actorOf(request);
    if (!mayDefineRoles(actor)) throw forbidden();
    return actor;
  };

  app.get(
    '/permissions',
    {
      config: { access: 'roles.manage' },
      schema: {
        tags: ['roles'],
        response: {
          200: z.object({ permissions: z.array(z.object({ id: z.number(), name: z.string(), group: z.string() })) }),
          ...authErrors,
        },
      },
    },
    async () => ({ permissions: await listPermissions(db) }),
  );

  app.get(
    '/roles',
    {
      config: { access: 'roles.manage' },
      schema: {
        tags: ['roles'],
        response: { 200: z.object({ roles: z.array(roleOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const all = await loadRoles(db, userIdsInScope(actor));
      return { roles: all, count: all.length };
    },
  );

  app.get(
    '/roles/:id',
    {
      config: { access: 'roles.manage' },
      schema: { tags: ['roles'], params: idParams, response: { 200: z.object({ role: roleOut }), ...authErrors } },
    },
    async (request) => ({ role: await roleById(actorOf(request), request.params.id) }),
  );

  app.put(
    '/roles',
    {
      config: { access: 'roles.manage' },
      schema: {
        tags: ['roles'],
        body: roleSchema,
        response: { 201: z.object({ role: roleOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request, reply) => {
      const actor = platformActor(request);
      const id = await createRole(db, actor, request.body);
      reply.code(201);
      return { role: await roleById(actor, id) };
    },
  );

  app.put(
    '/roles/:id',
    {
      config: { access: 'roles.manage' },
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
      await updateRole(db, actor, before, request.body);
      return { role: await roleById(actor, before.id) };
    },
  );

  app.delete(
    '/roles/:id',
    {
      config: { access: 'roles.manage' },
      schema: { tags: ['roles'], params: idParams, response: { 200: messageOut, ...authErrors, 409: errorOut } },
    },
    async (request) => {
      const actor = platformActor(request);
      const before = await roleById(actor, request.params.id);
      await deleteRole(db, actor.id, before);
      return { message: 'Deleted', key: 'app.notify.deleted' };
    },
  );

  const userAccess = (userId: number) => userAccessOf(db, userId);

  app.get(
    '/user/roles/:id',
    {
      config: { access: 'roles.manage' },
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
      config: { access: 'roles.manage' },
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
      await changeUserAccess(db, actor, user.id, request.body);
      return userAccess(user.id);
    },
  );
};
