import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  reliabilityCohortOut,
  reliabilityExportSchema,
  reliabilityQuerySchema,
  reliabilityReportOut,
} from '../../../domain/schemas/reliability';
import { sendWorkbook, XLSX_MIME } from '../../adapters/xlsx';
import { actorOf } from '../../plugins/access';
import { documentLocale } from '../../services/certificate';
import { listReliabilityCohorts, reliabilityReport, reliabilitySheets } from '../../services/reliability';
import { authErrors } from '../schemas';

/**
 * Marker reliability for admin_neomi (docs/api/marking.md "Marker reliability", docs/RELIABILITY.md): the cohorts
 * of double-marked tests, a cohort's report and its workbook. Every call reads only the tests of learners in the
 * caller's scope; a cohort with none there is 404. The workflow is in server/services/reliability.ts, the queries
 * in server/repositories/reliability.ts, the statistics in domain/reliability/.
 */
export const reliabilityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/marking/reliability/cohorts',
    {
      config: { access: 'tests.administer' },
      schema: {
        tags: ['marking'],
        response: { 200: z.object({ cohorts: z.array(reliabilityCohortOut) }), ...authErrors },
      },
    },
    async (request) => ({ cohorts: await listReliabilityCohorts(db, actorOf(request)) }),
  );

  app.get(
    '/marking/reliability',
    {
      config: { access: 'tests.administer' },
      schema: {
        tags: ['marking'],
        querystring: reliabilityQuerySchema,
        response: { 200: reliabilityReportOut, ...authErrors },
      },
    },
    async (request) => reliabilityReport(db, actorOf(request), request.query.cohort),
  );

  app.get(
    '/marking/reliability/export',
    {
      config: { access: 'tests.administer' },
      schema: {
        tags: ['marking'],
        querystring: reliabilityExportSchema,
        produces: [XLSX_MIME],
        response: { ...authErrors },
      },
    },
    async (request, reply) => {
      const locale = documentLocale(request.query.locale, request.headers['accept-language']);
      const { filename, sheets } = await reliabilitySheets(db, actorOf(request), request.query.cohort, locale);
      return sendWorkbook(reply, filename, sheets);
    },
  );
};
