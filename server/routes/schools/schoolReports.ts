import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { reportSchema } from '../../../domain/schemas/schools';
import { isPlatformLevel, ownRegionId } from '../../auth/scope';
import { fieldError, forbidden } from '../../errors';
import { actorOf } from '../../plugins/access';
import { regionInScope } from '../../repositories/regions';
import { allSchools, buildReport, oneSchool, regionSchools } from '../../repositories/schoolReports';
import { schoolInScope, targetSchool } from '../../repositories/schools';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, idParams } from '../schemas';

/** Dashboards of a school, a region and the platform (docs/api/schools.md); the numbers: repositories/schoolReports.ts. */

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

/** The four report calls, each for its level, each scoped. */
export const schoolReportRoutes: FastifyPluginAsyncZod = async (app) => {
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
      const regionId = request.body.region_id ?? ownRegionId(actor);
      if (regionId === undefined) throw fieldError('region_id', 'app.schools.errors.regionRequired');
      const region = await regionInScope(db, actor, regionId);
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
      if (!isPlatformLevel(actorOf(request))) throw forbidden();
      return buildReport(db, allSchools, request.body, 'regions');
    },
  );
};
