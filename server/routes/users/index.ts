import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import { USER_STATUS } from '../../../domain/codes';
import { familyActivityOut } from '../../../domain/schemas/activities';
import {
  childOut,
  userCardOut,
  userEditSchema,
  userListSchema,
  userOut,
  userSearchSchema,
} from '../../../domain/schemas/users';
import { childrenInScope, userCardsInScope, usersInScope } from '../../auth/scope';
import { AppError, parseInput } from '../../errors';
import { actorOf, requirePermissionForRecord } from '../../plugins/access';
import {
  childrenAndActivitiesOf,
  findUserInScope,
  listUsers,
  presentUserWithRoles,
  searchUsers,
  setUserActive,
  userColumnsFromInput,
  type UserRow,
} from '../../repositories/users';
import { requestLocale } from '../../services/mailText';
import { confirmEmailChange, deleteUser, saveUser, tellOldAddress } from '../../services/users';
import { filterFromBodyOrQuery } from '../listing';
import { readForm } from '../multipart';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';

const listOut = z.object({ users: z.array(userOut), count: z.number() });

type Changes = ReturnType<typeof userColumnsFromInput>;

export const usersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const one = (row: UserRow) => presentUserWithRoles(db, row);

  /** The user for a change: self, or someone in scope for a holder of access_users. */
  async function editableUser(actorReq: Parameters<typeof actorOf>[0], id: number) {
    const actor = actorOf(actorReq);
    if (id !== actor.id) requirePermissionForRecord(actor, 'access_users');
    return findUserInScope(db, id, usersInScope(actor));
  }

  app.post(
    '/users',
    {
      config: { access: 'users.manage' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['users'], body: userListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => listUsers(db, request.body, [usersInScope(actorOf(request))]),
  );

  app.get(
    '/users/show/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        params: idParams,
        response: {
          200: z.object({ user: userOut, tasks: z.array(familyActivityOut), childern: z.array(childOut) }),
          ...authErrors,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const row = await findUserInScope(db, request.params.id, usersInScope(actor));
      const { children, tasks } = await childrenAndActivitiesOf(db, row.id, childrenInScope(actor));
      return { user: await one(row), childern: children, tasks };
    },
  );

  app.get(
    '/users/show/profile/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['users'], params: idParams, response: { 200: z.object({ user: userCardOut }), ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      // teachers' cards are shown to every signed-in user; anyone else's only within scope
      const row = await findUserInScope(db, request.params.id, userCardsInScope(actor));
      return { user: userCardOut.parse(await one(row)) };
    },
  );

  /** Before an email change, the owner's current password (rate-limited like logins). */
  const confirmEmail = (request: FastifyRequest, before: UserRow, changes: Changes, currentPassword?: string) =>
    confirmEmailChange(
      db,
      { ip: request.ip, policy: app.config.login, log: request.log },
      actorOf(request).id,
      before,
      changes,
      currentPassword,
    );
  /** After it, the old address is told. */
  const afterSave = (request: FastifyRequest, before: UserRow, after: UserRow) =>
    tellOldAddress(
      { mailer: app.mailer, publicUrl: app.config.publicUrl },
      requestLocale(request),
      actorOf(request).id,
      before,
      after,
    );

  app.put(
    '/users/save:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        params: idParams,
        body: userEditSchema,
        response: { 200: z.object({ user: userOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const before = await editableUser(request, request.params.id);
      const changes = userColumnsFromInput(request.body);
      await confirmEmail(request, before, changes, request.body.current_password);
      return {
        user: await one(await afterSave(request, before, await saveUser(db, actorOf(request), before, changes))),
      };
    },
  );

  app.post(
    '/users/save/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ user: userOut }), ...authErrors, 409: errorOut, 413: errorOut },
      },
    },
    async (request) => {
      const before = await editableUser(request, request.params.id);
      const form = await readForm(request);
      const input = parseInput(userEditSchema, form.fields);
      const changes = userColumnsFromInput(input);
      await confirmEmail(request, before, changes, input.current_password);
      if (form.file) changes.photo = await app.storage.saveImage('photos', form.file.data);
      return {
        user: await one(await afterSave(request, before, await saveUser(db, actorOf(request), before, changes))),
      };
    },
  );

  app.post(
    '/users/update_photo/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['users'],
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ user: userOut }), ...authErrors, 413: errorOut },
      },
    },
    async (request) => {
      const before = await editableUser(request, request.params.id);
      const form = await readForm(request);
      if (!form.file)
        throw new AppError(400, 'app.validation.imageRequired', { image: 'app.validation.imageRequired' });
      const photo = await app.storage.saveImage('photos', form.file.data);
      const after = await saveUser(db, actorOf(request), before, { photo });
      if (before.photo) await app.storage.remove('photos', before.photo);
      return { user: await one(after) };
    },
  );

  const setRemoved =
    (removed: number) => async (request: { params: { id: number } } & Parameters<typeof actorOf>[0]) => {
      const actor = actorOf(request);
      const before = await findUserInScope(db, request.params.id, usersInScope(actor));
      if (before.id === actor.id) throw new AppError(400, 'app.errors.cannotDeleteSelf');
      const after = await setUserActive(db, actor.id, before, removed === USER_STATUS.active);
      request.log.info(
        { event: removed ? 'user.deactivated' : 'user.activated', userId: before.id, by: actor.id },
        'account status changed',
      );
      return { user: await one(after) };
    };
  const statusRoute = {
    config: { access: 'users.manage' as const },
    schema: {
      tags: ['users'],
      params: idParams,
      response: { 200: z.object({ user: userOut }), ...authErrors, 409: errorOut },
    },
  };
  app.post('/users/activate/:id', statusRoute, setRemoved(USER_STATUS.active));
  app.post('/users/deactivate/:id', statusRoute, setRemoved(USER_STATUS.inactive));

  app.delete(
    '/users/delete/:id',
    {
      config: { access: 'users.manage' },
      schema: { tags: ['users'], params: idParams, response: { 200: messageOut, ...authErrors, 409: errorOut } },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await findUserInScope(db, request.params.id, usersInScope(actor));
      if (before.id === actor.id) throw new AppError(400, 'app.errors.cannotDeleteSelf');
      await deleteUser(db, { jobs: app.jobs }, actor.id, before);
      return { message: 'Deleted', key: 'app.notify.deleted' };
    },
  );

  app.post(
    '/user/search',
    {
      config: { access: 'users.search' },
      schema: {
        tags: ['users'],
        body: userSearchSchema,
        response: {
          200: z.array(z.object({ id: z.number(), name: z.string(), email: z.string(), type: z.number() })),
          ...authErrors,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      return searchUsers(db, usersInScope(actor), request.body.search);
    },
  );
};
