import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { groupListSchema } from '../../domain/schemas/schools';
import type { Actor } from '../auth/actor';
import { schoolColumnInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { orderBy, searchCondition } from '../db/listing';
import { qualified as q } from '../db/qualified';
import { children, courses, groupMembers, groups, schoolClasses, users } from '../db/schema';
import { notFound } from '../errors';
import { presentStudent, studentColumns, teachersOfSchool } from './schools';

/** Queries of a school's groups (the teaching area's groups with this school) and who is in them. */

export type GroupRow = typeof groups.$inferSelect;
type GroupListInput = z.infer<typeof groupListSchema>;

const GROUP_ORDER = { id: groups.id, name: groups.name, created_at: groups.createdAt };

/** A group of a school the actor administers, or 404. */
export async function groupInScope(db: Executor, actor: Actor, id: number): Promise<GroupRow> {
  const [row] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.id, id), isNotNull(groups.schoolId), schoolColumnInScope(groups.schoolId, actor)));
  if (!row) throw notFound();
  return row;
}

const groupColumns = {
  id: groups.id,
  name: groups.name,
  school_id: groups.schoolId,
  course_id: groups.courseId,
  course_name: courses.name,
  teacher_id: groups.teacherId,
  teacher_name: users.name,
  status: groups.status,
  created_at: groups.createdAt,
  students_count: sql<number>`(select count(*)::int from ${groupMembers} where ${q(groupMembers.groupId)} = ${q(groups.id)})`,
};

const groupQuery = (db: Executor) =>
  db
    .select({ ...groupColumns, total: sql<number>`cast(count(*) over() as integer)` })
    .from(groups)
    .leftJoin(courses, eq(courses.id, groups.courseId))
    .leftJoin(users, eq(users.id, groups.teacherId));
const present = <R extends { created_at: Date; total?: number }>({ total: _t, ...r }: R) => ({
  ...r,
  created_at: r.created_at.toISOString(),
});

/** A group as the API presents it, with its course, teacher and number of students. */
export async function presentedGroup(db: Executor, id: number) {
  const [row] = await groupQuery(db).where(eq(groups.id, id));
  return present(row);
}

/** A page of a school's groups and their total. */
export async function groupsOfSchool(db: Executor, schoolId: number, f: GroupListInput) {
  const where: SQL | undefined = and(
    eq(groups.schoolId, schoolId),
    searchCondition(f.search_text, [groups.name]),
    f.status === undefined ? undefined : eq(groups.status, f.status),
  );
  const rows = await groupQuery(db)
    .where(where)
    .orderBy(orderBy(GROUP_ORDER[f.order_by], f.order_direction), asc(groups.id))
    .limit(f.limit)
    .offset(f.offset);
  const total = rows[0]?.total ?? (f.offset > 0 ? (await db.select({ n: count() }).from(groups).where(where))[0].n : 0);
  return { groups: rows.map(present), count: total };
}

/** The group's students (up to 1000), by name. */
export async function studentsOfGroup(db: Executor, groupId: number) {
  const rows = await db
    .select(studentColumns)
    .from(children)
    .leftJoin(schoolClasses, eq(schoolClasses.id, children.classId))
    .where(
      sql`${children.id} in (select ${groupMembers.childId} from ${groupMembers} where ${groupMembers.groupId} = ${groupId})`,
    )
    .orderBy(children.name)
    .limit(1000);
  return rows.map(presentStudent);
}

/** The school's students among these ids; 404 unless every one is. */
export async function studentsOfSchool(db: Executor, schoolId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: children.id })
    .from(children)
    .where(and(inArray(children.id, unique), eq(children.schoolId, schoolId)));
  if (rows.length !== unique.length) throw notFound();
  return unique;
}

/** Makes the students members of the group; answers the ids that were not members yet. */
export async function addGroupMembers(tx: Executor, groupId: number, childIds: number[]): Promise<number[]> {
  const rows = await tx
    .insert(groupMembers)
    .values(childIds.map((childId) => ({ groupId, childId })))
    .onConflictDoNothing()
    .returning({ id: groupMembers.childId });
  return rows.map((r) => r.id);
}

/** Takes the students out of the group; answers the ids that were members. */
export async function removeGroupMembers(tx: Executor, groupId: number, childIds: number[]): Promise<number[]> {
  const rows = await tx
    .delete(groupMembers)
    .where(and(eq(groupMembers.groupId, groupId), inArray(groupMembers.childId, childIds)))
    .returning({ id: groupMembers.childId });
  return rows.map((r) => r.id);
}

/** A teacher of this school, or 404. */
export async function teacherOfSchool(db: Executor, schoolId: number, teacherId: number) {
  const [teacher] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, teacherId), teachersOfSchool(schoolId)));
  if (!teacher) throw notFound();
  return teacher;
}

export async function setGroupTeacher(tx: Executor, groupId: number, teacherId: number) {
  await tx
    .update(groups)
    .set({ teacherId, updatedAt: sql`now()` })
    .where(eq(groups.id, groupId));
}
