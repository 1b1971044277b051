import { and, asc, count, eq, inArray, or, sql, type SQL } from 'drizzle-orm';
import { AGE_GROUP_ALL, MEMBER_STATUS, REQUEST_STATUS } from '../../domain/codes';
import type { Actor } from '../auth/actor';
import { courseRequestsInScope, coursesManagedBy, membershipsInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { orderBy, pageAndTotal, searchCondition } from '../db/listing';
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
} from '../db/schema';
import {
  contentImageUrl,
  membershipRows,
  presentCourse,
  presentLessonActivity,
  requesterColumns,
  requestPage,
} from './teaching';

/** Courses, their lessons and the requests to join them, as the API sends them (docs/api/teaching.md "Courses"). */

export const COURSE_ORDER = {
  id: courses.id,
  name: courses.name,
  created_at: courses.createdAt,
  start_date: courses.startDate,
};

type Page<K extends string> = { limit: number; offset: number; order_by: K; order_direction: 'asc' | 'desc' };

/** A page of courses and the total. */
async function coursePage(db: Executor, where: SQL | undefined, f: Page<keyof typeof COURSE_ORDER>) {
  const { rows, total } = await pageAndTotal(
    db
      .select()
      .from(courses)
      .where(where)
      .orderBy(orderBy(COURSE_ORDER[f.order_by], f.order_direction), orderBy(courses.id, f.order_direction))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(courses).where(where),
  );
  return { courses: rows.map(presentCourse), count: total };
}

/** The catalogue: courses in the caller's scope, filtered by status, age group, language and search text. */
export const catalogue = (
  db: Executor,
  scope: SQL | undefined,
  f: Page<keyof typeof COURSE_ORDER> & { status?: number; age_group?: number; language?: string; search_text?: string },
) =>
  coursePage(
    db,
    and(
      scope,
      f.status === undefined ? undefined : eq(courses.status, f.status),
      f.age_group === undefined || f.age_group === AGE_GROUP_ALL
        ? undefined
        : or(eq(courses.ageGroup, f.age_group), eq(courses.ageGroup, AGE_GROUP_ALL)),
      f.language === undefined ? undefined : sql`${f.language} = any(${courses.languages})`,
      searchCondition(f.search_text, [courses.name, courses.description]),
    ),
    f,
  );

/** Courses by approval state, for those who approve them. */
export const coursesByApproval = (
  db: Executor,
  f: Page<keyof typeof COURSE_ORDER> & { approval: number; search_text?: string },
) => coursePage(db, and(eq(courses.approval, f.approval), searchCondition(f.search_text, [courses.name])), f);

/** Whether the caller may edit this course. */
export async function mayEditCourse(db: Executor, actor: Actor, courseId: number): Promise<boolean> {
  const [editable] = await db
    .select({ n: count() })
    .from(courses)
    .where(and(eq(courses.id, courseId), coursesManagedBy(actor)));
  return editable.n > 0;
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

// ------------------------------------------------------------ requests to join a course

/** A child's request to join a course, or undefined. */
export async function courseRequestOf(db: Executor, courseId: number, childId: number) {
  const [row] = await db
    .select()
    .from(courseRequests)
    .where(and(eq(courseRequests.courseId, courseId), eq(courseRequests.childId, childId)));
  return row;
}

/** A child's request to join a course in the caller's scope, or undefined. */
export async function courseRequestInScope(db: Executor, actor: Actor, courseId: number, childId: number) {
  const [row] = await db
    .select()
    .from(courseRequests)
    .where(
      and(eq(courseRequests.courseId, courseId), eq(courseRequests.childId, childId), courseRequestsInScope(actor)),
    );
  return row;
}

/** Course requests in scope, with course, child and family. */
async function courseRequestRows(db: Executor, conditions: (SQL | undefined)[], f: Page<'id' | 'created_at'>) {
  const rows = await db
    .select({
      id: courseRequests.id,
      courseId: courses.id,
      courseName: courses.name,
      groupId: sql<number | null>`null`,
      groupName: sql<string | null>`null`,
      ...requesterColumns,
      status: courseRequests.status,
      createdAt: courseRequests.createdAt,
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
  return requestPage('course', rows);
}

/** The course requests in the caller's scope, filtered by status, course and search text. */
export async function courseRequestsPage(
  db: Executor,
  actor: Actor,
  f: Page<'id' | 'created_at'> & { status?: number; course_id?: number; search_text?: string },
) {
  const { rows, count: total } = await courseRequestRows(
    db,
    [
      courseRequestsInScope(actor),
      f.status === undefined ? undefined : eq(courseRequests.status, f.status),
      f.course_id === undefined ? undefined : eq(courseRequests.courseId, f.course_id),
      searchCondition(f.search_text, [children.name, courses.name]),
    ],
    f,
  );
  return { requests: rows, count: total };
}

/**
 * Students waiting for an answer (Student_Auth): the waiting course
 * requests and group requests in the caller's scope, newest first.
 */
export async function waitingRequests(
  db: Executor,
  actor: Actor,
  f: { limit: number; offset: number; course_id?: number; search_text?: string },
) {
  const window = {
    order_by: 'created_at' as const,
    order_direction: 'desc' as const,
    offset: 0,
    limit: f.offset + f.limit,
  };
  const [ofCourses, ofGroups] = await Promise.all([
    courseRequestRows(
      db,
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
}
