import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { reportOut, reportSchema } from '../../../domain/schemas/schools';
import { isPlatformLevel, ownRegionId } from '../../auth/scope';
import { fieldError, forbidden } from '../../errors';
import { actorOf } from '../../plugins/access';
import { regionInScope } from '../../repositories/regions';
import { allSchools, buildReport, oneSchool, regionSchools } from '../../repositories/schoolReports';
import { schoolInScope, targetSchool } from '../../repositories/schools';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, idParams } from '../schemas';

/** Dashboards of a school, a region and the platform (docs/api/schools.md); the numbers: repositories/schoolReports.ts. */

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
      config: { access: 'schools.manage' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['reports'], body: reportSchema, response },
    },
    async (request) => schoolReport(await targetSchool(db, actorOf(request), request.body.school_id), request.body),
  );

  app.post(
    '/region/admin/schools/report/:id',
    {
      config: { access: 'regions.manage' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['reports'], params: idParams, body: reportSchema, response },
    },
    async (request) => schoolReport(await schoolInScope(db, actorOf(request), request.params.id), request.body),
  );

  app.post(
    '/region/admin/report',
    {
      config: { access: 'regions.manage' },
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
      config: { access: 'platform.manage' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['reports'], body: reportSchema, response },
    },
    async (request) => {
      if (!isPlatformLevel(actorOf(request))) throw forbidden();
      return buildReport(db, allSchools, request.body, 'regions');
    },
  );
};
