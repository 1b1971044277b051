import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { documentQuerySchema } from '../../../domain/schemas/teaching';
import { actorOf } from '../../plugins/access';
import { documentLocale } from '../../services/certificate';
import { certificateDocument, checkCertificate } from '../../services/certificates';
import { usersSheets } from '../../services/exportJobs';
import { sendWorkbook } from '../../adapters/xlsx';
import { attachment, authErrors, errorOut } from '../schemas';

const certificateParams = z.object({
  userId: z.coerce.number({ error: 'app.validation.invalidNumber' }).int().positive().max(2_147_483_647),
  groupId: z.coerce.number({ error: 'app.validation.invalidNumber' }).int().positive().max(2_147_483_647),
});

/** Certificates (with their public check) and the users export. */
export const documentsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/users/export/certificate/:userId/:groupId',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['documents'],
        params: certificateParams,
        querystring: documentQuerySchema,
        produces: ['application/pdf'],
        response: { 200: z.any().describe('{student_name}-certificate.pdf'), ...authErrors, 409: errorOut },
      },
    },
    async (request, reply) => {
      const locale = documentLocale(request.query.lang, request.headers['accept-language']);
      const { userId: childId, groupId } = request.params;
      const { pdf, filename } = await certificateDocument(
        db,
        actorOf(request),
        { childId, groupId },
        locale,
        app.config.publicUrl,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(filename))
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  app.get(
    '/certificates/:code',
    {
      config: { access: 'public', capabilityParams: ['code'] },
      schema: {
        tags: ['documents'],
        params: z.object({ code: z.string().max(20) }),
        response: {
          200: z.object({
            certificate: z.object({
              code: z.string(),
              course: z.string().nullable(),
              date: z.string(),
              first_name: z.string(),
            }),
          }),
          404: errorOut,
        },
      },
    },
    async (request) => ({ certificate: await checkCertificate(db, request.params.code) }),
  );

  app.get(
    '/users/export',
    {
      config: { access: 'users.manage' },
      schema: {
        tags: ['documents'],
        querystring: documentQuerySchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: { ...authErrors },
      },
    },
    async (request, reply) => {
      const locale = documentLocale(request.query.lang, request.headers['accept-language']);
      return sendWorkbook(reply, 'users.xlsx', usersSheets(db, actorOf(request), locale));
    },
  );
};
