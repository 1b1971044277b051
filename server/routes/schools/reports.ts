import { and, desc, eq, sql, type AnyColumn, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_TYPE } from '../../../domain/codes';
import { SEAT_STATUS } from '../../../domain/schools';
import { reportSchema } from '../../../domain/schemas/schools';
import { regionsInScope, scopeOf } from '../../auth/scope';
import type { Executor } from '../../db/client';
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
} from '../../db/schema';
import { fieldError, forbidden, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { approvedOf, schoolInScope, studentsOf, targetSchool } from '../../repositories/schools';
import { qualified as q } from '../../db/qualified';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, idParams } from '../schemas';

/**
 * Dashboards of a school, a region and the platform: counts (docs/PRODUCT.md §3 "Dashboard counts"),
 * students by level and by gender, the groups with their sizes, and a
 * breakdown by school or region. Every number is an SQL aggregate.
 */

/** Which schools a report covers: a condition on any table's school column. */
type SchoolSet = (column: AnyColumn) => SQL;

const oneSchool =
  (id: number): SchoolSet =>
  (column) =>
    sql`${q(column)} = ${id}`;
const regionSchools =
  (regionId: number): SchoolSet =>
  (column) =>
    sql`${q(column)} in (select ${q(schools.id)} from ${schools} where ${q(schools.regionId)} = ${regionId})`;
const allSchools: SchoolSet = (column) => sql`${q(column)} is not null`;

const int = (query: SQL) => sql<number>`coalesce((${query}), 0)::int`;

const countsOut = z.object({
  schools_count: z.number(),
  students_count: z.number(),
  teacher_count: z.number(),
  course_count: z.number(),
  groups_count: z.number(),
  non_Active: z.number(),
  students_without_group: z.number(),
  task_count: z.number(),
  seat_count: z.number(),
  seats_pending: z.number(),
});

const reportGroupOut = z.object({
  id: z.number(),
  name: z.string(),
  school_id: z.number().nullable(),
  school_name: z.string().nullable(),
  teacher_name: z.string().nullable(),
  course_name: z.string().nullable(),
  status: z.number(),
  students_count: z.number(),
});
const breakdownOut = z.object({
  id: z.number(),
  name: z.string(),
  students_count: z.number(),
  seats_approved: z.number(),
  schools_count: z.number(),
});

export const reportOut = z.object({
  groups: z.array(reportGroupOut),
  count: z.number(),
  users_levels_chart: z.array(z.object({ level: z.number().nullable(), count: z.number() })),
  users_genders_chart: z.array(z.object({ gender: z.number().nullable(), count: z.number() })),
  counts: countsOut,
  breakdown: z.array(breakdownOut),
  school: z.object({ id: z.number(), name: z.string(), region_id: z.number() }).optional(),
  region: z.object({ id: z.number(), name: z.string() }).optional(),
});

/** Students in an active group (students_without_group counts the others). */
const inActiveGroup = sql`exists (select 1 from ${groupMembers} join ${groups} on ${q(groups.id)} = ${q(groupMembers.groupId)}
  where ${q(groupMembers.childId)} = ${q(children.id)} and ${q(groupMembers.status)} = 1 and ${q(groups.status)} = 1)`;

async function buildReport(
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

/** The four report calls, each for its level, each scoped. */
export const reportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const response = { 200: reportOut, ...authErrors };

  const schoolReport = async (
    school: { id: number; name: string; regionId: number },
    page: { limit: number; offset: number },
  ) => ({
    ...(await buildReport(db, oneSchool(school.id), page, 'schools')),
    school: { id: school.id, name: school.name, region_id: school.regionId },
  });

  app.post(
    '/schools/admin/report',
    {
      config: { access: 'admin_schools' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['reports'], body: reportSchema, response },
    },
    async (request) => schoolReport(await targetSchool(db, actorOf(request), request.body.school_id), request.body),
  );

  app.post(
    '/region/admin/schools/report/:id',
    {
      config: { access: 'admin_regions' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['reports'], params: idParams, body: reportSchema, response },
    },
    async (request) => schoolReport(await schoolInScope(db, actorOf(request), request.params.id), request.body),
  );

  app.post(
    '/region/admin/report',
    {
      config: { access: 'admin_regions' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['reports'], body: reportSchema, response },
    },
    async (request) => {
      const actor = actorOf(request);
      const scope = scopeOf(actor);
      const regionId = request.body.region_id ?? (scope.level === 'region' ? scope.regionId : undefined);
      if (regionId === undefined) throw fieldError('region_id', 'app.schools.errors.regionRequired');
      const [region] = await db
        .select({ id: regions.id, name: regions.name })
        .from(regions)
        .where(and(eq(regions.id, regionId), regionsInScope(actor)));
      if (!region) throw notFound();
      return { ...(await buildReport(db, regionSchools(region.id), request.body, 'schools')), region };
    },
  );

  app.post(
    '/admin/report',
    {
      config: { access: 'access_dashboard' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['reports'], body: reportSchema, response },
    },
    async (request) => {
      if (scopeOf(actorOf(request)).level !== 'platform') throw forbidden();
      return buildReport(db, allSchools, request.body, 'regions');
    },
  );
};
