import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  childRefSchema,
  groupListSchema,
  groupOut,
  groupSchema,
  groupStatusSchema,
  statusMessageOut,
  toggleSchema,
} from '../../../domain/schemas/teaching';
import { groupsInScope } from '../../auth/scope';
import { actorOf } from '../../plugins/access';
import { groupsPage } from '../../repositories/groups';
import {
  childGroups,
  courseGroups,
  createGroup,
  deleteGroup,
  editGroup,
  presentGroupFor,
  setGroupStatus,
  showGroup,
  toggleGroupExams,
} from '../../services/groups';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams } from '../schemas';

const listOut = z.object({ groups: z.array(groupOut), count: z.number() });
const oneOut = z.object({ group: groupOut });

/** Groups (docs/api/teaching.md "Groups"): lists, create, edit, delete, show, exam toggle, hide/show. */
export const groupsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/groups/my_groups',
    {
      config: { access: 'groups.manage' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['groups'], body: groupListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const { rows, total } = await groupsPage(db, groupsInScope(actor), request.body);
      return { groups: await Promise.all(rows.map((r) => presentGroupFor(db, actor, r))), count: total };
    },
  );

  app.post(
    '/groups/add_group',
    {
      config: { access: 'groups.manage' },
      schema: { tags: ['groups'], body: groupSchema, response: { 201: oneOut, ...authErrors, 409: errorOut } },
    },
    async (request, reply) => {
      const group = await createGroup(db, actorOf(request), request.body);
      reply.code(201);
      return { group };
    },
  );

  app.put(
    '/groups/edit/:id',
    {
      config: { access: 'groups.manage' },
      schema: {
        tags: ['groups'],
        params: idParams,
        body: groupSchema,
        response: { 200: oneOut, ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      return { group: await editGroup(db, actorOf(request), request.params.id, request.body) };
    },
  );

  app.delete(
    '/groups/delete/:id',
    {
      config: { access: 'groups.manage' },
      schema: { tags: ['groups'], params: idParams, response: { 200: statusMessageOut, ...authErrors } },
    },
    async (request) => {
      return deleteGroup(db, actorOf(request), request.params.id);
    },
  );

  app.get(
    '/groups/show/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['groups'], params: idParams, response: { 200: oneOut, ...authErrors } },
    },
    async (request) => {
      return { group: await showGroup(db, actorOf(request), request.params.id) };
    },
  );

  app.get(
    '/groups/course_groups/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['groups'],
        params: idParams,
        response: { 200: z.object({ groups: z.array(groupOut) }), ...authErrors },
      },
    },
    async (request) => {
      return { groups: await courseGroups(db, actorOf(request), request.params.id) };
    },
  );

  app.post(
    '/groups/student_groups',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['groups'],
        body: childRefSchema,
        response: { 200: z.object({ groups: z.array(groupOut.extend({ member_status: z.number() })) }), ...authErrors },
      },
    },
    async (request) => {
      return { groups: await childGroups(db, actorOf(request), request.body.user_id) };
    },
  );

  app.post(
    '/groups/:id/toggle',
    {
      config: { access: 'groups.manage' },
      schema: {
        tags: ['groups'],
        params: idParams,
        body: toggleSchema,
        response: {
          200: z.object({ group_id: z.number(), group_disabled: z.boolean(), message: z.string(), key: z.string() }),
          ...authErrors,
        },
      },
    },
    async (request) => {
      return toggleGroupExams(db, actorOf(request), request.params.id, request.body.group_disabled);
    },
  );

  app.post(
    '/groups/status/:id',
    {
      config: { access: 'groups.manage' },
      schema: { tags: ['groups'], params: idParams, body: groupStatusSchema, response: { 200: oneOut, ...authErrors } },
    },
    async (request) => {
      return { group: await setGroupStatus(db, actorOf(request), request.params.id, request.body.status) };
    },
  );
};
