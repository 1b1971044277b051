import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { classListSchema } from '../../domain/schemas/schools';
import type { Actor } from '../auth/actor';
import { schoolColumnInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { orderBy, searchCondition } from '../db/listing';
import { qualified as q } from '../db/qualified';
import { children, schoolClasses } from '../db/schema';
import { conflict, notFound } from '../errors';

/** Queries of a school's classes (name and number, the school year). */

export type ClassRow = typeof schoolClasses.$inferSelect;

type ClassListInput = z.infer<typeof classListSchema>;

const CLASS_ORDER = { number: schoolClasses.number, name: schoolClasses.name, id: schoolClasses.id };
const classColumns = {
  id: schoolClasses.id,
  school_id: schoolClasses.schoolId,
  name: schoolClasses.name,
  number: schoolClasses.number,
  created_at: schoolClasses.createdAt,
  students_count: sql<number>`(select count(*)::int from ${children} where ${q(children.classId)} = ${q(schoolClasses.id)})`,
};
const present = <R extends { created_at: Date }>(r: R) => ({ ...r, created_at: r.created_at.toISOString() });

/** A class of a school the actor administers, or 404. */
export async function classInScope(db: Executor, actor: Actor, id: number): Promise<ClassRow> {
  const [row] = await db
    .select()
    .from(schoolClasses)
    .where(and(eq(schoolClasses.id, id), schoolColumnInScope(schoolClasses.schoolId, actor)));
  if (!row) throw notFound();
  return row;
}

/** A class as the API presents it, with its number of students. */
export const presentedClass = async (db: Executor, id: number) =>
  present((await db.select(classColumns).from(schoolClasses).where(eq(schoolClasses.id, id)))[0]);

/** A page of a school's classes and their total. */
export async function classesOfSchool(db: Executor, schoolId: number, f: ClassListInput) {
  const where = and(eq(schoolClasses.schoolId, schoolId), searchCondition(f.search_text, [schoolClasses.name]));
  const rows = await db
    .select({ ...classColumns, total: sql<number>`cast(count(*) over() as integer)` })
    .from(schoolClasses)
    .where(where)
    .orderBy(orderBy(CLASS_ORDER[f.order_by], f.order_direction), asc(schoolClasses.name))
    .limit(f.limit)
    .offset(f.offset);
  const total =
    rows[0]?.total ?? (f.offset > 0 ? (await db.select({ n: count() }).from(schoolClasses).where(where))[0].n : 0);
  return { classes: rows.map(({ total: _t, ...r }) => present(r)), count: total };
}

/** Runs a write that may hit the class name's unique index: 409 instead of a database error. */
export async function uniqueClassName<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('app.schools.errors.classNameTaken', { name: 'app.schools.errors.classNameTaken' });
    throw error;
  }
}

export async function insertClass(tx: Executor, values: { schoolId: number; name: string; number: number }) {
  const [created] = await tx.insert(schoolClasses).values(values).returning();
  return created;
}

export async function updateClass(tx: Executor, id: number, values: { name: string; number: number }) {
  await tx.update(schoolClasses).set(values).where(eq(schoolClasses.id, id));
}

/** Deletes a class; its students stay in the school, without a class. */
export async function deleteClass(tx: Executor, id: number) {
  await tx.delete(schoolClasses).where(eq(schoolClasses.id, id));
}
