import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerSchema,
  childRefSchema,
  filteredStudentsSchema,
  groupStudentsSchema,
  joinGroupSchema,
  joinStatusParams,
  moveStudentSchema,
  orderSchema,
  requestListSchema,
  requestsOut,
  statusMessageOut,
  studentListSchema,
  studentsOut,
  studentStatusSchema,
} from '../../../domain/schemas/teaching';
import type { Actor } from '../../auth/actor';
import { actorOf } from '../../plugins/access';
import {
  groupRequestsPage,
  studentMembershipsPage,
  studentsPage,
  type StudentFilter,
} from '../../repositories/members';
import { checkManagedGroup } from '../../repositories/teaching';
import {
  answerGroupRequest,
  joinGroup,
  moveStudent,
  orderStudents,
  removeStudent,
  setStudentStatus,
} from '../../services/members';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams } from '../schemas';

/**
 * Group membership: joining by promo code, a group's students (paged,
 * filtered, in the teacher's order), removing and moving students, the
 * requests to join and the members' statuses.
 */
export const membersRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/groups/add/:id/:status',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['groups'],
        params: joinStatusParams,
        body: joinGroupSchema,
        response: {
          200: statusMessageOut.extend({ member_status: z.number().nullable() }),
          ...authErrors,
          409: errorOut,
        },
      },
    },
    async (request) => {
      return joinGroup(db, actorOf(request), request.params.id, request.params.status, request.body);
    },
  );

  const pageRoute = (schema: typeof groupStudentsSchema | typeof filteredStudentsSchema) => ({
    config: { access: 'groups.manage' as const },
    preValidation: filterFromBodyOrQuery,
    schema: { tags: ['groups'], params: idParams, body: schema, response: { 200: studentsOut, ...authErrors } },
  });

  /** The page is read beside the scope check (one round trip less); a group not managed still answers 404 and nothing else. */
  const checkedStudentsPage = async (actor: Actor, groupId: number, f: StudentFilter) =>
    (await Promise.all([checkManagedGroup(db, actor, groupId), studentsPage(db, groupId, f)]))[1];

  app.post('/groups/group/students/:id', pageRoute(groupStudentsSchema), async (request) => {
    const { status: _status, ...f } = request.body;
    return checkedStudentsPage(actorOf(request), request.params.id, f);
  });

  app.post('/groups/group/students/filtered/:id', pageRoute(filteredStudentsSchema), async (request) =>
    checkedStudentsPage(actorOf(request), request.params.id, request.body as StudentFilter),
  );

  app.post(
    '/groups/group/sorted/students/:id',
    {
      config: { access: 'groups.manage' },
      schema: {
        tags: ['groups'],
        params: idParams,
        body: z.preprocess((v) => v ?? {}, orderSchema.partial()),
        response: { 200: studentsOut, ...authErrors },
      },
    },
    async (request) => {
      return orderStudents(db, actorOf(request), request.params.id, request.body.ids);
    },
  );

  app.post(
    '/groups/remove/user/:id',
    {
      config: { access: 'groups.manage' },
      schema: {
        tags: ['groups'],
        params: idParams,
        body: childRefSchema,
        response: { 200: statusMessageOut, ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      return removeStudent(db, actorOf(request), request.params.id, request.body.user_id);
    },
  );

  app.post(
    '/users/change/student_group',
    {
      config: { access: 'groups.manage' },
      schema: {
        tags: ['groups'],
        body: moveStudentSchema,
        response: { 200: statusMessageOut, ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const { user_id: childId, from_group_id: fromId, to_group_id: toId } = request.body;
      return moveStudent(db, actorOf(request), childId, fromId, toId);
    },
  );

  // ------------------------------------------------------------ requests and statuses

  app.post(
    '/users/groups/requests',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['requests'], body: requestListSchema, response: { 200: requestsOut, ...authErrors } },
    },
    async (request) => groupRequestsPage(db, actorOf(request), request.body),
  );

  app.post(
    '/users/change/group/status/:id',
    {
      config: { access: 'groups.manage' },
      schema: {
        tags: ['requests'],
        params: idParams,
        body: answerSchema,
        response: { 200: statusMessageOut, ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      return answerGroupRequest(db, actorOf(request), request.params.id, request.body.user_id, request.body.status);
    },
  );

  app.post(
    '/users/student/requests',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['requests'], body: studentListSchema, response: { 200: requestsOut, ...authErrors } },
    },
    async (request) => studentMembershipsPage(db, actorOf(request), request.body),
  );

  app.post(
    '/users/change/student/status',
    {
      config: { access: 'groups.manage' },
      schema: {
        tags: ['requests'],
        body: studentStatusSchema,
        response: { 200: statusMessageOut, ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const { group_id: groupId, user_id: childId, status } = request.body;
      return setStudentStatus(db, actorOf(request), groupId, childId, status);
    },
  );
};
