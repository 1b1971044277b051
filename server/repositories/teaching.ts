import { and, eq, getTableColumns, sql, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import { MEMBER_STATUS } from '../../domain/codes';
import type { Actor } from '../auth/actor';
import { groupsManagedBy, isPlatformLevel } from '../auth/scope';
import type { Executor } from '../db/client';
import { orderBy } from '../db/listing';
import { children, courses, groupMembers, groups, lessonActivities, lessons, users } from '../db/schema';
import { notFound } from '../errors';
import { photoUrl } from './users';

/** Teaching records as the API sends them (docs/api/teaching.md). */

export type CourseRow = typeof courses.$inferSelect;
export type GroupRow = typeof groups.$inferSelect;
export type LessonRow = typeof lessons.$inferSelect;
export type LessonActivityRow = typeof lessonActivities.$inferSelect;

export const courseImageUrl = (name: string | null) => (name ? `/api/files/courses/${name}` : null);
export const contentImageUrl = (name: string) => `/api/files/content/${name}`;
const iso = (d: Date) => d.toISOString();

export function presentCourse(row: CourseRow) {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    image: courseImageUrl(row.image),
    age_group: row.ageGroup,
    languages: row.languages,
    start_date: row.startDate,
    end_date: row.endDate,
    status: row.status,
    approval: row.approval,
    teacher_id: row.teacherId,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

export function presentLessonActivity(row: LessonActivityRow) {
  return {
    id: row.id,
    lesson_id: row.lessonId,
    title: row.title,
    description: row.description,
    kind: row.kind,
    position: row.position,
    has_advanced: row.advanced !== null,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
  };
}

/** One course the caller may see (scope condition), or 404. */
export async function findCourse(db: Executor, id: number, scope: SQL | undefined): Promise<CourseRow> {
  const [row] = await db
    .select()
    .from(courses)
    .where(and(eq(courses.id, id), scope));
  if (!row) throw notFound();
  return row;
}

const teacher = alias(users, 'teacher');

/** The columns of a group with its course and teacher, and its active students' count. */
export const groupSelection = {
  ...getTableColumns(groups),
  courseName: courses.name,
  courseImage: courses.image,
  teacherName: teacher.name,
  teacherPhoto: teacher.photo,
  teacherGender: teacher.gender,
  studentsCount: sql<number>`(select cast(count(*) as integer) from ${groupMembers} where ${groupMembers.groupId} = ${groups.id} and ${groupMembers.status} = ${MEMBER_STATUS.active})`,
};

/** select ... from groups with the course and teacher joined. */
export const selectGroups = (db: Executor, extra: Record<string, unknown> = {}) =>
  db
    .select({ ...groupSelection, ...extra } as typeof groupSelection)
    .from(groups)
    .leftJoin(courses, eq(courses.id, groups.courseId))
    .leftJoin(teacher, eq(teacher.id, groups.teacherId));

export type GroupListRow = Awaited<ReturnType<ReturnType<typeof selectGroups>['execute']>>[number];

/** A group for the staff who manage it: every field of docs/PRODUCT.md §3 "Group". */
export function presentGroup(row: GroupListRow) {
  return {
    id: row.id,
    name: row.name,
    disabled: row.disabled,
    promo_code: row.promoCode,
    days: row.days,
    course_id: row.courseId,
    course_name: row.courseName,
    course_image: courseImageUrl(row.courseImage),
    teacher_id: row.teacherId,
    teacher_details: row.teacherId
      ? { id: row.teacherId, name: row.teacherName ?? '', photo: photoUrl(row.teacherPhoto), gender: row.teacherGender }
      : null,
    created_at: iso(row.createdAt),
    updated_at: iso(row.updatedAt),
    search_text: row.searchText,
    start_from: row.startFrom,
    end_at: row.endAt,
    age_group: row.ageGroup,
    age_class: row.ageClass,
    grade: row.grade,
    school: row.school,
    school_id: row.schoolId,
    country: row.country,
    city: row.city,
    zoom_link: row.zoomLink,
    gender: row.gender,
    about_me: row.aboutMe,
    status: row.status,
    students_count: row.studentsCount,
  };
}

/** A group as a family sees it: no promo code, no search text, no counts of other children. */
export function presentGroupForFamily(row: GroupListRow, member: boolean) {
  const {
    promo_code: _code,
    search_text: _search,
    students_count: _count,
    zoom_link: zoom,
    ...rest
  } = presentGroup(row);
  return { ...rest, promo_code: null, search_text: null, students_count: null, zoom_link: member ? zoom : null };
}

/** One group in the scope condition, with course and teacher, or 404. */
export async function findGroup(db: Executor, id: number, scope: SQL | undefined): Promise<GroupListRow> {
  const [row] = await selectGroups(db).where(and(eq(groups.id, id), scope));
  if (!row) throw notFound();
  return row;
}

/** The words the group list search looks in. */
export const groupSearchText = (g: {
  name: string;
  promoCode?: string | null;
  school?: string | null;
  city?: string | null;
}) => [g.name, g.promoCode, g.school, g.city].filter(Boolean).join(' ').toLowerCase();

/** A student row: the learner and their place in the group. */
export const studentSelection = {
  id: children.id,
  name: children.name,
  gender: children.gender,
  birthdate: children.birthdate,
  image: children.image,
  parentId: children.parentId,
  parentName: users.name,
  status: groupMembers.status,
  position: groupMembers.position,
  groupId: groupMembers.groupId,
  joinedAt: groupMembers.createdAt,
};

export const selectStudents = (db: Executor) =>
  db
    .select(studentSelection)
    .from(groupMembers)
    .innerJoin(children, eq(children.id, groupMembers.childId))
    .leftJoin(users, eq(users.id, children.parentId));

export function presentStudent(row: Awaited<ReturnType<ReturnType<typeof selectStudents>['execute']>>[number]) {
  return {
    id: row.id,
    name: row.name,
    gender: row.gender,
    birthdate: row.birthdate,
    image: photoUrl(row.image),
    parent_id: row.parentId,
    parent_name: row.parentName,
    status: row.status,
    position: row.position,
    group_id: row.groupId,
    joined_at: iso(row.joinedAt),
  };
}

/** The child and family of a request or a membership, and the total of the page's query (requestPage). */
export const requesterColumns = {
  childId: children.id,
  childName: children.name,
  birthdate: children.birthdate,
  parentId: children.parentId,
  parentName: users.name,
  total: sql<number>`cast(count(*) over() as integer)`,
};

/** A row of a request list: a course request (no group) or a group membership, with child and family. */
interface RequestRow {
  id: number;
  courseId: number | null;
  courseName: string | null;
  groupId: number | null;
  groupName: string | null;
  childId: number;
  childName: string;
  birthdate: string | null;
  parentId: number | null;
  parentName: string | null;
  status: number;
  createdAt: Date;
  total: number;
}

/** A page of course requests or memberships as the API shows them, and the total (one shape for both kinds). */
export function requestPage(kind: 'course' | 'group', rows: RequestRow[]) {
  return {
    count: rows[0]?.total ?? 0,
    rows: rows.map((r) => ({
      id: r.id,
      kind,
      course_id: r.courseId,
      course_name: r.courseName,
      group_id: r.groupId,
      group_name: r.groupName,
      child_id: r.childId,
      child_name: r.childName,
      child_birthdate: r.birthdate,
      parent_id: r.parentId,
      parent_name: r.parentName,
      status: r.status,
      created_at: iso(r.createdAt),
    })),
  };
}

/** Memberships (requests and students) with group, course, child and family, a page of them and the total. */
export async function membershipRows(
  db: Executor,
  conditions: (SQL | undefined)[],
  f: { limit: number; offset: number; order_by: 'id' | 'created_at'; order_direction: 'asc' | 'desc' },
) {
  const rows = await db
    .select({
      id: groupMembers.id,
      groupId: groups.id,
      groupName: groups.name,
      courseId: courses.id,
      courseName: courses.name,
      ...requesterColumns,
      status: groupMembers.status,
      createdAt: groupMembers.createdAt,
    })
    .from(groupMembers)
    .innerJoin(groups, eq(groups.id, groupMembers.groupId))
    .innerJoin(children, eq(children.id, groupMembers.childId))
    .leftJoin(courses, eq(courses.id, groups.courseId))
    .leftJoin(users, eq(users.id, children.parentId))
    .where(and(...conditions))
    .orderBy(
      orderBy(f.order_by === 'id' ? groupMembers.id : groupMembers.createdAt, f.order_direction),
      orderBy(groupMembers.id, f.order_direction),
    )
    .limit(f.limit)
    .offset(f.offset);
  return requestPage('group', rows);
}

/** A child the caller may act for as its family: their own (an admin: any), else 404. */
export async function familyChild(db: Executor, actor: Actor, childId: number) {
  const [row] = await db
    .select()
    .from(children)
    .where(and(eq(children.id, childId), isPlatformLevel(actor) ? undefined : eq(children.parentId, actor.id)));
  if (!row) throw notFound();
  return row;
}

/** A group the caller manages, or 404 (reads and writes alike). */
export const managedGroup = (db: Executor, actor: Actor, id: number) => findGroup(db, id, groupsManagedBy(actor));

/**
 * 404 unless the caller manages the group: the check alone, one index read,
 * for a read that can run beside it (the group's students) and answers only
 * once it has passed.
 */
export async function checkManagedGroup(db: Executor, actor: Actor, id: number): Promise<void> {
  const [row] = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, id), groupsManagedBy(actor)));
  if (!row) throw notFound();
}
