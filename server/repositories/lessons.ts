import { and, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { courses, lessonActivities, lessonImages, lessons } from '../db/schema';
import { notFound } from '../errors';
import { presentLessonActivity } from './teaching';

/** Lessons, their images and activities, found through their course's scope condition (docs/api/teaching.md "Lessons"). */

/** A lesson of a course in this scope condition (with the course), or 404. */
export async function findLesson(db: Executor, id: number, courseScope: SQL | undefined) {
  const [row] = await db
    .select({ lesson: lessons, course: courses })
    .from(lessons)
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessons.id, id), courseScope));
  if (!row) throw notFound();
  return row;
}

/** A lesson activity of a course in this scope condition (with its lesson), or 404. */
export async function findActivity(db: Executor, id: number, courseScope: SQL | undefined) {
  const [row] = await db
    .select({ activity: lessonActivities, lesson: lessons })
    .from(lessonActivities)
    .innerJoin(lessons, eq(lessons.id, lessonActivities.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessonActivities.id, id), courseScope));
  if (!row) throw notFound();
  return row;
}

/** The names of a lesson's stored images. */
export const imageNamesOfLesson = (db: Executor, lessonId: number) =>
  db.select({ name: lessonImages.name }).from(lessonImages).where(eq(lessonImages.lessonId, lessonId));

/** A lesson image of a course in this scope condition, or 404. */
export async function findLessonImage(db: Executor, id: number, courseScope: SQL | undefined) {
  const [image] = await db
    .select({ id: lessonImages.id, name: lessonImages.name, lessonId: lessonImages.lessonId })
    .from(lessonImages)
    .innerJoin(lessons, eq(lessons.id, lessonImages.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessonImages.id, id), courseScope));
  if (!image) throw notFound();
  return image;
}

/** A lesson's activities in order, as the API sends them. */
export async function activitiesOfLesson(db: Executor, lessonId: number) {
  const rows = await db
    .select()
    .from(lessonActivities)
    .where(eq(lessonActivities.lessonId, lessonId))
    .orderBy(lessonActivities.position, lessonActivities.id);
  return rows.map(presentLessonActivity);
}

/** The stored name of a lesson image by its name, if its course is in this scope condition. */
export async function lessonImageNamed(db: Executor, name: string, courseScope: SQL | undefined) {
  const [image] = await db
    .select({ name: lessonImages.name })
    .from(lessonImages)
    .innerJoin(lessons, eq(lessons.id, lessonImages.lessonId))
    .innerJoin(courses, eq(courses.id, lessons.courseId))
    .where(and(eq(lessonImages.name, name), courseScope));
  return image?.name;
}

/** The stored name of a course picture by its name, if the course is in this scope condition. */
export async function courseImageNamed(db: Executor, name: string, courseScope: SQL | undefined) {
  const [course] = await db
    .select({ image: courses.image })
    .from(courses)
    .where(and(eq(courses.image, name), courseScope));
  return course?.image ?? undefined;
}
