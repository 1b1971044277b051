import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { USER_TYPE } from '../../domain/codes';
import type { teacherListSchema } from '../../domain/schemas/schools';
import type { Actor } from '../auth/actor';
import { schoolColumnInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { orderBy, searchCondition } from '../db/listing';
import { groups, users } from '../db/schema';
import { notFound } from '../errors';
import { presentTeacher, teacherColumns, teachersOfSchool } from './schools';

/** Queries of a school's teachers: accounts with the teacher role and the school. */

export type TeacherRow = typeof users.$inferSelect;

const TEACHER_ORDER = { id: users.id, name: users.name, email: users.email, created_at: users.createdAt };

/** A teacher of a school the actor administers, or 404. */
export async function teacherInScope(db: Executor, actor: Actor, id: number): Promise<TeacherRow> {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.type, USER_TYPE.teacher),
        isNotNull(users.schoolId),
        schoolColumnInScope(users.schoolId, actor),
      ),
    );
  if (!row) throw notFound();
  return row;
}

/** A teacher as the API presents it. */
export const presentedTeacher = async (db: Executor, id: number) =>
  presentTeacher((await db.select(teacherColumns).from(users).where(eq(users.id, id)))[0]);

/** A page of a school's teachers (status 0 active, otherwise the removed ones) and their total. */
export async function teachersOfSchoolPage(db: Executor, schoolId: number, f: z.infer<typeof teacherListSchema>) {
  const where = and(
    teachersOfSchool(schoolId),
    searchCondition(f.search_text, [users.name, users.email]),
    f.status === undefined ? undefined : f.status === 0 ? eq(users.removed, 0) : sql`${users.removed} <> 0`,
  );
  const rows = await db
    .select({ ...teacherColumns, total: sql<number>`cast(count(*) over() as integer)` })
    .from(users)
    .where(where)
    .orderBy(orderBy(TEACHER_ORDER[f.order_by], f.order_direction), asc(users.id))
    .limit(f.limit)
    .offset(f.offset);
  const total = rows[0]?.total ?? (f.offset > 0 ? (await db.select({ n: count() }).from(users).where(where))[0].n : 0);
  return { teachers: rows.map(({ total: _t, ...r }) => presentTeacher(r)), count: total };
}

/** The school's active teachers, id and name, by name (up to 1000). */
export const activeTeachersOfSchool = (db: Executor, schoolId: number) =>
  db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(teachersOfSchool(schoolId), eq(users.removed, 0)))
    .orderBy(users.name)
    .limit(1000);

/** The teacher leaves the school and the school's groups; the account stays. */
export async function detachTeacher(tx: Executor, teacherId: number, schoolId: number) {
  await tx
    .update(groups)
    .set({ teacherId: null, updatedAt: sql`now()` })
    .where(and(eq(groups.teacherId, teacherId), eq(groups.schoolId, schoolId)));
  await tx
    .update(users)
    .set({ schoolId: null, updatedAt: sql`now()` })
    .where(eq(users.id, teacherId));
}
