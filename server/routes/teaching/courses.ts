import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { COURSE_APPROVAL } from '../../../domain/codes';
import { listQuerySchema } from '../../../domain/schemas/lists';
import {
  childRefSchema,
  COURSE_ORDERABLE,
  courseAnswerSchema,
  courseApprovalSchema,
  courseListSchema,
  courseOut,
  coursePageOut,
  courseSchema,
  joinStatusParams,
  requestListSchema,
  requestsOut,
  statusMessageOut,
} from '../../../domain/schemas/teaching';
import { coursesInScope } from '../../auth/scope';
import { parseInput } from '../../errors';
import { actorOf } from '../../plugins/access';
import {
  catalogue,
  courseRequestsPage,
  coursesByApproval,
  lessonsOf,
  mayEditCourse,
  waitingRequests,
} from '../../repositories/courses';
import { findCourse, presentCourse } from '../../repositories/teaching';
import {
  answerCourseRequest,
  checkMayAuthorCourses,
  createCourse,
  managedCourse,
  requestCourse,
  setCourseApproval,
  updateCourse,
} from '../../services/courses';
import { filterFromBodyOrQuery } from '../listing';
import { readForm } from '../multipart';
import { authErrors, errorOut, idParams } from '../schemas';

const listOut = z.object({ courses: z.array(courseOut), count: z.number() });
const authListSchema = listQuerySchema(COURSE_ORDERABLE).extend({
  approval: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(0).max(2).default(COURSE_APPROVAL.waiting),
  ),
});

/** Courses (docs/api/teaching.md "Courses"): catalogue, create and edit, approval, requests to join. */
export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/courses',
    {
      config: { access: 'courses.browse' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['courses'], body: courseListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => catalogue(db, coursesInScope(actorOf(request)), request.body),
  );

  const saveRoute = {
    config: { access: 'courses.write' as const },
    schema: {
      tags: ['courses'],
      consumes: ['multipart/form-data', 'application/json'],
      response: {
        200: z.object({ course: courseOut }),
        201: z.object({ course: courseOut }),
        ...authErrors,
        413: errorOut,
        415: errorOut,
      },
    },
  };

  app.post('/courses/save', saveRoute, async (request, reply) => {
    const actor = actorOf(request);
    checkMayAuthorCourses(actor);
    const form = await readForm(request);
    const course = await createCourse(db, app.storage, actor, parseInput(courseSchema, form.fields), form.file);
    reply.code(201);
    return { course };
  });

  app.post(
    '/courses/save/:id',
    { ...saveRoute, schema: { ...saveRoute.schema, params: idParams } },
    async (request) => {
      const actor = actorOf(request);
      const before = await managedCourse(db, actor, request.params.id);
      const form = await readForm(request);
      const input = parseInput(courseSchema, form.fields);
      return { course: await updateCourse(db, app.storage, actor, before, input, form.file) };
    },
  );

  app.get(
    '/courses/show/:id',
    {
      config: { access: 'courses.browse' },
      schema: {
        tags: ['courses'],
        params: idParams,
        response: {
          200: coursePageOut,
          ...authErrors,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const course = await findCourse(db, request.params.id, coursesInScope(actor));
      return {
        course: presentCourse(course),
        lessons: await lessonsOf(db, course.id),
        can_edit: await mayEditCourse(db, actor, course.id),
      };
    },
  );

  // ------------------------------------------------------------ approval (course_auth)

  app.post(
    '/auth/courses',
    {
      config: { access: 'courses.approve' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['courses'], body: authListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => coursesByApproval(db, request.body),
  );

  app.post(
    '/auth/courses/:id',
    {
      config: { access: 'courses.approve' },
      schema: {
        tags: ['courses'],
        params: idParams,
        body: courseApprovalSchema,
        response: { 200: z.object({ course: courseOut }), ...authErrors },
      },
    },
    async (request) => {
      return { course: await setCourseApproval(db, actorOf(request), request.params.id, request.body.approval) };
    },
  );

  // ------------------------------------------------------------ requests to join a course

  app.post(
    '/courses/add/:id/:status',
    {
      config: { access: 'courses.join' },
      schema: {
        tags: ['requests'],
        params: joinStatusParams,
        body: childRefSchema,
        response: {
          200: statusMessageOut.extend({ request_status: z.number().nullable() }),
          ...authErrors,
          409: errorOut,
        },
      },
    },
    async (request) => {
      return requestCourse(db, actorOf(request), request.params.id, request.body.user_id, request.params.status);
    },
  );

  app.post(
    '/users/courses/requests',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['requests'], body: requestListSchema, response: { 200: requestsOut, ...authErrors } },
    },
    async (request) => courseRequestsPage(db, actorOf(request), request.body),
  );

  app.post(
    '/users/change/course/status',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['requests'],
        body: courseAnswerSchema,
        response: { 200: statusMessageOut, ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      return answerCourseRequest(db, actorOf(request), request.body);
    },
  );

  /**
   * Students waiting for an answer (Student_Auth): the waiting course
   * requests and group requests in the caller's scope, newest first.
   */
  app.post(
    '/auth/student',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['requests'],
        body: requestListSchema.omit({ status: true, group_id: true }),
        response: { 200: requestsOut, ...authErrors },
      },
    },
    async (request) => {
      return waitingRequests(db, actorOf(request), request.body);
    },
  );
};
