import { and, asc, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import { COURSE_APPROVAL, GROUP_STATUS, MEMBER_STATUS, USER_TYPE } from '../../domain/codes';
import type { Actor } from '../auth/actor';
import { childrenInScope, coursesInScope, groupsManagedBy, membershipsInScope, usersInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { likePattern, orderBy, pageAndTotal } from '../db/listing';
import { children, courses, groupMembers, groups, schools, users } from '../db/schema';
import { notFound } from '../errors';
import { selectGroups } from './teaching';

/** Groups read for the teaching routes (docs/api/teaching.md "Groups"). */

export const GROUP_ORDER = {
  id: groups.id,
  name: groups.name,
  created_at: groups.createdAt,
  start_from: groups.startFrom,
};

/** A page of groups in this scope condition, filtered by status, course and search text, and the total. */
export async function groupsPage(
  db: Executor,
  scope: SQL | undefined,
  f: {
    limit: number;
    offset: number;
    order_by: keyof typeof GROUP_ORDER;
    order_direction: 'asc' | 'desc';
    status?: number;
    course_id?: number;
    teacher_id?: number;
    search_text?: string;
  },
) {
  const where = and(
    scope,
    f.status === undefined ? undefined : eq(groups.status, f.status),
    f.course_id === undefined ? undefined : eq(groups.courseId, f.course_id),
    f.teacher_id === undefined ? undefined : eq(groups.teacherId, f.teacher_id),
    f.search_text ? sql`${groups.searchText} like ${likePattern(f.search_text.toLowerCase())}` : undefined,
  );
  return pageAndTotal(
    selectGroups(db)
      .where(where)
      .orderBy(orderBy(GROUP_ORDER[f.order_by], f.order_direction), orderBy(groups.id, f.order_direction))
      .limit(f.limit)
      .offset(f.offset),
    db.select({ n: count() }).from(groups).where(where),
  );
}

/** Whether one of the caller's children is an active member of the group. */
export async function hasActiveChildIn(db: Executor, actor: Actor, groupId: number): Promise<boolean> {
  const [member] = await db
    .select({ n: count() })
    .from(groupMembers)
    .where(
      and(eq(groupMembers.groupId, groupId), membershipsInScope(actor), eq(groupMembers.status, MEMBER_STATUS.active)),
    );
  return member.n > 0;
}

/** The statuses of the caller's children in a group. */
export const ownMemberStatuses = (db: Executor, actor: Actor, groupId: number) =>
  db
    .select({ status: groupMembers.status })
    .from(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), membershipsInScope(actor)));

/** An approved, active teacher of the caller's own scope (docs/SCOPE.md), or undefined. */
export async function teacherInScope(db: Executor, actor: Actor, teacherId: number) {
  const [teacher] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, teacherId),
        eq(users.type, USER_TYPE.teacher),
        eq(users.approved, true),
        eq(users.removed, 0),
        usersInScope(actor),
      ),
    );
  return teacher;
}

/** A school's id and region, or undefined. */
export async function schoolPlace(db: Executor, schoolId: number) {
  const [school] = await db
    .select({ id: schools.id, regionId: schools.regionId })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return school;
}

/** Whether the course is approved and in the caller's scope. */
export async function isApprovedCourseInScope(db: Executor, actor: Actor, courseId: number): Promise<boolean> {
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), eq(courses.approval, COURSE_APPROVAL.approved), coursesInScope(actor)));
  return course !== undefined;
}

/** A course's id when it is in the caller's scope, else 404. */
export async function courseIdInScope(db: Executor, actor: Actor, courseId: number): Promise<number> {
  const [course] = await db
    .select({ id: courses.id })
    .from(courses)
    .where(and(eq(courses.id, courseId), coursesInScope(actor)));
  if (!course) throw notFound();
  return course.id;
}

/** A course's groups: staff see the groups they manage; everyone sees the active groups open to join. */
/**
 * A group families may join (docs/api/teaching.md "Membership"): any group that is not a
 * school's, and a school's group only when it was given a promo code for families. A school's
 * class (a school's group without a code) is filled by its school, never by a family's request.
 */
export const openToFamilies = () => sql`(${groups.schoolId} is null or ${groups.promoCode} is not null)`;

export function groupsOfCourse(db: Executor, actor: Actor, courseId: number) {
  const managed = groupsManagedBy(actor);
  // besides the groups the caller manages: the active groups families may join (no school's class)
  return selectGroups(db)
    .where(
      and(
        eq(groups.courseId, courseId),
        sql`(${managed ?? sql`true`} or (${groups.status} = ${GROUP_STATUS.active} and ${openToFamilies()}))`,
      ),
    )
    .orderBy(asc(groups.name), asc(groups.id));
}

/** The ids of a course's groups that the caller manages (every one: undefined). */
export async function managedGroupIdsOfCourse(db: Executor, actor: Actor, courseId: number) {
  const managed = groupsManagedBy(actor);
  if (managed === undefined) return undefined;
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.courseId, courseId), managed));
  return new Set(rows.map((r) => r.id));
}

/** A child in the caller's scope: its id, else 404. */
export async function childIdInScope(db: Executor, actor: Actor, childId: number): Promise<number> {
  const [child] = await db
    .select({ id: children.id })
    .from(children)
    .where(and(eq(children.id, childId), childrenInScope(actor)));
  if (!child) throw notFound();
  return child.id;
}

/** A child's groups (memberships in the caller's scope), newest first, with the child's status in each. */
export async function groupsOfChild(db: Executor, actor: Actor, childId: number) {
  const rows = await selectGroups(db, { memberStatus: groupMembers.status })
    .innerJoin(groupMembers, eq(groupMembers.groupId, groups.id))
    .where(and(eq(groupMembers.childId, childId), membershipsInScope(actor)))
    .orderBy(desc(groupMembers.createdAt));
  return rows.map((r) => ({ row: r, memberStatus: (r as unknown as { memberStatus: number }).memberStatus }));
}
