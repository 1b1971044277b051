import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { userListSchema, userOut } from '../../../domain/schemas/users';
import { id as idField } from '../../../domain/schemas/fields';
import { usersInScope } from '../../auth/scope';
import { actorOf } from '../../plugins/access';
import {
  findTeacherInScope,
  listUsers,
  presentedUserById,
  setUserActive,
  teachersApproved,
} from '../../repositories/users';
import { deletePendingTeacher, setTeacherApproval } from '../../services/users';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, idParams, messageOut } from '../schemas';

const listOut = z.object({ users: z.array(userOut), count: z.number() });

/** Teachers: lists, activation, approval of sign-ups, deletion of a pending sign-up. */
export const teachersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const list = {
    config: { access: 'teachers.manage' as const },
    preValidation: filterFromBodyOrQuery,
    schema: { tags: ['teachers'], body: userListSchema, response: { 200: listOut, ...authErrors } },
  };

  app.post('/teachers', list, async (request) =>
    listUsers(db, request.body, [usersInScope(actorOf(request)), teachersApproved(true)]),
  );
  app.post('/teachers/active', list, async (request) =>
    listUsers(db, { ...request.body, status: 0 }, [usersInScope(actorOf(request)), teachersApproved(true)]),
  );
  app.post('/auth/teachers', list, async (request) =>
    listUsers(db, request.body, [usersInScope(actorOf(request)), teachersApproved(false)]),
  );

  const teacherInScope = (request: Parameters<typeof actorOf>[0], id: number) =>
    findTeacherInScope(db, id, usersInScope(actorOf(request)));
  const one = (id: number) => presentedUserById(db, id);

  app.post(
    '/teachers/active/:id',
    {
      config: { access: 'teachers.manage' },
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
      config: { access: 'teachers.manage' },
      schema: {
        tags: ['teachers'],
        params: idParams.extend({ status: z.coerce.number().int().min(0).max(1) }),
        response: { 200: z.object({ user: userOut }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await teacherInScope(request, request.params.id);
      await setTeacherApproval(db, actor.id, before, request.params.status === 1);
      return { user: await one(before.id) };
    },
  );

  app.delete(
    '/users/delete/teacher',
    {
      config: { access: 'teachers.manage' },
      schema: { tags: ['teachers'], body: z.object({ id: idField() }), response: { 200: messageOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await teacherInScope(request, request.body.id);
      await deletePendingTeacher(db, { jobs: app.jobs }, actor.id, before);
      return { message: 'Deleted', key: 'app.notify.deleted' };
    },
  );
};
