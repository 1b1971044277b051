import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  advancedActivitySchema,
  advancedGetSchema,
  lessonActivityEditSchema,
  lessonActivitySchema,
  lessonEditSchema,
  lessonSchema,
  orderSchema,
} from '../../../domain/schemas/teaching';
import { id as idField } from '../../../domain/schemas/fields';
import type { Actor } from '../../auth/actor';
import { coursesInScope, coursesManagedBy } from '../../auth/scope';
import type { Executor, Transaction } from '../../db/client';
import { courses, lessonActivities, lessonImages, lessons } from '../../db/schema';
import { AppError, notFound, parseInput } from '../../errors';
import { actorOf } from '../../plugins/access';
import { contentImageUrl, findCourse, presentLessonActivity } from '../../repositories/teaching';
import { writeLog } from '../../services/audit';
import { readForm } from '../multipart';
import { authErrors, errorOut, idParams } from '../schemas';
import { said } from './access';
import { lessonsOf } from './courses';
import { advancedContentOut, lessonActivityOut, lessonImageOut, lessonOut, statusMessageOut } from './schemas';

const lessonsOut = z.object({ lessons: z.array(lessonOut) });
const activityOut = z.object({ activity: lessonActivityOut });

/** A lesson of a course in this scope condition (with the course), or 404. */
async function findLesson(db: Executor, id: number, courseScope: ReturnType<typeof coursesInScope>) {
  const [row] = await db
    .select({ lesson: lessons, course: courses })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.id, id), courseScope));
  if (!row) throw notFound();
  return row;
}

async function findActivity(db: Executor, id: number, courseScope: ReturnType<typeof coursesInScope>) {
  const [row] = await db
    .select({ activity: lessonActivities, lesson: lessons })
    .from(lessonActivities)
    .innerJoin(lessons, eq(lessons.id, lessonActivities.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessonActivities.id, id), courseScope));
  if (!row) throw notFound();
  return row;
}

/** Writes the order `ids` (exactly the rows of `current`) as positions 1..n. */
async function saveOrder(
  tx: Transaction,
  table: typeof lessons | typeof lessonActivities,
  current: number[],
  ids: number[],
) {
  const known = new Set(current);
  if (ids.length !== known.size || ids.some((i) => !known.has(i))) {
    throw new AppError(400, 'app.validation.orderIncomplete', { ids: 'app.validation.orderIncomplete' });
  }
  await tx.execute(sql`update ${table} set position = o.position, updated_at = now()
    from (select unnest(${sql.raw(`array[${ids.map(Number).join(',')}]::integer[]`)}) as id, generate_series(1, ${ids.length}) as position) o
    where ${table.id} = o.id`);
}

const nextLessonPosition = (courseId: number) =>
  sql<number>`(select coalesce(max(${lessons.position}), 0) + 1 from ${lessons} where ${lessons.courseId} = ${courseId})`;
const nextActivityPosition = (lessonId: number) =>
  sql<number>`(select coalesce(max(${lessonActivities.position}), 0) + 1 from ${lessonActivities} where ${lessonActivities.lessonId} = ${lessonId})`;

const log = (
  db: Executor,
  actor: Actor,
  action: string,
  entity: 'lesson' | 'lesson_activity',
  entityId: number,
  value: unknown,
) =>
  writeLog(db, {
    actorId: actor.id,
    action,
    entity,
    entityId,
    ...(action === 'delete' ? { oldValue: value } : { newValue: value }),
  });

/**
 * A course's lessons (ordered, with content text and images) and the
 * activities of each lesson, with the structured content of advanced
 * activities. Changes need the course in coursesManagedBy; reads the
 * course in coursesInScope.
 */
