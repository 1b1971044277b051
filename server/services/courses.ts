import { eq, sql } from 'drizzle-orm';
import { COURSE_APPROVAL, REQUEST_STATUS } from '../../domain/codes';
import type { CourseInput } from '../../domain/schemas/teaching';
import type { FileStorage } from '../adapters/storage';
import type { Actor } from '../auth/actor';
import { coursesInScope, coursesManagedBy, isFamilyLevel, mayAuthorCourses } from '../auth/scope';
import type { Executor } from '../db/client';
import { courseRequests, courses } from '../db/schema';
import { AppError, conflict, forbidden, notFound } from '../errors';
import { courseRequestInScope, courseRequestOf } from '../repositories/courses';
import { familyChild, findCourse, presentCourse } from '../repositories/teaching';
import { changedFields, writeLog } from './audit';
import { checkAgeGroup, said } from './teaching';

/** Courses' workflows (docs/api/teaching.md "Courses"): making and editing, approval, requests to join. */

const courseColumns = (input: CourseInput) => ({
  name: input.name,
  description: input.description,
  ageGroup: input.age_group,
  languages: input.languages,
  startDate: input.start_date,
  endDate: input.end_date,
});

/** An uploaded picture: its bytes. */
type Upload = { data: Buffer } | undefined;

/** 403 unless the caller makes courses (before anything is read from the upload). */
export function checkMayAuthorCourses(actor: Actor) {
  if (!mayAuthorCourses(actor)) throw forbidden();
}

/**
 * A new course: a holder of course_auth's is approved at once; a teacher's waits (/auth/courses).
 */
export async function createCourse(db: Executor, storage: FileStorage, actor: Actor, input: CourseInput, file: Upload) {
  checkMayAuthorCourses(actor);
  if (!file) throw new AppError(400, 'app.errors.badRequest', { image: 'app.validation.imageRequired' });
  const image = await storage.saveImage('courses', file.data);
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
  return presentCourse(row);
}

/** The course the caller manages (404 otherwise), read before its form. */
export const managedCourse = (db: Executor, actor: Actor, id: number) => findCourse(db, id, coursesManagedBy(actor));

/** Edits a managed course; a new picture replaces (and removes) the old one. */
export async function updateCourse(
  db: Executor,
  storage: FileStorage,
  actor: Actor,
  before: Awaited<ReturnType<typeof findCourse>>,
  input: CourseInput,
  file: Upload,
) {
  const image = file ? await storage.saveImage('courses', file.data) : before.image;
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
  if (file && before.image) await storage.remove('courses', before.image);
  return presentCourse(after);
}

/** Approves a course or takes its approval back. */
export async function setCourseApproval(db: Executor, actor: Actor, id: number, approval: number) {
  const before = await findCourse(db, id, undefined);
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
  return presentCourse(after);
}

/** A family asks for its child to join a course (status 1), or withdraws the waiting request (status 0). */
export async function requestCourse(db: Executor, actor: Actor, courseId: number, childId: number, status: number) {
  const child = await familyChild(db, actor, childId);
  const course = await findCourse(db, courseId, coursesInScope(actor));
  const before = await courseRequestOf(db, course.id, child.id);
  if (status === 0) {
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
  if (course.approval !== COURSE_APPROVAL.approved || course.status !== 1) throw conflict('app.teaching.courseClosed');
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
}

/** Staff accept or refuse a waiting course request in their scope. */
export async function answerCourseRequest(
  db: Executor,
  actor: Actor,
  answer: { course_id: number; user_id: number; status: number },
) {
  if (isFamilyLevel(actor)) throw forbidden();
  const before = await courseRequestInScope(db, actor, answer.course_id, answer.user_id);
  if (!before) throw notFound();
  if (before.status !== REQUEST_STATUS.waiting) throw conflict('app.teaching.requestAnswered');
  const status = answer.status;
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
}
