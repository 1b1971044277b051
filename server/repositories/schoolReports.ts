import { desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import { USER_TYPE } from '../../domain/codes';
import { SEAT_STATUS } from '../../domain/schools';
import type { Executor } from '../db/client';
import { qualified as q } from '../db/qualified';
import {
  activities,
  children,
  courses,
  groupMembers,
  groups,
  regions,
  schoolClasses,
  schoolQuotas,
  schools,
  seatRequests,
  users,
} from '../db/schema';
import { approvedOf, studentsOf } from './schools';

/**
 * Dashboards of a school, a region and the platform: counts (docs/PRODUCT.md §3 "Dashboard counts"),
 * students by level and by gender, the groups with their sizes, and a
 * breakdown by school or region. Every number is an SQL aggregate.
 */

/** Which schools a report covers: a condition on any table's school column. */
export type SchoolSet = (column: AnyColumn) => SQL;

export const oneSchool =
  (id: number): SchoolSet =>
  (column) =>
    sql`${q(column)} = ${id}`;
export const regionSchools =
  (regionId: number): SchoolSet =>
  (column) =>
    sql`${q(column)} in (select ${q(schools.id)} from ${schools} where ${q(schools.regionId)} = ${regionId})`;
export const allSchools: SchoolSet = (column) => sql`${q(column)} is not null`;

const int = (query: SQL) => sql<number>`coalesce((${query}), 0)::int`;

/** Students in an active group (students_without_group counts the others). */
const inActiveGroup = sql`exists (select 1 from ${groupMembers} join ${groups} on ${q(groups.id)} = ${q(groupMembers.groupId)}
  where ${q(groupMembers.childId)} = ${q(children.id)} and ${q(groupMembers.status)} = 1 and ${q(groups.status)} = 1)`;

export async function buildReport(
  db: Executor,
  within: SchoolSet,
  page: { limit: number; offset: number },
  breakdown: 'schools' | 'regions',
) {
  const [counts] = await db
    .select({
      schools_count: int(sql`select count(*) from ${schools} where ${within(schools.id)}`),
      students_count: int(sql`select count(*) from ${children} where ${within(children.schoolId)}`),
      teacher_count: int(
        sql`select count(*) from ${users} where ${within(users.schoolId)} and ${q(users.type)} = ${USER_TYPE.teacher}`,
      ),
      course_count: int(
        sql`select count(distinct ${q(groups.courseId)}) from ${groups} where ${within(groups.schoolId)}`,
      ),
      groups_count: int(sql`select count(*) from ${groups} where ${within(groups.schoolId)}`),
      non_Active: int(sql`select count(*) from ${users} where ${within(users.schoolId)} and ${q(users.removed)} <> 0`),
      students_without_group: int(
        sql`select count(*) from ${children} where ${within(children.schoolId)} and not ${inActiveGroup}`,
      ),
      task_count: int(
        sql`select count(*) from ${activities} join ${children} on ${q(children.id)} = ${q(activities.childId)} where ${within(children.schoolId)}`,
      ),
      seat_count: int(
        sql`select sum(${q(schoolQuotas.approvedSeats)}) from ${schoolQuotas} where ${within(schoolQuotas.schoolId)}`,
      ),
      seats_pending: int(
        sql`select sum(${q(seatRequests.seats)}) from ${seatRequests} where ${within(seatRequests.schoolId)} and ${q(seatRequests.status)} = ${SEAT_STATUS.pending}`,
      ),
    })
    .from(sql`(select 1) as one`);

  const users_levels_chart = await db
    .select({ level: schoolClasses.number, count: sql<number>`count(*)::int` })
    .from(children)
    .leftJoin(schoolClasses, eq(schoolClasses.id, children.classId))
    .where(within(children.schoolId))
    .groupBy(schoolClasses.number)
    .orderBy(sql`${schoolClasses.number} asc nulls last`);

  const users_genders_chart = await db
    .select({ gender: children.gender, count: sql<number>`count(*)::int` })
    .from(children)
    .where(within(children.schoolId))
    .groupBy(children.gender)
    .orderBy(sql`${children.gender} asc nulls last`);

  const studentsCount = sql<number>`(select count(*)::int from ${groupMembers} where ${q(groupMembers.groupId)} = ${q(groups.id)})`;
  const groupRows = await db
    .select({
      id: groups.id,
      name: groups.name,
      school_id: groups.schoolId,
      school_name: schools.name,
      teacher_name: users.name,
      course_name: courses.name,
      status: groups.status,
      students_count: studentsCount,
    })
    .from(groups)
    .leftJoin(schools, eq(schools.id, groups.schoolId))
    .leftJoin(users, eq(users.id, groups.teacherId))
    .leftJoin(courses, eq(courses.id, groups.courseId))
    .where(within(groups.schoolId))
    .orderBy(desc(studentsCount), groups.name, groups.id)
    .limit(page.limit)
    .offset(page.offset);

  const rows =
    breakdown === 'schools'
      ? await db
          .select({
            id: schools.id,
            name: schools.name,
            students_count: studentsOf(schools.id),
            seats_approved: approvedOf(schools.id),
            schools_count: sql<number>`1`,
          })
          .from(schools)
          .where(within(schools.id))
          .orderBy(desc(studentsOf(schools.id)), schools.name)
          .limit(50)
      : await db
          .select({
            id: regions.id,
            name: regions.name,
            students_count: int(
              sql`select count(*) from ${children} join ${schools} on ${q(schools.id)} = ${q(children.schoolId)} where ${q(schools.regionId)} = ${q(regions.id)}`,
            ),
            seats_approved: int(
              sql`select sum(${q(schoolQuotas.approvedSeats)}) from ${schoolQuotas} join ${schools} on ${q(schools.id)} = ${q(schoolQuotas.schoolId)} where ${q(schools.regionId)} = ${q(regions.id)}`,
            ),
            schools_count: int(sql`select count(*) from ${schools} where ${q(schools.regionId)} = ${q(regions.id)}`),
          })
          .from(regions)
          .orderBy(regions.name)
          .limit(50);

  return {
    groups: groupRows,
    count: counts.groups_count,
    users_levels_chart,
    users_genders_chart,
    counts,
    breakdown: rows.map((r) => ({ ...r, schools_count: Number(r.schools_count) })),
  };
}
