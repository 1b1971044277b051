import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import {
  advancedActivitySchema,
  advancedActivityOut,
  advancedGetSchema,
  lessonActivityEditSchema,
  lessonActivityOut,
  lessonActivitySchema,
  lessonEditSchema,
  lessonImageOut,
  lessonOut,
  lessonSchema,
  orderSchema,
  statusMessageOut,
} from '../../../domain/schemas/teaching';
import { id as idField } from '../../../domain/schemas/fields';
import { coursesInScope } from '../../auth/scope';
import { notFound, parseInput } from '../../errors';
import { actorOf } from '../../plugins/access';
import { lessonsOf } from '../../repositories/courses';
import { activitiesOfLesson, courseImageNamed, findActivity, lessonImageNamed } from '../../repositories/lessons';
import {
  addContentImage,
  addLesson,
  addLessonActivity,
  deleteLesson,
  deleteLessonActivity,
  editLesson,
  editLessonActivity,
  removeContentImage,
  saveAdvancedActivity,
  sortLessonActivities,
  sortLessons,
} from '../../services/lessons';
import { said } from '../../services/teaching';
import { readForm } from '../multipart';
import { authErrors, errorOut, idParams } from '../schemas';

const lessonsOut = z.object({ lessons: z.array(lessonOut) });
const oneLessonActivityOut = z.object({ activity: lessonActivityOut });

/**
 * A course's lessons (ordered, with content text and images) and the
 * activities of each lesson, with the structured content of advanced
 * activities. Changes need the course in coursesManagedBy; reads the
 * course in coursesInScope.
 */
