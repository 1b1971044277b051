import type { LogAction } from '../../domain/logs';
import { eq, sql } from 'drizzle-orm';
import type { AdvancedActivity, LessonActivityInput, LessonInput } from '../../domain/schemas/teaching';
import type { FileStorage } from '../adapters/storage';
import type { Actor } from '../auth/actor';
import { coursesManagedBy } from '../auth/scope';
import type { Executor, Transaction } from '../db/client';
import { lessonActivities, lessonImages, lessons } from '../db/schema';
import { AppError } from '../errors';
import { findActivity, findLesson, findLessonImage, imageNamesOfLesson } from '../repositories/lessons';
import { contentImageUrl, findCourse, presentLessonActivity } from '../repositories/teaching';
import { writeLog } from './audit';

/**
 * A course's lessons (ordered, with content text and images) and the activities of each lesson, with the
 * structured content of advanced activities (docs/api/teaching.md "Lessons"). Every change needs the course in
 * coursesManagedBy, else 404; each writes its audit row in its transaction.
 */

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
  action: LogAction,
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

/** A new lesson at the end of a managed course; returns the course's id. */
export async function addLesson(db: Executor, actor: Actor, input: LessonInput) {
  const course = await findCourse(db, input.course_id, coursesManagedBy(actor));
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(lessons)
      .values({
        courseId: course.id,
        title: input.title,
        content: input.content,
        position: nextLessonPosition(course.id),
      })
      .returning();
    await log(tx, actor, 'create', 'lesson', row.id, { course_id: course.id, title: row.title });
  });
  return course.id;
}

/** Edits a lesson's title and text; returns its course's id. */
export async function editLesson(db: Executor, actor: Actor, id: number, input: Omit<LessonInput, 'course_id'>) {
  const { lesson } = await findLesson(db, id, coursesManagedBy(actor));
  await db.transaction(async (tx) => {
    await tx
      .update(lessons)
      .set({ title: input.title, content: input.content, updatedAt: sql`now()` })
      .where(eq(lessons.id, lesson.id));
    await log(tx, actor, 'update', 'lesson', lesson.id, { title: input.title });
  });
  return lesson.courseId;
}

/** Deletes a lesson, then its stored images. */
export async function deleteLesson(db: Executor, storage: FileStorage, actor: Actor, id: number) {
  const { lesson } = await findLesson(db, id, coursesManagedBy(actor));
  const images = await imageNamesOfLesson(db, lesson.id);
  await db.transaction(async (tx) => {
    await tx.delete(lessons).where(eq(lessons.id, lesson.id));
    await log(tx, actor, 'delete', 'lesson', lesson.id, { course_id: lesson.courseId, title: lesson.title });
  });
  for (const image of images) await storage.remove('content', image.name);
}

/** Puts a managed course's lessons in this order (every lesson exactly once); returns the course's id. */
export async function sortLessons(db: Executor, actor: Actor, courseId: number, ids: number[]) {
  const course = await findCourse(db, courseId, coursesManagedBy(actor));
  await db.transaction(async (tx) => {
    const current = await tx.select({ id: lessons.id }).from(lessons).where(eq(lessons.courseId, course.id));
    await saveOrder(
      tx,
      lessons,
      current.map((l) => l.id),
      ids,
    );
    await writeLog(tx, {
      actorId: actor.id,
      action: 'update',
      entity: 'course',
      entityId: course.id,
      newValue: { lesson_order: ids },
    });
  });
  return course.id;
}

/** Stores a picture in a managed lesson's content. */
export async function addContentImage(
  db: Executor,
  storage: FileStorage,
  actor: Actor,
  lessonId: number,
  file: { data: Buffer } | undefined,
) {
  const { lesson } = await findLesson(db, lessonId, coursesManagedBy(actor));
  if (!file) throw new AppError(400, 'app.errors.badRequest', { image: 'app.validation.imageRequired' });
  const name = await storage.saveImage('content', file.data);
  const [row] = await db.transaction(async (tx) => {
    const inserted = await tx.insert(lessonImages).values({ lessonId: lesson.id, name }).returning();
    await log(tx, actor, 'update', 'lesson', lesson.id, { image_added: name });
    return inserted;
  });
  return { id: row.id, name, url: contentImageUrl(name) };
}

