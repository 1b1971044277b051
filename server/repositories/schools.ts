import { and, count, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { ROLE } from '../../domain/permissions';
import type { z } from 'zod';
import { USER_STATUS, USER_TYPE } from '../../domain/codes';
import type { schoolListSchema } from '../../domain/schemas/schools';
import { orderBy, searchCondition } from '../db/listing';
import { SEAT_STATUS } from '../../domain/schools';
import { ownSchoolId, schoolsInScope } from '../auth/scope';
import type { Actor } from '../auth/actor';
import type { Executor } from '../db/client';
import {
  children,
  groupMembers,
  groups,
  regions,
  roles,
  schoolClasses,
  schoolQuotas,
  schools,
  seatRequests,
  userRoles,
  users,
} from '../db/schema';
import { fieldError, notFound } from '../errors';
import { qualified as q } from '../db/qualified';

/**
 * Queries of the schools area: a school in the caller's scope, the columns
 * each list answers with (counts as SQL subqueries, never by loading rows),
 * and the seat lock every enrolment goes through (services/seats.ts).
 */

export type SchoolRow = typeof schools.$inferSelect;

/** A school the actor administers, or 404. */
export async function schoolInScope(db: Executor, actor: Actor, id: number): Promise<SchoolRow> {
  const [row] = await db
    .select()
    .from(schools)
    .where(and(eq(schools.id, id), schoolsInScope(actor)));
  if (!row) throw notFound();
  return row;
}

/**
 * The school a call acts on: a school admin's own school; above the school,
 * the `school_id` the caller names (400 without one, 404 outside the scope).
 */
export async function targetSchool(db: Executor, actor: Actor, schoolId: number | undefined): Promise<SchoolRow> {
  const id = schoolId ?? ownSchoolId(actor);
  if (id === undefined) throw fieldError('school_id', 'app.schools.errors.schoolRequired');
  return schoolInScope(db, actor, id);
}

const int = (query: SQL) => sql<number>`coalesce((${query}), 0)::int`;

/** Correlated counts: `schoolId` is the outer query's school column. */
export const studentsOf = (schoolId: AnyColumn) =>
  int(sql`select count(*) from ${children} where ${q(children.schoolId)} = ${q(schoolId)}`);
const teachersOf = (schoolId: AnyColumn) =>
  int(
    sql`select count(*) from ${users} where ${q(users.schoolId)} = ${q(schoolId)} and ${q(users.type)} = ${USER_TYPE.teacher}`,
  );
export const approvedOf = (schoolId: AnyColumn) =>
  int(
    sql`select ${q(schoolQuotas.approvedSeats)} from ${schoolQuotas} where ${q(schoolQuotas.schoolId)} = ${q(schoolId)}`,
  );

/** The columns of a school in a list: its place, its people and its seats. */
export const schoolColumns = {
  id: schools.id,
  name: schools.name,
  region_id: schools.regionId,
  region_name: regions.name,
  city: schools.city,
  address: schools.address,
  created_at: schools.createdAt,
  students_count: studentsOf(schools.id),
  teachers_count: teachersOf(schools.id),
  groups_count: int(sql`select count(*) from ${groups} where ${q(groups.schoolId)} = ${q(schools.id)}`),
  classes_count: int(sql`select count(*) from ${schoolClasses} where ${q(schoolClasses.schoolId)} = ${q(schools.id)}`),
  seats_approved: approvedOf(schools.id),
  seats_pending: int(
    sql`select sum(${q(seatRequests.seats)}) from ${seatRequests} where ${q(seatRequests.schoolId)} = ${q(schools.id)} and ${q(seatRequests.status)} = ${SEAT_STATUS.pending}`,
  ),
  admins: sql<
    { id: number; name: string; email: string }[]
  >`coalesce((select json_agg(json_build_object('id', ${q(users.id)}, 'name', ${q(users.name)}, 'email', ${q(users.email)}) order by ${q(users.id)})
    from ${users} join ${userRoles} on ${q(userRoles.userId)} = ${q(users.id)} join ${roles} on ${q(roles.id)} = ${q(userRoles.roleId)}
    where ${q(users.schoolId)} = ${q(schools.id)} and ${q(roles.key)} = ${ROLE.schoolAdmin}), '[]'::json)`,
};

type SchoolListRow = { [K in keyof typeof schoolColumns]: unknown } & {
  created_at: Date;
  seats_approved: number;
  students_count: number;
};
export const presentSchool = <R extends SchoolListRow>(row: R) => ({
  ...row,
  created_at: row.created_at.toISOString(),
  seats_used: row.students_count,
  seats_free: Math.max(0, row.seats_approved - row.students_count),
});

/** A page of schools with the total. */
export async function listSchools(db: Executor, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  const rows = await db
    .select({ ...schoolColumns, total: sql<number>`cast(count(*) over() as integer)` })
    .from(schools)
    .innerJoin(regions, eq(regions.id, schools.regionId))
    .where(where)
    .orderBy(...order)
    .limit(limit)
    .offset(offset);
  const total = rows[0]?.total ?? (offset > 0 ? (await db.select({ n: count() }).from(schools).where(where))[0].n : 0);
  return { schools: rows.map(({ total: _t, ...r }) => presentSchool(r)), count: total };
}

type SchoolListInput = z.infer<typeof schoolListSchema>;
const SCHOOL_ORDER = { id: schools.id, name: schools.name, created_at: schools.createdAt };

/** A page of the schools `within` a condition, searched by name or city, and their total. */
const schoolPage = (db: Executor, within: SQL | undefined, f: Omit<SchoolListInput, 'region_id'>) =>
  listSchools(
    db,
    and(within, searchCondition(f.search_text, [schools.name, schools.city])),
    [orderBy(SCHOOL_ORDER[f.order_by], f.order_direction), desc(schools.id)],
    f.limit,
    f.offset,
  );

/** The schools the actor administers (of one region with `region_id`). */
export const schoolsOfActor = (db: Executor, actor: Actor, f: SchoolListInput) =>
  schoolPage(
    db,
    and(schoolsInScope(actor), f.region_id === undefined ? undefined : eq(schools.regionId, f.region_id)),
    f,
  );

/** The schools of a region. */
export const schoolsOfRegion = (db: Executor, regionId: number, f: Omit<SchoolListInput, 'region_id'>) =>
  schoolPage(db, eq(schools.regionId, regionId), f);

/** A school as the API presents it, with its region, counts and seats. */
export async function presentedSchool(db: Executor, id: number) {
  const {
    schools: [school],
  } = await listSchools(db, eq(schools.id, id), [desc(schools.id)], 1, 0);
  return school;
}

/** A new school with its (empty) seat quota. */
export async function insertSchool(
  tx: Executor,
  values: { name: string; regionId: number; city: string | null; address: string | null },
): Promise<SchoolRow> {
  const [school] = await tx.insert(schools).values(values).returning();
  await tx.insert(schoolQuotas).values({ schoolId: school.id });
  return school;
}

/** Renames a school; a city or address left undefined stays as it is. */
export async function updateSchool(
  tx: Executor,
  id: number,
  input: { name: string; city?: string | null; address?: string | null },
): Promise<SchoolRow> {
  const [after] = await tx
    .update(schools)
    .set({
      name: input.name,
      ...(input.city !== undefined ? { city: input.city } : {}),
      ...(input.address !== undefined ? { address: input.address } : {}),
    })
    .where(eq(schools.id, id))
    .returning();
  return after;
}

/** The school still has students, teachers or groups. */
export async function schoolHasPeopleOrGroups(tx: Executor, schoolId: number): Promise<boolean> {
  const [{ n: students }] = await tx.select({ n: count() }).from(children).where(eq(children.schoolId, schoolId));
  const [{ n: staff }] = await tx
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.schoolId, schoolId), eq(users.type, USER_TYPE.teacher)));
  const [{ n: groupCount }] = await tx.select({ n: count() }).from(groups).where(eq(groups.schoolId, schoolId));
  return students + staff + groupCount > 0;
}

