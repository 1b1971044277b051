import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerExportSchema,
  answerListSchema,
  answerSendSchema,
  answersSchemaFor,
  answerText,
  formListSchema,
  formSchema,
  HONEYPOT_FIELD,
  inLocale,
  type FormField,
} from '../../../domain/schemas/public';
import { publicInboxInScope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { formAnswers, forms } from '../../db/schema';
import { AppError, forbidden, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { changedFields, writeLog } from '../../services/audit';
import { notify } from '../../services/notifications';
import { recordSend, refuseWhenTooMany, requireChallengeAfterRepeats } from '../../services/publicSends';
import { sendWorkbook } from '../../adapters/xlsx';
import { orderBy, searchCondition } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';
import { exportText } from './exportText';
import { withKeys } from './formKeys';
import { ADMIN_MAIL_LOCALES, consoleBase, mailAdminsLater, platformAdmins } from './notify';
import { mailIn } from '../../services/mailText';
import { PUBLIC_BODY_LIMIT } from './orders';

const localized = z.object({ ar: z.string(), en: z.string(), de: z.string().optional(), fr: z.string().optional() });
const fieldOut = z.object({
  name: z.string(),
  kind: z.string(),
  label: localized,
  required: z.boolean(),
  options: z.array(z.object({ value: z.string(), label: localized })).optional(),
  min: z.number().optional(),
  max: z.number().optional(),
});
const publicFormOut = z.object({
  id: z.number(),
  title: localized,
  description: localized.partial().nullable(),
  fields: z.array(fieldOut),
});
const formOut = publicFormOut.extend({
  published: z.boolean(),
  answers_count: z.number(),
  created_at: z.string(),
  updated_at: z.string(),
});
const answerOut = z.object({
  id: z.number(),
  form_id: z.number(),
  answers: z.record(z.string(), z.unknown()),
  locale: z.string().nullable(),
  created_at: z.string(),
});

/** Written out in full: in a one-table select drizzle leaves column names unqualified, and inside the subquery "id" would be the answer's. */
const answersCount =
  sql<number>`(select count(*) from "form_answers" where "form_answers"."form_id" = "forms"."id")`.mapWith(Number);
const formColumns = {
  id: forms.id,
  title: forms.title,
  description: forms.description,
  fields: forms.fields,
  published: forms.published,
  nextKey: forms.nextKey,
  answers_count: answersCount,
  created_at: forms.createdAt,
  updated_at: forms.updatedAt,
};
const selectForms = (db: Executor) => db.select(formColumns).from(forms);
type FormRow = Awaited<ReturnType<typeof selectForms>>[number];

const presentForm = ({ nextKey: _nextKey, ...row }: FormRow) => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const FORM_ORDER = { updated_at: forms.updatedAt, id: forms.id, created_at: forms.createdAt };
const ANSWER_ORDER = { created_at: formAnswers.createdAt, id: formAnswers.id };

/** The answers checked against the form's definition; errors by question (a wrong choice among several is its question's error). */
function parseAnswers(fields: FormField[], answers: unknown): Record<string, unknown> {
  const result = answersSchemaFor(fields).safeParse(answers);
  if (result.success) return result.data;
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = String(issue.path[0] ?? 'answers');
    errors[field] ??= issue.message.startsWith('app.') ? issue.message : 'app.validation.invalid';
  }
  throw new AppError(400, 'app.errors.badRequest', errors);
}

/** What the log keeps of a form. */
const formLogValue = (form: { title: unknown; description: unknown; published: boolean; fields: unknown }) => ({
  title: form.title,
  description: form.description ?? null,
  published: form.published,
  fields: form.fields,
});

/** The mail the admins get for new answers: each question and answer, whole in Arabic, then in English. */
const answersMail = (
  form: { id: number; title: { ar: string; en: string }; fields: FormField[] },
  answers: Record<string, unknown>,
  link: string,
) =>
  mailIn(ADMIN_MAIL_LOCALES, (t, locale) => ({
    subject: t('mail.answers.subject', { title: inLocale(form.title, locale) }),
    lines: [
      t('mail.answers.intro', { title: inLocale(form.title, locale) }),
      '',
      ...form.fields.map((f) => `${inLocale(f.label, locale)}: ${answerText(f, answers[f.name], locale) || '-'}`),
      '',
      t('mail.answers.open', { url: link }),
    ],
  }));

/** Admin-defined forms (POST /forms, /forms/add_form, PUT /forms/update/{id}), the published ones and their answers. */
export const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  const findForm = async (tx: Executor, id: number, scope: ReturnType<typeof publicInboxInScope>) => {
    const [row] = await selectForms(tx).where(and(eq(forms.id, id), scope));
    if (!row) throw notFound();
    return row;
  };

  app.get(
    '/forms/published',
    {
      config: { access: 'public' },
      schema: { tags: ['public'], response: { 200: z.object({ forms: z.array(publicFormOut) }) } },
    },
    async () => ({
      forms: await db
        .select({ id: forms.id, title: forms.title, description: forms.description, fields: forms.fields })
        .from(forms)
        .where(eq(forms.published, true))
        .orderBy(forms.id),
    }),
  );

  app.post(
    '/forms/:id/answers',
    {
      config: { access: 'public' },
      bodyLimit: PUBLIC_BODY_LIMIT,
      schema: {
        tags: ['public'],
        params: idParams,
        body: answerSendSchema,
        response: { 200: messageOut, 400: errorOut, 404: errorOut, 413: errorOut, 429: errorOut },
      },
    },
    async (request) => {
      const [form] = await db
        .select()
        .from(forms)
        .where(and(eq(forms.id, request.params.id), eq(forms.published, true)));
      if (!form) throw new AppError(404, 'app.public.formNotFound');
      const send = request.body;
      const answers = parseAnswers(form.fields, send.answers);
      const sent = await refuseWhenTooMany(db, request.ip);
      const done = { message: 'done', key: 'app.public.answerSent' };
      if (send[HONEYPOT_FIELD]) {
        await recordSend(db, request.ip, 'form');
        request.log.warn(
          { event: 'public.answer.honeypot', formId: form.id },
          'answers refused: the honeypot field was filled',
        );
        return done;
      }
      await requireChallengeAfterRepeats(app.challenges, sent, send.captcha);
      const stored = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(formAnswers)
          .values({ formId: form.id, answers, locale: send.locale ?? null })
          .returning({ id: formAnswers.id });
        await recordSend(tx, request.ip, 'form');
        await notify(
          tx,
          ...(await platformAdmins(tx)).map((a) => ({
            userId: a.id,
            type: 'form_answer' as const,
            params: { form_id: form.id },
            link: `/forms/${form.id}/show/answers`,
          })),
        );
        return row;
      });
      request.log.info({ event: 'public.answer.created', formId: form.id, answerId: stored.id }, 'form answers stored');
      mailAdminsLater(
        app,
        request.log,
        answersMail(form, answers, `${consoleBase(app)}/forms/${form.id}/show`),
        'public.answer',
      );
      return done;
    },
  );

  app.post(
    '/forms',
    {
      config: { access: 'access_public' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['public'],
        body: formListSchema,
        response: { 200: z.object({ forms: z.array(formOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const f = request.body;
      const where = and(
        publicInboxInScope(actorOf(request)),
        f.published === undefined ? undefined : eq(forms.published, f.published),
        searchCondition(f.search_text, [
          sql`${forms.title}->>'ar'`,
          sql`${forms.title}->>'en'`,
          sql`${forms.title}->>'de'`,
          sql`${forms.title}->>'fr'`,
        ]),
      );
      const rows = await selectForms(db)
        .where(where)
        .orderBy(orderBy(FORM_ORDER[f.order_by], f.order_direction), desc(forms.id))
        .limit(f.limit)
        .offset(f.offset);
      const [{ n }] = await db.select({ n: count() }).from(forms).where(where);
      return { forms: rows.map(presentForm), count: n };
    },
  );

  app.post(
    '/forms/add_form',
    {
      config: { access: 'access_public' },
      schema: { tags: ['public'], body: formSchema, response: { 201: z.object({ form: formOut }), ...authErrors } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // forms belong to the platform: nobody else makes them, whatever their permissions
      if (publicInboxInScope(actor)) throw forbidden();
      const input = request.body;
      const { fields, nextKey } = withKeys(input.fields);
      const form = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(forms)
          .values({
            title: input.title,
            description: input.description ?? null,
            published: input.published,
            fields,
            nextKey,
            createdBy: actor.id,
          })
          .returning({ id: forms.id });
        const created = await findForm(tx, row.id, undefined);
        await writeLog(tx, {
          actorId: actor.id,
          action: 'create',
          entity: 'form',
          entityId: row.id,
          newValue: formLogValue(created),
        });
        return created;
      });
      request.log.info({ event: 'public.form.created', formId: form.id }, 'form created');
      return reply.code(201).send({ form: presentForm(form) });
    },
  );

  app.get(
    '/forms/:id',
    {
      config: { access: 'access_public' },
      schema: { tags: ['public'], params: idParams, response: { 200: z.object({ form: formOut }), ...authErrors } },
    },
    async (request) => ({
      form: presentForm(await findForm(db, request.params.id, publicInboxInScope(actorOf(request)))),
    }),
  );

  app.put(
    '/forms/update/:id',
    {
      config: { access: 'access_public' },
      schema: {
        tags: ['public'],
        params: idParams,
        body: formSchema,
        response: { 200: z.object({ form: formOut }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const input = request.body;
      const form = await db.transaction(async (tx) => {
        const before = await findForm(tx, request.params.id, publicInboxInScope(actor));
        const { fields, nextKey } = withKeys(input.fields, before.nextKey);
        await tx
          .update(forms)
          .set({
            title: input.title,
            description: input.description ?? null,
            published: input.published,
            fields,
            nextKey,
            updatedAt: sql`now()`,
          })
          .where(eq(forms.id, before.id));
        const after = await findForm(tx, before.id, undefined);
        const diff = changedFields(formLogValue(before), formLogValue(after));
        await writeLog(tx, {
          actorId: actor.id,
          action: 'update',
          entity: 'form',
          entityId: before.id,
          oldValue: diff.old,
          newValue: diff.new,
        });
        return after;
      });
      request.log.info({ event: 'public.form.updated', formId: form.id }, 'form updated');
      return { form: presentForm(form) };
    },
  );

  app.post(
    '/forms/answers',
    {
      config: { access: 'access_public' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['public'],
        body: answerListSchema,
        response: { 200: z.object({ answers: z.array(answerOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const f = request.body;
      const form = await findForm(db, f.form_id, publicInboxInScope(actorOf(request)));
      const where = and(
        eq(formAnswers.formId, form.id),
        searchCondition(f.search_text, [sql`${formAnswers.answers}::text`]),
      );
      const rows = await db
        .select()
        .from(formAnswers)
        .where(where)
        .orderBy(orderBy(ANSWER_ORDER[f.order_by], f.order_direction), desc(formAnswers.id))
        .limit(f.limit)
        .offset(f.offset);
      const [{ n }] = await db.select({ n: count() }).from(formAnswers).where(where);
      return {
        answers: rows.map((r) => ({
          id: r.id,
          form_id: r.formId,
          answers: r.answers,
          locale: r.locale,
          created_at: r.createdAt.toISOString(),
        })),
        count: n,
      };
    },
  );

  app.get(
    '/forms/:id/answers/export',
    {
      config: { access: 'access_public' },
      schema: { tags: ['public'], params: idParams, querystring: answerExportSchema, ...authErrors },
    },
    async (request, reply) => {
      const form = await findForm(db, request.params.id, publicInboxInScope(actorOf(request)));
      const locale = request.query.locale ?? 'ar';
      const t = exportText(locale);
      type Row = typeof formAnswers.$inferSelect;
      async function* batches() {
        for (let offset = 0; ; offset += 500) {
          const rows = await db
            .select()
            .from(formAnswers)
            .where(eq(formAnswers.formId, form.id))
            .orderBy(desc(formAnswers.createdAt), desc(formAnswers.id))
            .limit(500)
            .offset(offset);
          if (rows.length) yield rows;
          if (rows.length < 500) return;
        }
      }
      return sendWorkbook(reply, `form-${form.id}-answers-${new Date().toISOString().slice(0, 10)}.xlsx`, [
        {
          name: inLocale(form.title, locale) || t('answers'),
          rtl: locale === 'ar',
          columns: [
            { header: t('id'), value: (row: Row) => row.id, width: 10 },
            { header: t('created_at'), value: (row: Row) => row.createdAt, width: 20 },
            { header: t('locale'), value: (row: Row) => row.locale, width: 10 },
            ...form.fields.map((field) => ({
              header: inLocale(field.label, locale),
              width: 28,
              value: (row: Row) => {
                const value = row.answers[field.name];
                return field.kind === 'number' && typeof value === 'number' ? value : answerText(field, value, locale);
              },
            })),
          ],
          rows: batches(),
        },
      ]);
    },
  );
};
