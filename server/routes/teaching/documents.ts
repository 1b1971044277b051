import { and, asc, eq, gt } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEMBER_STATUS, USER_STATUS, USER_TYPE } from '../../../domain/codes';
import { documentQuerySchema } from '../../../domain/schemas/teaching';
import { textsIn } from '../../../domain/texts';
import { childrenInScope, groupsInScope, usersInScope } from '../../auth/scope';
import { isUniqueViolation } from '../../db/errors';
import { certificates, children, courses, groupMembers, groups, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { writeLog } from '../../services/audit';
import { certificatePdf, documentLocale, formatDay, type DocumentLocale } from '../../services/certificate';
import { sendWorkbook } from '../../adapters/xlsx';
import { authErrors, errorOut } from '../schemas';
import { randomCode } from './access';

const certificateParams = z.object({
  userId: z.coerce.number({ error: 'app.validation.invalidNumber' }).int().positive().max(2_147_483_647),
  groupId: z.coerce.number({ error: 'app.validation.invalidNumber' }).int().positive().max(2_147_483_647),
});
const CODE_PATTERN = /^[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}$/;
const newCertificateCode = () => `${randomCode(4)}-${randomCode(4)}-${randomCode(4)}`;

/** A download name: the text as it is (filename*) and a plain fallback. */
const attachment = (filename: string) =>
  `attachment; filename="${filename.replace(/[^\w.-]/g, '_')}"; filename*=UTF-8''${encodeURIComponent(filename)}`;

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
      const actor = actorOf(request);
      const [row] = await db
        .select({
          childId: children.id,
          childName: children.name,
          childGender: children.gender,
          groupId: groups.id,
          groupName: groups.name,
          courseName: courses.name,
          status: groupMembers.status,
        })
        .from(children)
        .innerJoin(groups, eq(groups.id, request.params.groupId))
        .leftJoin(courses, eq(courses.id, groups.courseId))
        .leftJoin(groupMembers, and(eq(groupMembers.groupId, groups.id), eq(groupMembers.childId, children.id)))
        .where(and(eq(children.id, request.params.userId), childrenInScope(actor), groupsInScope(actor)));
      if (!row) throw notFound();
      if (row.status !== MEMBER_STATUS.active) throw new AppError(409, 'app.teaching.certificateNotMember');
      // one certificate per learner and group: its code and date stay the same each time it is printed
      let [certificate] = await db
        .select()
        .from(certificates)
        .where(and(eq(certificates.childId, row.childId), eq(certificates.groupId, row.groupId)));
      if (!certificate) {
        try {
          certificate = await db.transaction(async (tx) => {
            const [created] = await tx
              .insert(certificates)
              .values({ code: newCertificateCode(), childId: row.childId, groupId: row.groupId, issuedBy: actor.id })
              .returning();
            await writeLog(tx, {
              actorId: actor.id,
              action: 'create',
              entity: 'certificate',
              entityId: created.id,
              newValue: { child_id: row.childId, group_id: row.groupId },
            });
            return created;
          });
        } catch (error) {
          if (!isUniqueViolation(error)) throw error;
          [certificate] = await db
            .select()
            .from(certificates)
            .where(and(eq(certificates.childId, row.childId), eq(certificates.groupId, row.groupId)));
        }
      }
      const locale = documentLocale(request.query.lang, request.headers['accept-language']);
      const base = app.config.publicUrl;
      const pdf = await certificatePdf(
        {
          studentName: row.childName,
          gender: row.childGender,
          course: row.courseName ?? '',
          group: row.groupName,
          issuedAt: certificate.issuedAt,
          code: certificate.code,
          checkUrl: `${base.replace(/\/$/, '')}/certificate/${certificate.code}`,
        },
        locale,
      );
      return reply
        .type('application/pdf')
        .header('content-disposition', attachment(`${row.childName}-certificate.pdf`))
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
    async (request) => {
      const code = request.params.code.toUpperCase();
      if (!CODE_PATTERN.test(code)) throw new AppError(404, 'app.teaching.certificateNotFound');
      const [row] = await db
        .select({ code: certificates.code, issuedAt: certificates.issuedAt, name: children.name, course: courses.name })
        .from(certificates)
        .innerJoin(children, eq(children.id, certificates.childId))
        .innerJoin(groups, eq(groups.id, certificates.groupId))
        .leftJoin(courses, eq(courses.id, groups.courseId))
        .where(eq(certificates.code, code));
      if (!row) throw new AppError(404, 'app.teaching.certificateNotFound');
      // only what proves the certificate: never the full name, the family or the group
      return {
        certificate: {
          code: row.code,
          course: row.course,
          date: row.issuedAt.toISOString().slice(0, 10),
          first_name: row.name.trim().split(/\s+/)[0],
        },
      };
    },
  );

  app.get(
    '/users/export',
    {
      config: { access: 'access_users' },
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
      const scope = usersInScope(actor);
      type Row = typeof users.$inferSelect;
      /** pages of 1000 users by id (keyset), so the export never holds every row */
      async function* pages(): AsyncIterable<Row[]> {
        let after = 0;
        for (;;) {
          const page = await db
            .select()
            .from(users)
            .where(and(scope, gt(users.id, after)))
            .orderBy(asc(users.id))
            .limit(1000);
          if (!page.length) return;
          yield page;
          after = page[page.length - 1].id;
        }
      }
      const values: ((u: Row) => string | number | null)[] = [
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
          rows: pages(),
          columns: text.headers.map((header, i) => ({ header, value: values[i], width: i === 2 ? 32 : 18 })),
        },
      ]);
    },
  );
};