/** Every account of the school loses it and is deactivated; answers their ids. */
export async function detachSchoolAccounts(tx: Executor, schoolId: number): Promise<number[]> {
  const rows = await tx
    .update(users)
    .set({ schoolId: null, removed: USER_STATUS.inactive, updatedAt: sql`now()` })
    .where(eq(users.schoolId, schoolId))
    .returning({ id: users.id });
  return rows.map((r) => r.id);
}

export async function deleteSchool(tx: Executor, schoolId: number) {
  await tx.delete(schools).where(eq(schools.id, schoolId));
}

// ---- students ----

export const studentColumns = {
  id: children.id,
  name: children.name,
  national_id: children.nationalId,
  gender: children.gender,
  birthdate: children.birthdate,
  mobile_no: children.mobileNo,
  school_id: children.schoolId,
  class_id: children.classId,
  class_name: schoolClasses.name,
  class_number: schoolClasses.number,
  parent_id: children.parentId,
  created_at: children.createdAt,
  groups: sql<
    { id: number; name: string }[]
  >`coalesce((select json_agg(json_build_object('id', ${q(groups.id)}, 'name', ${q(groups.name)}) order by ${q(groups.name)})
    from ${groupMembers} join ${groups} on ${q(groups.id)} = ${q(groupMembers.groupId)} where ${q(groupMembers.childId)} = ${q(children.id)}), '[]'::json)`,
};
export const presentStudent = <R extends { created_at: Date }>(row: R) => ({
  ...row,
  created_at: row.created_at.toISOString(),
});