export const lessonsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const write = { config: { access: 'courses.write' as const } };

  app.post(
    '/lessons/save',
    { ...write, schema: { tags: ['lessons'], body: lessonSchema, response: { 201: lessonsOut, ...authErrors } } },
    async (request, reply) => {
      const courseId = await addLesson(db, actorOf(request), request.body);
      reply.code(201);
      return { lessons: await lessonsOf(db, courseId) };
    },
  );

  app.post(
    '/lessons/save/:id',
    {
      ...write,
      schema: {
        tags: ['lessons'],
        params: idParams,
        body: lessonEditSchema,
        response: { 200: lessonsOut, ...authErrors },
      },
    },
    async (request) => {
      const courseId = await editLesson(db, actorOf(request), request.params.id, request.body);
      return { lessons: await lessonsOf(db, courseId) };
    },
  );

  app.delete(
    '/lessons/delete/:id',
    { ...write, schema: { tags: ['lessons'], params: idParams, response: { 200: statusMessageOut, ...authErrors } } },
    async (request) => {
      await deleteLesson(db, app.storage, actorOf(request), request.params.id);
      return said('app.notify.lessonDeleted');
    },
  );

  app.post(
    '/lessons/sort/:id',
    {
      ...write,
      schema: { tags: ['lessons'], params: idParams, body: orderSchema, response: { 200: lessonsOut, ...authErrors } },
    },
    async (request) => {
      const courseId = await sortLessons(db, actorOf(request), request.params.id, request.body.ids);
      return { lessons: await lessonsOf(db, courseId) };
    },
  );

  // ------------------------------------------------------------ content images

  app.post(
    '/contentImg',
    {
      ...write,
      schema: {
        tags: ['lessons'],
        consumes: ['multipart/form-data'],
        response: { 201: z.object({ image: lessonImageOut }), ...authErrors, 413: errorOut, 415: errorOut },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const form = await readForm(request);
      const { lesson_id: lessonId } = parseInput(z.object({ lesson_id: idField() }), form.fields);
      const image = await addContentImage(db, app.storage, actor, lessonId, form.file);
      reply.code(201);
      return { image };
    },
  );

  app.delete(
    '/contentImg/:id',
    { ...write, schema: { tags: ['lessons'], params: idParams, response: { 200: statusMessageOut, ...authErrors } } },
    async (request) => {
      await removeContentImage(db, app.storage, actorOf(request), request.params.id);
      return said('app.notify.deleted');
    },
  );

  // ------------------------------------------------------------ lesson activities

  app.post(
    '/lessons/activities/save',
    {
      ...write,
      schema: { tags: ['lessons'], body: lessonActivitySchema, response: { 201: oneLessonActivityOut, ...authErrors } },
    },
    async (request, reply) => {
      const activity = await addLessonActivity(db, actorOf(request), request.body.lesson_id, request.body);
      reply.code(201);
      return { activity };
    },
  );

  app.post(
    '/lessons/activities/save/:id',
    {
      ...write,
      schema: {
        tags: ['lessons'],
        params: idParams,
        body: lessonActivityEditSchema,
        response: { 200: oneLessonActivityOut, ...authErrors },
      },
    },
    async (request) => {
      return { activity: await editLessonActivity(db, actorOf(request), request.params.id, request.body) };
    },
  );

  app.delete(
    '/lessons/activities/delete/:id',
    { ...write, schema: { tags: ['lessons'], params: idParams, response: { 200: statusMessageOut, ...authErrors } } },
    async (request) => {
      await deleteLessonActivity(db, actorOf(request), request.params.id);
      return said('app.notify.activityDeleted');
    },
  );

  app.post(
    '/lessons/activities/sort/:id',
    {
      ...write,
      schema: {
        tags: ['lessons'],
        params: idParams,
        body: orderSchema,
        response: { 200: z.object({ activities: z.array(lessonActivityOut) }), ...authErrors },
      },
    },
    async (request) => {
      const lessonId = await sortLessonActivities(db, actorOf(request), request.params.id, request.body.ids);
      return { activities: await activitiesOfLesson(db, lessonId) };
    },
  );

  // ------------------------------------------------------------ advanced activities

  app.post(
    '/advanced/save/:id',
    {
      ...write,
      schema: {
        tags: ['lessons'],
        params: idParams,
        body: advancedActivitySchema,
        response: { 200: advancedActivityOut, ...authErrors },
      },
    },
    async (request) => {
      return saveAdvancedActivity(db, actorOf(request), request.params.id, request.body);
    },
  );

  const getAdvanced = async (request: Parameters<typeof actorOf>[0], activityId: number) => {
    const { activity } = await findActivity(db, activityId, coursesInScope(actorOf(request)));
    const parsed = activity.advanced === null ? null : advancedActivitySchema.parse(activity.advanced);
    return { id: activity.id, lesson_id: activity.lessonId, title: activity.title, advanced: parsed };
  };
  const getRoute = { config: { access: 'signed-in' as const } };
  app.get(
    '/advanced/get/json',
    {
      ...getRoute,
      schema: {
        tags: ['lessons'],
        querystring: advancedGetSchema,
        response: { 200: advancedActivityOut, ...authErrors },
      },
    },
    async (request) => getAdvanced(request, request.query.id),
  );
  app.post(
    '/advanced/get/json',
    {
      ...getRoute,
      schema: { tags: ['lessons'], body: advancedGetSchema, response: { 200: advancedActivityOut, ...authErrors } },
    },
    async (request) => getAdvanced(request, request.body.id),
  );

  // ------------------------------------------------------------ files

  /** Serves a stored picture (or its thumbnail with ?thumb=1) after the caller's right to the record was checked. */
  const serve = async (reply: FastifyReply, folder: string, name: string, thumb: boolean) => {
    const file = await app.storage.read(folder, name, thumb ? 'thumb' : undefined);
    if (!file) throw notFound();
    return reply
      .type(file.mime)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .header('content-length', file.size)
      .send(file.body);
  };
  const fileParams = z.object({ name: z.string().max(100) });
  const thumbQuery = z.object({ thumb: z.enum(['0', '1']).optional() });

  app.get(
    '/files/content/:name',
    { config: { access: 'signed-in' }, schema: { tags: ['files'], params: fileParams, querystring: thumbQuery } },
    async (request, reply) => {
      const name = await lessonImageNamed(db, request.params.name, coursesInScope(actorOf(request)));
      if (!name) throw notFound();
      return serve(reply, 'content', name, request.query.thumb === '1');
    },
  );

  app.get(
    '/files/courses/:name',
    { config: { access: 'signed-in' }, schema: { tags: ['files'], params: fileParams, querystring: thumbQuery } },
    async (request, reply) => {
      const name = await courseImageNamed(db, request.params.name, coursesInScope(actorOf(request)));
      if (!name) throw notFound();
      return serve(reply, 'courses', name, request.query.thumb === '1');
    },
  );
};
