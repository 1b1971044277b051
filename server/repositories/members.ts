import { and, count, eq, ne } from 'drizzle-orm';
import { COURSE_APPROVAL, GROUP_STATUS, MEMBER_STATUS } from '../../domain/codes';
import type { Actor } from '../auth/actor';
import { membershipsInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { orderBy, pageAndTotal, searchCondition } from '../db/listing';
import { children, courses, groupMembers, groups } from '../db/schema';
import { notFound } from '../errors';
import { openToFamilies } from './groups';
import { membershipRows, presentStudent, selectStudents } from './teaching';

/** Group membership as read by the teaching routes: students of a group, requests to join (docs/api/teaching.md). */

const STUDENT_ORDER = {
  id: children.id,
  name: children.name,
  position: groupMembers.position,
  created_at: groupMembers.createdAt,
};

export type StudentFilter = {
  limit: number;
  offset: number;
  order_by: keyof typeof STUDENT_ORDER;
  order_direction: 'asc' | 'desc';
  search_text?: string;
  status?: number;
};

/** The membership of a child in a group, or undefined. */
export const membership = async (db: Executor, groupId: number, childId: number) =>
  (
    await db
      .select()
      .from(groupMembers)
      .where(and(eq(groupMembers.groupId, groupId), eq(groupMembers.childId, childId)))
  )[0];

/** A page of a group's students (not the pending requests), with the total. */
export async function studentsPage(db: Executor, groupId: number, f: StudentFilter) {
  const where = and(
    eq(groupMembers.groupId, groupId),
    ne(groupMembers.status, MEMBER_STATUS.pending),
    f.status === undefined ? undefined : eq(groupMembers.status, f.status),
    searchCondition(f.search_text, [children.name]),
  );
  const { rows, total } = await pageAndTotal(
    selectStudents(db)
      .where(where)
      .orderBy(orderBy(STUDENT_ORDER[f.order_by], f.order_direction), orderBy(children.id, f.order_direction))
      .limit(f.limit)
      .offset(f.offset),
    db
      .select({ n: count() })
      .from(groupMembers)
      .innerJoin(children, eq(children.id, groupMembers.childId))
      .where(where),
  );
  return { students: rows.map(presentStudent), count: total };
}

/** An active group of an approved course, open to join (with the age groups that apply), or 404. */
export async function groupOpenToJoin(db: Executor, groupId: number) {
  const [group] = await db
    .select({ id: groups.id, promoCode: groups.promoCode, ageGroup: groups.ageGroup, courseAge: courses.ageGroup })
    .from(groups)
    .innerJoin(courses, eq(courses.id, groups.courseId))
    .where(
      and(
        eq(groups.id, groupId),
        eq(groups.status, GROUP_STATUS.active),
        eq(courses.approval, COURSE_APPROVAL.approved),
        // a school's class is filled by its school, never joined by a family
        openToFamilies(),
      ),
    );
  if (!group) throw notFound();
  return group;
}

type RequestFilter = {
  limit: number;
  offset: number;
  order_by: 'id' | 'created_at';
  order_direction: 'asc' | 'desc';
  status?: number;
  course_id?: number;
  group_id?: number;
  search_text?: string;
};

/** The pending requests to join groups in the caller's scope. */
export async function groupRequestsPage(db: Executor, actor: Actor, f: RequestFilter) {
  const { rows, count: total } = await membershipRows(
    db,
    [
      membershipsInScope(actor),
      eq(groupMembers.status, MEMBER_STATUS.pending),
      f.group_id === undefined ? undefined : eq(groupMembers.groupId, f.group_id),
      f.course_id === undefined ? undefined : eq(groups.courseId, f.course_id),
      searchCondition(f.search_text, [children.name, groups.name]),
    ],
    f,
  );
  return { requests: rows, count: total };
}

/** The memberships (not pending) in the caller's scope, filtered by status and group. */
export async function studentMembershipsPage(db: Executor, actor: Actor, f: RequestFilter) {
  const { rows, count: total } = await membershipRows(
    db,
    [
      membershipsInScope(actor),
      ne(groupMembers.status, MEMBER_STATUS.pending),
      f.status === undefined ? undefined : eq(groupMembers.status, f.status),
      f.group_id === undefined ? undefined : eq(groupMembers.groupId, f.group_id),
      searchCondition(f.search_text, [children.name, groups.name]),
    ],
    f,
  );
  return { requests: rows, count: total };
}
