import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  examExportGroupsSchema,
  examExportSchema,
  exportGroupOut,
  printOut,
  printSchema,
} from '../../../domain/schemas/reports';
import { XLSX_MIME, sendWorkbook } from '../../adapters/xlsx';
import { actorOf } from '../../plugins/access';
import { documentLocale } from '../../services/certificate';
import { printPdf } from '../../services/reportDocuments';
import { examResultsSheets, exportableGroups, printedTests } from '../../services/reportExports';
import { errorOut } from '../schemas';
import { reportErrors } from './schemas';

/**
 * exam_results.xlsx and the print pages (docs/api/reports.md "Exports and
 * prints"). Both check the report permission and that the group or learner
 * is in the caller's scope (404 otherwise).
 */
export const exportRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/exam-export',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reports'],
        querystring: examExportSchema,
        produces: [XLSX_MIME],
        response: { ...reportErrors },
      },
    },
    async (request, reply) => {
      const q = request.query;
      const locale = documentLocale(q.locale, request.headers['accept-language']);
      return sendWorkbook(reply, 'exam_results.xlsx', await examResultsSheets(db, actorOf(request), q, locale));
    },
  );

  app.get(
    '/exam-export/groups',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['reports'],
        querystring: examExportGroupsSchema,
        response: {
          200: z.object({ groups: z.array(exportGroupOut) }),
          ...reportErrors,
        },
      },
    },
    async (request) => ({ groups: await exportableGroups(db, actorOf(request), request.query.school_id) }),
  );

  for (const url of ['/users/print/group/users/answers', '/users/print/group/users/answers/all']) {
    app.post(
      url,
      {
        config: { access: 'signed-in' },
        schema: { tags: ['reports'], body: printSchema, response: { 200: printOut, ...reportErrors, 415: errorOut } },
      },
      async (request, reply) => {
        const input = request.body;
        const locale = documentLocale(input.locale, request.headers['accept-language']);
        const learners = await printedTests(db, actorOf(request), input, locale);
        if (input.format === 'pdf') {
          const pdf = await printPdf(learners, input.kind, locale);
          return reply
            .header('content-type', 'application/pdf')
            .header('cache-control', 'private, no-store')
            .header(
              'content-disposition',
              `attachment; filename="${input.kind === 'corrected' ? 'neomi-test-corrected' : 'neomi-test'}.pdf"`,
            )
            .send(pdf as never);
        }
        reply.header('cache-control', 'private, no-store');
        return { kind: input.kind, learners };
      },
    );
  }
};