export const lessonsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const write = { config: { access: 'access_courses' as const } };

  app.post(
    '/lessons/save',
    { ...write, schema: { tags: ['lessons'], body: lessonSchema, response: { 201: lessonsOut, ...authErrors } } },
    async (request, reply) => {
      const actor = actorOf(request);
      const course = await findCourse(db, request.body.course_id, coursesManagedBy(actor));
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(lessons)
          .values({
            courseId: course.id,
            title: request.body.title,
            content: request.body.content,
            position: nextLessonPosition(course.id),
          })
          .returning();
        await log(tx, actor, 'create', 'lesson', row.id, { course_id: course.id, title: row.title });
      });
      reply.code(201);
      return { lessons: await lessonsOf(db, course.id) };
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
      const actor = actorOf(request);
      const { lesson } = await findLesson(db, request.params.id, coursesManagedBy(actor));
      await db.transaction(async (tx) => {
        await tx
          .update(lessons)
          .set({ title: request.body.title, content: request.body.content, updatedAt: sql`now()` })
          .where(eq(lessons.id, lesson.id));
        await log(tx, actor, 'update', 'lesson', lesson.id, { title: request.body.title });
      });
      return { lessons: await lessonsOf(db, lesson.courseId) };
    },
  );

  app.delete(
    '/lessons/delete/:id',
    { ...write, schema: { tags: ['lessons'], params: idParams, response: { 200: statusMessageOut, ...authErrors } } },
    async (request) => {
      const actor = actorOf(request);
      const { lesson } = await findLesson(db, request.params.id, coursesManagedBy(actor));
      const images = await db
        .select({ name: lessonImages.name })
        .from(lessonImages)
        .where(eq(lessonImages.lessonId, lesson.id));
      await db.transaction(async (tx) => {
        await tx.delete(lessons).where(eq(lessons.id, lesson.id));
        await log(tx, actor, 'delete', 'lesson', lesson.id, { course_id: lesson.courseId, title: lesson.title });
      });
      for (const image of images) await app.storage.remove('content', image.name);
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
      const actor = actorOf(request);
      const course = await findCourse(db, request.params.id, coursesManagedBy(actor));
      await db.transaction(async (tx) => {
        const current = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, course.id));
        await saveOrder(
          tx,
          lessons,
          current.map((l) => l.id),
          request.body.ids,
        );
        await writeLog(tx, {
          actorId: actor.id,
          action: 'update',
          entity: 'course',
          entityId: course.id,
          newValue: { lesson_order: request.body.ids },
        });
      });
      return { lessons: await lessonsOf(db, course.id) };
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
      const { lesson } = await findLesson(db, lessonId, coursesManagedBy(actor));
      if (!form.file) throw new AppError(400, 'app.errors.badRequest', { image: 'app.validation.imageRequired' });
      const name = await app.storage.saveImage('content', form.file.data);
      const [row] = await db.transaction(async (tx) => {
        const inserted = await tx.insert(lessonImages).values({ lessonId: lesson.id, name }).returning();
        await log(tx, actor, 'update', 'lesson', lesson.id, { image_added: name });
        return inserted;
      });
      reply.code(201);
      return { image: { id: row.id, name, url: contentImageUrl(name) } };
    },
  );

  app.delete(
    '/contentImg/:id',
    { ...write, schema: { tags: ['lessons'], params: idParams, response: { 200: statusMessageOut, ...authErrors } } },
    async (request) => {
      const actor = actorOf(request);
      const [image] = await db
        .select({ id: lessonImages.id, name: lessonImages.name, lessonId: lessonImages.lessonId })
        .from(lessonImages)
        .innerJoin(lessons, eq(lessons.id, lessonImages.lessonId))
        .innerJoin(courses, eq(courses.id, lessons.courseId))
        .where(and(eq(lessonImages.id, request.params.id), coursesManagedBy(actor)));
      if (!image) throw notFound();
      await db.transaction(async (tx) => {
        await tx.delete(lessonImages).where(eq(lessonImages.id, image.id));
        await log(tx, actor, 'update', 'lesson', image.lessonId, { image_removed: image.name });
      });
      await app.storage.remove('content', image.name);
      return said('app.notify.deleted');
    },
  );

  // ------------------------------------------------------------ lesson activities

  app.post(
    '/lessons/activities/save',
    {
      ...write,
      schema: { tags: ['lessons'], body: lessonActivitySchema, response: { 201: activityOut, ...authErrors } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { lesson } = await findLesson(db, request.body.lesson_id, coursesManagedBy(actor));
      const { title, description, kind } = request.body;
      const row = await db.transaction(async (tx) => {
        const [created] = await tx
          .insert(lessonActivities)
          .values({ lessonId: lesson.id, title, description, kind, position: nextActivityPosition(lesson.id) })
          .returning();
        await log(tx, actor, 'create', 'lesson_activity', created.id, { lesson_id: lesson.id, title });
        return created;
      });
      reply.code(201);
      return { activity: presentLessonActivity(row) };
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
        response: { 200: activityOut, ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { activity } = await findActivity(db, request.params.id, coursesManagedBy(actor));
      const { title, description, kind } = request.body;
      const row = await db.transaction(async (tx) => {
        const [updated] = await tx
          .update(lessonActivities)
          .set({ title, description, kind, updatedAt: sql`now()` })
          .where(eq(lessonActivities.id, activity.id))
          .returning();
        await log(tx, actor, 'update', 'lesson_activity', activity.id, { title });
        return updated;
      });
      return { activity: presentLessonActivity(row) };
    },
  );

  app.delete(
    '/lessons/activities/delete/:id',
    { ...write, schema: { tags: ['lessons'], params: idParams, response: { 200: statusMessageOut, ...authErrors } } },
    async (request) => {
      const actor = actorOf(request);
      const { activity } = await findActivity(db, request.params.id, coursesManagedBy(actor));
      await db.transaction(async (tx) => {
        await tx.delete(lessonActivities).where(eq(lessonActivities.id, activity.id));
        await log(tx, actor, 'delete', 'lesson_activity', activity.id, {
          lesson_id: activity.lessonId,
          title: activity.title,
        });
      });
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
      const actor = actorOf(request);
      const { lesson } = await findLesson(db, request.params.id, coursesManagedBy(actor));
      await db.transaction(async (tx) => {
        const current = await tx
          .select({ id: lessonActivities.id })
          .from(lessonActivities)
          .where(eq(lessonActivities.lessonId, lesson.id));
        await saveOrder(
          tx,
          lessonActivities,
          current.map((a) => a.id),
          request.body.ids,
        );
        await log(tx, actor, 'update', 'lesson', lesson.id, { activity_order: request.body.ids });
      });
      const rows = await db
        .select()
        .from(lessonActivities)
        .where(eq(lessonActivities.lessonId, lesson.id))
        .orderBy(lessonActivities.position, lessonActivities.id);
      return { activities: rows.map(presentLessonActivity) };
    },
  );

  // ------------------------------------------------------------ advanced activities

  const advancedOut = z.object({
    id: z.number(),
    lesson_id: z.number(),
    title: z.string(),
    advanced: advancedContentOut.nullable(),
  });

  app.post(
    '/advanced/save/:id',
    {
      ...write,
      schema: {
        tags: ['lessons'],
        params: idParams,
        body: advancedActivitySchema,
        response: { 200: advancedOut, ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { activity } = await findActivity(db, request.params.id, coursesManagedBy(actor));
      await db.transaction(async (tx) => {
        await tx
          .update(lessonActivities)
          .set({ advanced: request.body, updatedAt: sql`now()` })
          .where(eq(lessonActivities.id, activity.id));
        await log(tx, actor, 'update', 'lesson_activity', activity.id, { advanced_steps: request.body.steps.length });
      });
      return { id: activity.id, lesson_id: activity.lessonId, title: activity.title, advanced: request.body };
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
      schema: { tags: ['lessons'], querystring: advancedGetSchema, response: { 200: advancedOut, ...authErrors } },
    },
    async (request) => getAdvanced(request, request.query.id),
  );
  app.post(
    '/advanced/get/json',
    {
      ...getRoute,
      schema: { tags: ['lessons'], body: advancedGetSchema, response: { 200: advancedOut, ...authErrors } },
    },
    async (request) => getAdvanced(request, request.body.id),
  );

  // ------------------------------------------------------------ files

  /** Serves a stored picture (or its thumbnail with ?thumb=1) after the caller's right to the record was checked. */
  const serve = async (reply: import('fastify').FastifyReply, folder: string, name: string, thumb: boolean) => {
    const file = await app.storage.read(folder, name, thumb ? 'thumb' : undefined);
    if (!file) throw notFound();
    return reply
      .type(file.mime)
      .header('cache-control', 'private, max-age=86400')
      .header('x-content-type-options', 'nosniff')
      .send(file.data);
  };
  const fileParams = z.object({ name: z.string().max(100) });
  const thumbQuery = z.object({ thumb: z.enum(['0', '1']).optional() });

  app.get(
    '/files/content/:name',
    { config: { access: 'signed-in' }, schema: { tags: ['files'], params: fileParams, querystring: thumbQuery } },
    async (request, reply) => {
      const [image] = await db
        .select({ name: lessonImages.name })
        .from(lessonImages)
        .innerJoin(lessons, eq(lessons.id, lessonImages.lessonId))
        .innerJoin(courses, eq(courses.id, lessons.courseId))
        .where(and(eq(lessonImages.name, request.params.name), coursesInScope(actorOf(request))));
      if (!image) throw notFound();
      return serve(reply, 'content', image.name, request.query.thumb === '1');
    },
  );

  app.get(
    '/files/courses/:name',
    { config: { access: 'signed-in' }, schema: { tags: ['files'], params: fileParams, querystring: thumbQuery } },
    async (request, reply) => {
      const [course] = await db
        .select({ image: courses.image })
        .from(courses)
        .where(and(eq(courses.image, request.params.name), coursesInScope(actorOf(request))));
      if (!course?.image) throw notFound();
      return serve(reply, 'courses', course.image, request.query.thumb === '1');
    },
  );
};