// ---- teachers ----

export const teacherColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  gender: users.gender,
  mobile_no: users.mobileNo,
  removed: users.removed,
  school_id: users.schoolId,
  created_at: users.createdAt,
  groups: sql<
    { id: number; name: string }[]
  >`coalesce((select json_agg(json_build_object('id', ${q(groups.id)}, 'name', ${q(groups.name)}) order by ${q(groups.name)})
    from ${groups} where ${q(groups.teacherId)} = ${q(users.id)} and ${q(groups.schoolId)} = ${q(users.schoolId)}), '[]'::json)`,
};
export const presentTeacher = presentStudent;

/** Teachers of a school: teacher accounts whose school it is. */
export const teachersOfSchool = (schoolId: number) =>
  and(eq(users.schoolId, schoolId), eq(users.type, USER_TYPE.teacher));

// ---- seats ----

const nameOf = (id: AnyColumn) =>
  sql<string | null>`(select ${q(users.name)} from ${users} where ${q(users.id)} = ${q(id)})`;

export const seatRequestColumns = {
  id: seatRequests.id,
  school_id: seatRequests.schoolId,
  school_name: schools.name,
  region_id: schools.regionId,
  region_name: regions.name,
  seats: seatRequests.seats,
  note: seatRequests.note,
  status: seatRequests.status,
  region_status: seatRequests.regionStatus,
  requested_by: seatRequests.requestedBy,
  requested_by_name: nameOf(seatRequests.requestedBy),
  region_decided_by_name: nameOf(seatRequests.regionDecidedBy),
  region_decided_at: seatRequests.regionDecidedAt,
  region_note: seatRequests.regionNote,
  admin_decided_by_name: nameOf(seatRequests.adminDecidedBy),
  admin_decided_at: seatRequests.adminDecidedAt,
  admin_note: seatRequests.adminNote,
  created_at: seatRequests.createdAt,
};
export const presentSeatRequest = <
  R extends { created_at: Date; region_decided_at: Date | null; admin_decided_at: Date | null },
>(
  row: R,
) => ({
  ...row,
  created_at: row.created_at.toISOString(),
  region_decided_at: row.region_decided_at?.toISOString() ?? null,
  admin_decided_at: row.admin_decided_at?.toISOString() ?? null,
});

export interface Seats {
  approved: number;
  used: number;
  free: number;
}

/** A school's seats now, without a lock (for showing). */
export async function seatsOf(db: Executor, schoolId: number): Promise<Seats> {
  const [row] = await db
    .select({ approved: approvedOf(schools.id), used: studentsOf(schools.id) })
    .from(schools)
    .where(eq(schools.id, schoolId));
  return {
    approved: row?.approved ?? 0,
    used: row?.used ?? 0,
    free: Math.max(0, (row?.approved ?? 0) - (row?.used ?? 0)),
  };
}

/**
 * Locks the school's quota row until the transaction ends (SELECT ... FOR
 * UPDATE; the row is made if missing) and answers its seats. Every change of
 * a school's students (services/seats.ts admitLearners) or quota goes through
 * here first, so two transactions never count the same free seat.
 */
export async function lockSeats(tx: Executor, schoolId: number): Promise<Seats> {
  await tx.insert(schoolQuotas).values({ schoolId }).onConflictDoNothing();
  const [quota] = await tx
    .select({ approved: schoolQuotas.approvedSeats })
    .from(schoolQuotas)
    .where(eq(schoolQuotas.schoolId, schoolId))
    .for('update');
  const [{ used }] = await tx.select({ used: count() }).from(children).where(eq(children.schoolId, schoolId));
  return { approved: quota.approved, used, free: Math.max(0, quota.approved - used) };
}