/** Removes a picture from a managed lesson, then its file. */
export async function removeContentImage(db: Executor, storage: FileStorage, actor: Actor, id: number) {
  const image = await findLessonImage(db, id, coursesManagedBy(actor));
  await db.transaction(async (tx) => {
    await tx.delete(lessonImages).where(eq(lessonImages.id, image.id));
    await log(tx, actor, 'update', 'lesson', image.lessonId, { image_removed: image.name });
  });
  await storage.remove('content', image.name);
}

type ActivityInput = Omit<LessonActivityInput, 'lesson_id'>;

/** A new activity at the end of a managed lesson. */
export async function addLessonActivity(db: Executor, actor: Actor, lessonId: number, input: ActivityInput) {
  const { lesson } = await findLesson(db, lessonId, coursesManagedBy(actor));
  const { title, description, kind } = input;
  const row = await db.transaction(async (tx) => {
    const [created] = await tx
      .insert(lessonActivities)
      .values({ lessonId: lesson.id, title, description, kind, position: nextActivityPosition(lesson.id) })
      .returning();
    await log(tx, actor, 'create', 'lesson_activity', created.id, { lesson_id: lesson.id, title });
    return created;
  });
  return presentLessonActivity(row);
}

/** Edits an activity of a managed lesson. */
export async function editLessonActivity(db: Executor, actor: Actor, id: number, input: ActivityInput) {
  const { activity } = await findActivity(db, id, coursesManagedBy(actor));
  const { title, description, kind } = input;
  const row = await db.transaction(async (tx) => {
    const [updated] = await tx
      .update(lessonActivities)
      .set({ title, description, kind, updatedAt: sql`now()` })
      .where(eq(lessonActivities.id, activity.id))
      .returning();
    await log(tx, actor, 'update', 'lesson_activity', activity.id, { title });
    return updated;
  });
  return presentLessonActivity(row);
}

/** Deletes an activity of a managed lesson. */
export async function deleteLessonActivity(db: Executor, actor: Actor, id: number) {
  const { activity } = await findActivity(db, id, coursesManagedBy(actor));
  await db.transaction(async (tx) => {
    await tx.delete(lessonActivities).where(eq(lessonActivities.id, activity.id));
    await log(tx, actor, 'delete', 'lesson_activity', activity.id, {
      lesson_id: activity.lessonId,
      title: activity.title,
    });
  });
}

/** Puts a managed lesson's activities in this order (every activity exactly once); returns the lesson's id. */
export async function sortLessonActivities(db: Executor, actor: Actor, lessonId: number, ids: number[]) {
  const { lesson } = await findLesson(db, lessonId, coursesManagedBy(actor));
  await db.transaction(async (tx) => {
    const current = await tx
      .select({ id: lessonActivities.id })
      .from(lessonActivities)
      .where(eq(lessonActivities.lessonId, lesson.id));
    await saveOrder(
      tx,
      lessonActivities,
      current.map((a) => a.id),
      ids,
    );
    await log(tx, actor, 'update', 'lesson', lesson.id, { activity_order: ids });
  });
  return lesson.id;
}

/** Saves the structured content of an advanced activity of a managed lesson. */
export async function saveAdvancedActivity(db: Executor, actor: Actor, id: number, advanced: AdvancedActivity) {
  const { activity } = await findActivity(db, id, coursesManagedBy(actor));
  await db.transaction(async (tx) => {
    await tx
      .update(lessonActivities)
      .set({ advanced, updatedAt: sql`now()` })
      .where(eq(lessonActivities.id, activity.id));
    await log(tx, actor, 'update', 'lesson_activity', activity.id, { advanced_steps: advanced.steps.length });
  });
  return { id: activity.id, lesson_id: activity.lessonId, title: activity.title, advanced };
}
