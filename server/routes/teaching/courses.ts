import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AGE_GROUP_ALL, COURSE_APPROVAL, MEMBER_STATUS, REQUEST_STATUS } from '../../../domain/codes';
import { listQuerySchema } from '../../../domain/schemas/lists';
import {
  COURSE_ORDERABLE,
  courseAnswerSchema,
  courseApprovalSchema,
  courseListSchema,
  courseSchema,
  joinStatusParams,
  childRefSchema,
  requestListSchema,
  type CourseInput,
} from '../../../domain/schemas/teaching';
import type { Actor } from '../../auth/actor';
import { courseRequestsInScope, coursesInScope, coursesManagedBy, membershipsInScope, scopeOf } from '../../auth/scope';
import type { Executor } from '../../db/client';
import {
  children,
  courseRequests,
  courses,
  groupMembers,
  groups,
  lessonActivities,
  lessonImages,
  lessons,
  users,
} from '../../db/schema';
import { AppError, conflict, forbidden, notFound, parseInput } from '../../errors';
import { actorOf } from '../../plugins/access';
import {
  contentImageUrl,
  findCourse,
  membershipRows,
  presentCourse,
  presentLessonActivity,
} from '../../repositories/teaching';
import { changedFields, writeLog } from '../../services/audit';
import { orderBy, pageAndTotal, searchCondition } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { readForm } from '../multipart';
import { authErrors, errorOut, idParams } from '../schemas';
import { checkAgeGroup, familyChild, isFamily, said } from './access';
import { courseOut, lessonOut, requestsOut, statusMessageOut } from './schemas';

const ORDER = { id: courses.id, name: courses.name, created_at: courses.createdAt, start_date: courses.startDate };
const listOut = z.object({ courses: z.array(courseOut), count: z.number() });
const authListSchema = listQuerySchema(COURSE_ORDERABLE).extend({
  approval: z.preprocess(
    (v) => (v === '' || v === null ? undefined : v),
    z.coerce.number().int().min(0).max(2).default(COURSE_APPROVAL.waiting),
  ),
});

/** Those who make courses: admins, course_auth holders and teachers (not families, not school or region admins). */
const mayAuthorCourses = (actor: Actor) =>
  actor.permissions.has('course_auth') || ['platform', 'group'].includes(scopeOf(actor).level);

const courseColumns = (input: CourseInput) => ({
  name: input.name,
  description: input.description,
  ageGroup: input.age_group,
  languages: input.languages,
  startDate: input.start_date,
  endDate: input.end_date,
});

/** A page of courses and the total. */
async function coursePage(
  db: Executor,
  where: SQL | undefined,
  f: { limit: number; offset: number; order_by: keyof typeof ORDER; order_direction: 'asc' | 'desc' },
) {
  const { rows, total } = await pageAndTotal(
    db
      .select()
      .from(courses)
      .where(where)
      .orderBy(orderBy(ORDER[f.order_by], f.order_direction), orderBy(courses.id, f.order_direction))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(courses).where(where),
  );
  return { courses: rows.map(presentCourse), count: total };
}

/** A course's lessons in order, each with its images and activities. */
export async function lessonsOf(db: Executor, courseId: number) {
  const rows = await db
    .select()
    .from(lessons)
    .where(eq(lessons.courseId, courseId))
    .orderBy(asc(lessons.position), asc(lessons.id));
  const ids = rows.map((l) => l.id);
  const images = ids.length
    ? await db.select().from(lessonImages).where(inArray(lessonImages.lessonId, ids)).orderBy(asc(lessonImages.id))
    : [];
  const tasks = ids.length
    ? await db
        .select()
        .from(lessonActivities)
        .where(inArray(lessonActivities.lessonId, ids))
        .orderBy(asc(lessonActivities.position), asc(lessonActivities.id))
    : [];
  return rows.map((l) => ({
    id: l.id,
    course_id: l.courseId,
    title: l.title,
    content: l.content,
    position: l.position,
    images: images
      .filter((i) => i.lessonId === l.id)
      .map((i) => ({ id: i.id, name: i.name, url: contentImageUrl(i.name) })),
    activities: tasks.filter((t) => t.lessonId === l.id).map(presentLessonActivity),
    created_at: l.createdAt.toISOString(),
    updated_at: l.updatedAt.toISOString(),
  }));
}

