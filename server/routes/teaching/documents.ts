import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_STATUS, USER_TYPE } from '../../../domain/codes';
import { documentQuerySchema } from '../../../domain/schemas/teaching';
import { textsIn } from '../../../domain/texts';
import { actorOf } from '../../plugins/access';
import { userPagesInScope, type UserRow } from '../../repositories/documents';
import { documentLocale, formatDay, type DocumentLocale } from '../../services/certificate';
import { certificateDocument, checkCertificate } from '../../services/certificates';
import { sendWorkbook } from '../../adapters/xlsx';
import { attachment, authErrors, errorOut } from '../schemas';

const certificateParams = z.object({
  userId: z.coerce.number({ error: 'app.validation.invalidNumber' }).int().positive().max(2_147_483_647),
  groupId: z.coerce.number({ error: 'app.validation.invalidNumber' }).int().positive().max(2_147_483_647),
});

/** users.xlsx in a locale: its sheet, headers and the labels of codes in its cells (domain/texts `users.*`). */
const userExport = (locale: DocumentLocale) => {
  const t = textsIn(locale);
  return {
    sheet: t('users.sheet'),
    headers: (['id', 'name', 'email', 'type', 'country', 'city', 'mobile_no', 'status', 'created_at'] as const).map(
      (c) => t(`users.column.${c}`),
    ),
    types: {
      [USER_TYPE.family]: t('users.type.family'),
      [USER_TYPE.teacher]: t('users.type.teacher'),
      [USER_TYPE.guest]: t('users.type.guest'),
    } as Record<number, string>,
    active: t('users.active'),
    inactive: t('users.inactive'),
  };
};

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
      const actor = actorOf(request);
      const locale = documentLocale(request.query.lang, request.headers['accept-language']);
      const text = userExport(locale);
      const values: ((u: UserRow) => string | number | null)[] = [
        (u) => u.id,
        (u) => u.name,
        (u) => u.email,
        (u) => text.types[u.type] ?? String(u.type),
        (u) => u.country,
        (u) => u.city,
        (u) => u.mobileNo,
        (u) => (u.removed === USER_STATUS.active ? text.active : text.inactive),
        (u) => formatDay(u.createdAt, locale),
      ];
      return sendWorkbook(reply, 'users.xlsx', [
        {
          name: text.sheet,
          rtl: locale === 'ar',
          rows: userPagesInScope(db, actor),
          columns: text.headers.map((header, i) => ({ header, value: values[i], width: i === 2 ? 32 : 18 })),
        },
      ]);
    },
  );
};
