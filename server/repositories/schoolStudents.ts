import { and, asc, count, eq, isNotNull, not, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { notInGroupSchema, studentListSchema, StudentInput } from '../../domain/schemas/schools';
import type { Actor } from '../auth/actor';
import { schoolColumnInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { orderBy, pageAndTotal, searchCondition } from '../db/listing';
import { children, groupMembers, groups, schoolClasses } from '../db/schema';
import { conflict, notFound } from '../errors';
import { presentStudent, studentColumns } from './schools';

/** Queries of a school's students (learners whose school is the school: services/seats.ts admits them). */

export type StudentRow = typeof children.$inferSelect;

const STUDENT_ORDER = {
  id: children.id,
  name: children.name,
  national_id: children.nationalId,
  created_at: children.createdAt,
};

/** A school student the actor may manage (a learner of a school in scope), or 404. */
export async function studentInScope(db: Executor, actor: Actor, id: number): Promise<StudentRow> {
  const [row] = await db
    .select()
    .from(children)
    .where(and(eq(children.id, id), isNotNull(children.schoolId), schoolColumnInScope(children.schoolId, actor)));
  if (!row) throw notFound();
  return row;
}

/** A class of this school, or 404 (a class id from elsewhere is not found here). */
export async function classOfSchool(db: Executor, schoolId: number, classId: number | undefined) {
  if (classId === undefined) return null;
  const [row] = await db
    .select({ id: schoolClasses.id })
    .from(schoolClasses)
    .where(and(eq(schoolClasses.id, classId), eq(schoolClasses.schoolId, schoolId)));
  if (!row) throw notFound();
  return row.id;
}

const nationalIdTaken = () =>
  conflict('app.schools.errors.nationalIdTaken', { national_id: 'app.schools.errors.nationalIdTaken' });

/** Runs a write that may hit the national id's unique index: 409 instead of a database error. */
export async function uniqueNationalId<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nationalIdTaken();
    throw error;
  }
}

/** A school student's own columns (its school is given apart: services/seats.ts). */
export const studentValues = (input: Omit<StudentInput, 'school_id' | 'class_id'>, classId: number | null) => ({
  name: input.name,
  nationalId: input.national_id,
  gender: input.gender,
  birthdate: input.birthdate,
  mobileNo: input.mobile_no ?? null,
  classId,
});

/** The student is in a group matching the condition. */
const membership = (status: SQL) =>
  sql`exists (select 1 from ${groupMembers} join ${groups} on ${groups.id} = ${groupMembers.groupId} where ${groupMembers.childId} = ${children.id} and ${status})`;

/** Status filter (docs/PRODUCT.md §3 "Membership"): 1 active (in an active group), 2 not active (in none), 3 hidden. */
const statusCondition = (status: number | undefined): SQL | undefined => {
  const active = membership(sql`${groupMembers.status} = 1 and ${groups.status} = 1`);
  if (status === 1) return active;
  if (status === 2) return not(active);
  if (status === 3) return membership(sql`${groupMembers.status} = 3`);
  return undefined;
};

/** A student as the API presents it, with its class. */
export async function presentedStudent(db: Executor, id: number) {
  const [row] = await db
    .select(studentColumns)
    .from(children)
    .leftJoin(schoolClasses, eq(schoolClasses.id, children.classId))
    .where(eq(children.id, id));
  return presentStudent(row);
}

async function pageOfStudents(db: Executor, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  const { rows, total } = await pageAndTotal(
    db
      .select(studentColumns)
      .from(children)
      .leftJoin(schoolClasses, eq(schoolClasses.id, children.classId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(children).where(where),
  );
  return { students: rows.map(presentStudent), count: total };
}

/** A page of a school's students: by class, group, membership status and search. */
export function studentsOfSchoolPage(db: Executor, schoolId: number, f: z.infer<typeof studentListSchema>) {
  const where = and(
    eq(children.schoolId, schoolId),
    f.class_id === undefined ? undefined : eq(children.classId, f.class_id),
    f.group_id === undefined ? undefined : membership(sql`${groupMembers.groupId} = ${f.group_id}`),
    statusCondition(f.status),
    searchCondition(f.search_text, [children.name, children.nationalId]),
  );
  return pageOfStudents(
    db,
    where,
    [orderBy(STUDENT_ORDER[f.order_by], f.order_direction), asc(children.id)],
    f.limit,
    f.offset,
  );
}

/** A page of the school's students outside the group (`groupId`), or, without one, in no group. */
export function studentsOutsideGroup(
  db: Executor,
  schoolId: number,
  groupId: number | null,
  f: z.infer<typeof notInGroupSchema>,
) {
  const where = and(
    eq(children.schoolId, schoolId),
    not(membership(groupId !== null ? sql`${groupMembers.groupId} = ${groupId}` : sql`true`)),
    f.class_id === undefined ? undefined : eq(children.classId, f.class_id),
    searchCondition(f.search_text, [children.name, children.nationalId]),
  );
  const order = f.order_by === 'name' ? children.name : children.id;
  return pageOfStudents(db, where, [orderBy(order, f.order_direction), asc(children.id)], f.limit, f.offset);
}

export async function updateStudent(tx: Executor, id: number, values: ReturnType<typeof studentValues>) {
  await tx
    .update(children)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(children.id, id));
}

/** Deletes a learner of the school only, with its activities. */
export async function deleteStudent(tx: Executor, id: number) {
  await tx.delete(children).where(eq(children.id, id));
}

/** A family's child leaves the school and the school's groups, and stays the family's. */
export async function detachStudent(tx: Executor, id: number, schoolId: number) {
  await tx
    .delete(groupMembers)
    .where(
      and(
        eq(groupMembers.childId, id),
        sql`${groupMembers.groupId} in (select ${groups.id} from ${groups} where ${groups.schoolId} = ${schoolId})`,
      ),
    );
  await tx
    .update(children)
    .set({ schoolId: null, classId: null, nationalId: null, updatedAt: sql`now()` })
    .where(eq(children.id, id));
}