/** Courses (docs/api/teaching.md "Courses"): catalogue, create and edit, approval, requests to join. */
export const coursesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/courses',
    {
      config: { access: 'access_courses' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['courses'], body: courseListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => {
      const f = request.body;
      return coursePage(
        db,
        and(
          coursesInScope(actorOf(request)),
          f.status === undefined ? undefined : eq(courses.status, f.status),
          f.age_group === undefined || f.age_group === AGE_GROUP_ALL
            ? undefined
            : or(eq(courses.ageGroup, f.age_group), eq(courses.ageGroup, AGE_GROUP_ALL)),
          f.language === undefined ? undefined : sql`${f.language} = any(${courses.languages})`,
          searchCondition(f.search_text, [courses.name, courses.description]),
        ),
        f,
      );
    },
  );

  const saveRoute = {
    config: { access: 'access_courses' as const },
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
    if (!mayAuthorCourses(actor)) throw forbidden();
    const form = await readForm(request);
    const input = parseInput(courseSchema, form.fields);
    if (!form.file) throw new AppError(400, 'app.errors.badRequest', { image: 'app.validation.imageRequired' });
    const image = await app.storage.saveImage('courses', form.file.data);
    // a course made by a holder of course_auth is approved at once; a teacher's waits (/auth/courses)
    const approval = actor.permissions.has('course_auth') ? COURSE_APPROVAL.approved : COURSE_APPROVAL.waiting;
    const row = await db.transaction(async (tx) => {
      const [created] = await tx
        .insert(courses)
        .values({ ...courseColumns(input), image, status: input.status ?? 1, approval, teacherId: actor.id })
        .returning();
      await writeLog(tx, {
        actorId: actor.id,
        action: 'create',
        entity: 'course',
        entityId: created.id,
        newValue: { name: created.name, approval },
      });
      return created;
    });
    reply.code(201);
    return { course: presentCourse(row) };
  });

  app.post(
    '/courses/save/:id',
    { ...saveRoute, schema: { ...saveRoute.schema, params: idParams } },
    async (request) => {
      const actor = actorOf(request);
      const before = await findCourse(db, request.params.id, coursesManagedBy(actor));
      const form = await readForm(request);
      const input = parseInput(courseSchema, form.fields);
      const image = form.file ? await app.storage.saveImage('courses', form.file.data) : before.image;
      const after = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(courses)
          .set({ ...courseColumns(input), image, status: input.status ?? before.status, updatedAt: sql`now()` })
          .where(eq(courses.id, before.id))
          .returning();
        const diff = changedFields(presentCourse(before), presentCourse(row));
        delete diff.old.updated_at;
        delete diff.new.updated_at;
        await writeLog(tx, {
          actorId: actor.id,
          action: 'update',
          entity: 'course',
          entityId: before.id,
          oldValue: diff.old,
          newValue: diff.new,
        });
        return row;
      });
      if (form.file && before.image) await app.storage.remove('courses', before.image);
      return { course: presentCourse(after) };
    },
  );

  app.get(
    '/courses/show/:id',
    {
      config: { access: 'access_courses' },
      schema: {
        tags: ['courses'],
        params: idParams,
        response: {
          200: z.object({ course: courseOut, lessons: z.array(lessonOut), can_edit: z.boolean() }),
          ...authErrors,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const course = await findCourse(db, request.params.id, coursesInScope(actor));
      const managed = coursesManagedBy(actor);
      const [editable] = await db
        .select({ n: count() })
        .from(courses)
        .where(and(eq(courses.id, course.id), managed));
      return { course: presentCourse(course), lessons: await lessonsOf(db, course.id), can_edit: editable.n > 0 };
    },
  );

  // ------------------------------------------------------------ approval (course_auth)

  app.post(
    '/auth/courses',
    {
      config: { access: 'course_auth' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['courses'], body: authListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => {
      const f = request.body;
      return coursePage(db, and(eq(courses.approval, f.approval), searchCondition(f.search_text, [courses.name])), f);
    },
  );

  app.post(
    '/auth/courses/:id',
    {
      config: { access: 'course_auth' },
      schema: {
        tags: ['courses'],
        params: idParams,
        body: courseApprovalSchema,
        response: { 200: z.object({ course: courseOut }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await findCourse(db, request.params.id, undefined);
      const approval = request.body.approval;
      const after = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(courses)
          .set({ approval, updatedAt: sql`now()` })
          .where(eq(courses.id, before.id))
          .returning();
        await writeLog(tx, {
          actorId: actor.id,
          action: approval === COURSE_APPROVAL.approved ? 'approve' : 'unapprove',
          entity: 'course',
          entityId: before.id,
          oldValue: { approval: before.approval },
          newValue: { approval },
        });
        return row;
      });
      return { course: presentCourse(after) };
    },
  );

  // ------------------------------------------------------------ requests to join a course

  app.post(
    '/courses/add/:id/:status',
    {
      config: { access: 'access_courses' },
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
      const actor = actorOf(request);
      const child = await familyChild(db, actor, request.body.user_id);
      const course = await findCourse(db, request.params.id, coursesInScope(actor));
      const [before] = await db
        .select()
        .from(courseRequests)
        .where(and(eq(courseRequests.courseId, course.id), eq(courseRequests.childId, child.id)));
      if (request.params.status === 0) {
        if (before?.status !== REQUEST_STATUS.waiting) throw conflict('app.teaching.notRequested');
        await db.transaction(async (tx) => {
          await tx.delete(courseRequests).where(eq(courseRequests.id, before.id));
          await writeLog(tx, {
            actorId: actor.id,
            action: 'delete',
            entity: 'course_request',
            entityId: before.id,
            oldValue: { course_id: course.id, child_id: child.id, status: before.status },
          });
        });
        return { ...said('app.notify.requestWithdrawn'), request_status: null };
      }
      if (course.approval !== COURSE_APPROVAL.approved || course.status !== 1)
        throw conflict('app.teaching.courseClosed');
      if (before?.status === REQUEST_STATUS.waiting) throw conflict('app.teaching.alreadyRequested');
      if (before?.status === REQUEST_STATUS.accepted) throw conflict('app.teaching.alreadyMember');
      checkAgeGroup(course.ageGroup, child.birthdate);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(courseRequests)
          .values({ courseId: course.id, childId: child.id, status: REQUEST_STATUS.waiting })
          .onConflictDoUpdate({
            target: [courseRequests.courseId, courseRequests.childId],
            set: { status: REQUEST_STATUS.waiting, decidedBy: null, updatedAt: sql`now()` },
          })
          .returning();
        await writeLog(tx, {
          actorId: actor.id,
          action: 'create',
          entity: 'course_request',
          entityId: row.id,
          newValue: { course_id: course.id, child_id: child.id, status: 0 },
        });
      });
      return { ...said('app.notify.requestSent'), request_status: REQUEST_STATUS.waiting };
    },
  );

  /** Course requests in scope, with course, child and family. */
  const courseRequestRows = async (
    conditions: (SQL | undefined)[],
    f: { limit: number; offset: number; order_by: 'id' | 'created_at'; order_direction: 'asc' | 'desc' },
  ) => {
    const rows = await db
      .select({
        id: courseRequests.id,
        courseId: courses.id,
        courseName: courses.name,
        childId: children.id,
        childName: children.name,
        birthdate: children.birthdate,
        parentId: children.parentId,
        parentName: users.name,
        status: courseRequests.status,
        createdAt: courseRequests.createdAt,
        total: sql<number>`cast(count(*) over() as integer)`,
      })
      .from(courseRequests)
      .innerJoin(courses, eq(courses.id, courseRequests.courseId))
      .innerJoin(children, eq(children.id, courseRequests.childId))
      .leftJoin(users, eq(users.id, children.parentId))
      .where(and(...conditions))
      .orderBy(
        orderBy(f.order_by === 'id' ? courseRequests.id : courseRequests.createdAt, f.order_direction),
        orderBy(courseRequests.id, f.order_direction),
      )
      .limit(f.limit)
      .offset(f.offset);
    return {
      count: rows[0]?.total ?? 0,
      rows: rows.map((r) => ({
        id: r.id,
        kind: 'course' as const,
        course_id: r.courseId,
        course_name: r.courseName,
        group_id: null,
        group_name: null,
        child_id: r.childId,
        child_name: r.childName,
        child_birthdate: r.birthdate,
        parent_id: r.parentId,
        parent_name: r.parentName,
        status: r.status,
        created_at: r.createdAt.toISOString(),
      })),
    };
  };

  app.post(
    '/users/courses/requests',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['requests'], body: requestListSchema, response: { 200: requestsOut, ...authErrors } },
    },
    async (request) => {
      const f = request.body;
      const { rows, count: total } = await courseRequestRows(
        [
          courseRequestsInScope(actorOf(request)),
          f.status === undefined ? undefined : eq(courseRequests.status, f.status),
          f.course_id === undefined ? undefined : eq(courseRequests.courseId, f.course_id),
          searchCondition(f.search_text, [children.name, courses.name]),
        ],
        f,
      );
      return { requests: rows, count: total };
    },
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
      const actor = actorOf(request);
      if (isFamily(actor)) throw forbidden();
      const [before] = await db
        .select()
        .from(courseRequests)
        .where(
          and(
            eq(courseRequests.courseId, request.body.course_id),
            eq(courseRequests.childId, request.body.user_id),
            courseRequestsInScope(actor),
          ),
        );
      if (!before) throw notFound();
      if (before.status !== REQUEST_STATUS.waiting) throw conflict('app.teaching.requestAnswered');
      const status = request.body.status;
      await db.transaction(async (tx) => {
        await tx
          .update(courseRequests)
          .set({ status, decidedBy: actor.id, updatedAt: sql`now()` })
          .where(eq(courseRequests.id, before.id));
        await writeLog(tx, {
          actorId: actor.id,
          action: status === REQUEST_STATUS.accepted ? 'approve' : 'unapprove',
          entity: 'course_request',
          entityId: before.id,
          oldValue: { status: before.status },
          newValue: { status },
        });
      });
      return said(status === REQUEST_STATUS.accepted ? 'app.notify.requestAccepted' : 'app.notify.requestRefused');
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
      const actor = actorOf(request);
      const f = { ...request.body, order_by: 'created_at' as const, order_direction: 'desc' as const };
      const window = { ...f, offset: 0, limit: f.offset + f.limit };
      const [ofCourses, ofGroups] = await Promise.all([
        courseRequestRows(
          [
            courseRequestsInScope(actor),
            eq(courseRequests.status, REQUEST_STATUS.waiting),
            f.course_id === undefined ? undefined : eq(courseRequests.courseId, f.course_id),
            searchCondition(f.search_text, [children.name, courses.name]),
          ],
          window,
        ),
        membershipRows(
          db,
          [
            membershipsInScope(actor),
            eq(groupMembers.status, MEMBER_STATUS.pending),
            f.course_id === undefined ? undefined : eq(groups.courseId, f.course_id),
            searchCondition(f.search_text, [children.name, groups.name]),
          ],
          window,
        ),
      ]);
      const merged = [...ofCourses.rows, ...ofGroups.rows].sort((a, b) => b.created_at.localeCompare(a.created_at));
      return { requests: merged.slice(f.offset, f.offset + f.limit), count: ofCourses.count + ofGroups.count };
    },
  );
};
