import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_TYPE } from '../../../domain/codes';
import { ROLE } from '../../../domain/permissions';
import { userListSchema } from '../../../domain/schemas/users';
import { id as idField } from '../../../domain/schemas/fields';
import { usersInScope } from '../../auth/scope';
import { users } from '../../db/schema';
import { AppError } from '../../errors';
import { actorOf } from '../../plugins/access';
import {
  assignBuiltInRole,
  findUserInScope,
  presentUser,
  removeBuiltInRole,
  roleNamesByUser,
  setUserActive,
} from '../../repositories/users';
import { revokeAllTokens } from '../../auth/tokens';
import { writeLog } from '../../services/audit';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, idParams, messageOut, userOut } from '../schemas';
import { listUsers } from './index';

const listOut = z.object({ users: z.array(userOut), count: z.number() });
const isTeacher = eq(users.type, USER_TYPE.teacher);

/** Teachers: lists, activation, approval of sign-ups, deletion of a pending sign-up. */
export const teachersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const list = {
    config: { access: 'access_teacher' as const },
    preValidation: filterFromBodyOrQuery,
    schema: { tags: ['teachers'], body: userListSchema, response: { 200: listOut, ...authErrors } },
  };

  app.post('/teachers', list, async (request) =>
    listUsers(db, request.body, [usersInScope(actorOf(request)), isTeacher, eq(users.approved, true)]),
  );
  app.post('/teachers/active', list, async (request) =>
    listUsers(db, { ...request.body, status: 0 }, [
      usersInScope(actorOf(request)),
      isTeacher,
      eq(users.approved, true),
    ]),
  );
  app.post('/auth/teachers', list, async (request) =>
    listUsers(db, request.body, [usersInScope(actorOf(request)), isTeacher, eq(users.approved, false)]),
  );

  const teacherInScope = async (request: Parameters<typeof actorOf>[0], id: number) => {
    const row = await findUserInScope(db, id, and(usersInScope(actorOf(request)), isTeacher));
    return row;
  };
  const one = async (id: number) => {
    const [row] = await db.select().from(users).where(eq(users.id, id));
    return presentUser(row, (await roleNamesByUser(db, [id])).get(id));
  };

  app.post(
    '/teachers/active/:id',
    {
      config: { access: 'access_teacher' },
      schema: {
        tags: ['teachers'],
        params: idParams,
        body: z.object({ active: z.boolean({ error: 'app.validation.required' }) }),
        response: { 200: z.object({ user: userOut }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await teacherInScope(request, request.params.id);
      await setUserActive(db, actor.id, before, request.body.active);
      return { user: await one(before.id) };
    },
  );

  app.post(
    '/users/add/:id/:status',
    {
      config: { access: 'access_teacher' },
      schema: {
        tags: ['teachers'],
        params: idParams.extend({ status: z.coerce.number().int().min(0).max(1) }),
        response: { 200: z.object({ user: userOut }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await teacherInScope(request, request.params.id);
      const approved = request.params.status === 1;
      await db.transaction(async (tx) => {
        await tx
          .update(users)
          .set({ approved, updatedAt: sql`now()` })
          .where(eq(users.id, before.id));
        if (approved) await assignBuiltInRole(tx, before.id, ROLE.teacher);
        else {
          // refused: no teacher role, and any session they hold ends now
          await removeBuiltInRole(tx, before.id, ROLE.teacher);
          await revokeAllTokens(tx, before.id);
        }
        await writeLog(tx, {
          actorId: actor.id,
          action: approved ? 'approve' : 'unapprove',
          entity: 'user',
          entityId: before.id,
          oldValue: { approved: before.approved },
          newValue: { approved },
        });
      });
      return { user: await one(before.id) };
    },
  );

  app.delete(
    '/users/delete/teacher',
    {
      config: { access: 'access_teacher' },
      schema: { tags: ['teachers'], body: z.object({ id: idField() }), response: { 200: messageOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await teacherInScope(request, request.body.id);
      if (before.approved) throw new AppError(400, 'app.errors.notPendingTeacher');
      await db.transaction(async (tx) => {
        await tx.delete(users).where(eq(users.id, before.id));
        await writeLog(tx, {
          actorId: actor.id,
          action: 'delete',
          entity: 'user',
          entityId: before.id,
          oldValue: { id: before.id, type: before.type },
        });
      });
      return { message: 'Deleted', key: 'app.notify.deleted' };
    },
  );
};
