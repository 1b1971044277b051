import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answerExportSchema,
  answerOut,
  formOut,
  publicFormOut,
  answerListSchema,
  answerSendSchema,
  answerText,
  formListSchema,
  formSchema,
  HONEYPOT_FIELD,
  inLocale,
} from '../../../domain/schemas/public';
import { publicInboxInScope } from '../../auth/scope';
import { AppError, forbidden } from '../../errors';
import { actorOf } from '../../plugins/access';
import {
  answerBatches,
  findForm,
  findPublishedForm,
  listAnswers,
  listForms,
  presentForm,
  publishedForms,
  type FormAnswerRow,
} from '../../repositories/forms';
import {
  answersMail,
  changeForm,
  createForm,
  mailAdmins,
  parseAnswers,
  storeAnswers,
} from '../../services/publicInbox';
import { refuseWhenTooMany, recordSend, requireChallengeAfterRepeats } from '../../services/publicSends';
import { sendWorkbook } from '../../adapters/xlsx';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';
import { exportText } from './exportText';
import { PUBLIC_BODY_LIMIT } from './orders';

/** Admin-defined forms (POST /forms, /forms/add_form, PUT /forms/update/{id}), the published ones and their answers. */
export const formsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  const adminMail = { db, mailer: app.mailer };

  app.get(
    '/forms/published',
    {
      config: { access: 'public' },
      schema: { tags: ['public'], response: { 200: z.object({ forms: z.array(publicFormOut) }) } },
    },
    async () => ({ forms: await publishedForms(db) }),
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
      const form = await findPublishedForm(db, request.params.id);
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
      const stored = await storeAnswers(db, request.ip, form.id, answers, send.locale ?? null);
      request.log.info({ event: 'public.answer.created', formId: form.id, answerId: stored.id }, 'form answers stored');
      await mailAdmins(
        adminMail,
        request.log,
        answersMail(form, answers, `${app.config.publicUrl}/forms/${form.id}/show`),
        'public.answer',
      );
      return done;
    },
  );

  app.post(
    '/forms',
    {
      config: { access: 'publicSite.manage' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['public'],
        body: formListSchema,
        response: { 200: z.object({ forms: z.array(formOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      return listForms(db, publicInboxInScope(actorOf(request)), request.body);
    },
  );

  app.post(
    '/forms/add_form',
    {
      config: { access: 'publicSite.manage' },
      schema: { tags: ['public'], body: formSchema, response: { 201: z.object({ form: formOut }), ...authErrors } },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // forms belong to the platform: nobody else makes them, whatever their permissions
      if (publicInboxInScope(actor)) throw forbidden();
      const form = await createForm(db, actor.id, request.body);
      request.log.info({ event: 'public.form.created', formId: form.id }, 'form created');
      return reply.code(201).send({ form: presentForm(form) });
    },
  );

  app.get(
    '/forms/:id',
    {
      config: { access: 'publicSite.manage' },
      schema: { tags: ['public'], params: idParams, response: { 200: z.object({ form: formOut }), ...authErrors } },
    },
    async (request) => ({
      form: presentForm(await findForm(db, request.params.id, publicInboxInScope(actorOf(request)))),
    }),
  );

  app.put(
    '/forms/update/:id',
    {
      config: { access: 'publicSite.manage' },
      schema: {
        tags: ['public'],
        params: idParams,
        body: formSchema,
        response: { 200: z.object({ form: formOut }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const form = await changeForm(db, actor.id, request.params.id, publicInboxInScope(actor), request.body);
      request.log.info({ event: 'public.form.updated', formId: form.id }, 'form updated');
      return { form: presentForm(form) };
    },
  );

  app.post(
    '/forms/answers',
    {
      config: { access: 'publicSite.manage' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['public'],
        body: answerListSchema,
        response: { 200: z.object({ answers: z.array(answerOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const form = await findForm(db, request.body.form_id, publicInboxInScope(actorOf(request)));
      return listAnswers(db, form.id, request.body);
    },
  );

  app.get(
    '/forms/:id/answers/export',
    {
      config: { access: 'publicSite.manage' },
      schema: { tags: ['public'], params: idParams, querystring: answerExportSchema, ...authErrors },
    },
    async (request, reply) => {
      const form = await findForm(db, request.params.id, publicInboxInScope(actorOf(request)));
      const locale = request.query.locale ?? 'ar';
      const t = exportText(locale);
      type Row = FormAnswerRow;
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
          rows: answerBatches(db, form.id),
        },
      ]);
    },
  );
};
