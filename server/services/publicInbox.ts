import {
  answersSchemaFor,
  answerText,
  inLocale,
  KIT_ORDER_FIELDS,
  type FormField,
  type FormInput,
  type KitOrderInput,
} from '../../domain/schemas/public';
import type { TextLocale } from '../../domain/texts';
import type { Mailer } from '../adapters/mailer';
import type { Database, Executor } from '../db/client';
import { AppError } from '../errors';
import { findForm, insertAnswers, insertForm, updateForm, type FormRow } from '../repositories/forms';
import { findKitOrder, insertKitOrder, setKitOrderStatus } from '../repositories/kitOrders';
import { platformAdmins } from '../repositories/users';
import { withKeys } from '../../domain/formKeys';
import { changedFields, writeLog } from './audit';
import { mailIn, mailLocales } from './mailText';
import { notify } from './notifications';
import { recordSend } from './publicSends';

/** The log lines the public inbox writes (the request's logger). */
export interface InboxLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

/** What mails the platform admins: the database (who they are) and the app's queueing mailer. */
export interface AdminMail {
  db: Database;
  mailer: Mailer;
}

/** The languages of the admins' mails, whose own languages are not stored: Arabic, the product's first, then English. */
export const ADMIN_MAIL_LOCALES: readonly TextLocale[] = ['ar', 'en'];

/** One line of a header: no line breaks (a subject built from what a visitor typed). */
export const headerText = (text: string) => text.replace(/[\r\n\t]+/g, ' ').slice(0, 200);

/**
 * Queues a mail to each platform admin (the app's mailer queues: server/services/jobs.ts): what the visitor sent
 * is already stored, and a mail server that is down delays the mails, which are retried, instead of losing them.
 */
export async function mailAdmins(
  send: AdminMail,
  log: InboxLog,
  mail: { subject: string; text: string; replyTo?: string },
  event: string,
): Promise<void> {
  const admins = await platformAdmins(send.db);
  for (const admin of admins) await send.mailer.send({ to: admin.email, ...mail, subject: headerText(mail.subject) });
  log.info({ event: `${event}.mailQueued`, admins: admins.length }, 'mails to the admins queued');
}

/* ------------------------------------------------------------------ forms */

/** The answers checked against the form's definition; errors by question (a wrong choice among several is its question's error). */
export function parseAnswers(fields: FormField[], answers: unknown): Record<string, unknown> {
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
export const answersMail = (
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

/** Stores a visitor's answers, counts the send, and tells the admins' top bar, in one transaction. */
export async function storeAnswers(
  db: Database,
  ip: string,
  formId: number,
  answers: Record<string, unknown>,
  locale: string | null,
) {
  return db.transaction(async (tx) => {
    const row = await insertAnswers(tx, formId, answers, locale);
    await recordSend(tx, ip, 'form');
    await notify(
      tx,
      ...(await platformAdmins(tx)).map((a) => ({
        userId: a.id,
        type: 'form_answer' as const,
        params: { form_id: formId },
        link: `/forms/${formId}/show/answers`,
      })),
    );
    return row;
  });
}

const formValues = (input: FormInput, nextKey?: number) => {
  const keyed = withKeys(input.fields, nextKey);
  return {
    title: input.title,
    description: input.description ?? null,
    published: input.published,
    fields: keyed.fields,
    nextKey: keyed.nextKey,
  };
};

/** Creates a form (its fields keyed), with its log row; the form as stored. */
export async function createForm(db: Database, actorId: number, input: FormInput): Promise<FormRow> {
  return db.transaction(async (tx) => {
    const id = await insertForm(tx, { ...formValues(input), createdBy: actorId });
    const created = await findForm(tx, id, undefined);
    await writeLog(tx, {
      actorId,
      action: 'create',
      entity: 'form',
      entityId: id,
      newValue: formLogValue(created),
    });
    return created;
  });
}

/** Changes a form in scope (404 otherwise; new fields get new keys), with its log row of what changed. */
export async function changeForm(
  db: Database,
  actorId: number,
  id: number,
  scope: Parameters<typeof findForm>[2],
  input: FormInput,
): Promise<FormRow> {
  return db.transaction(async (tx) => {
    const before = await findForm(tx, id, scope);
    await updateForm(tx, before.id, formValues(input, before.nextKey));
    const after = await findForm(tx, before.id, undefined);
    const diff = changedFields(formLogValue(before), formLogValue(after));
    await writeLog(tx, {
      actorId,
      action: 'update',
      entity: 'form',
      entityId: before.id,
      oldValue: diff.old,
      newValue: diff.new,
    });
    return after;
  });
}

/* ------------------------------------------------------------------ kit orders */

/**
 * The mail the admins get for a new order: whole in Arabic, the product's first language, then in English
 * (the admins' own languages are not stored).
 */
export const orderMail = (order: KitOrderInput & { id: number }, link: string) => ({
  replyTo: order.email,
  ...mailIn(ADMIN_MAIL_LOCALES, (t) => ({
    subject: t('mail.order.subject', { entity: order.entity, kits: order.kits_no }),
    lines: [
      t('mail.order.intro'),
      '',
      `${t('public.column.entity')}: ${order.entity}`,
      `${t('public.column.kits_no')}: ${order.kits_no}`,
      `${t('public.column.contact_name')}: ${order.contact_name}`,
      `${t('public.column.email')}: ${order.email}`,
      `${t('public.column.phone_number')}: ${order.phone_number}`,
      `${t('public.column.address')}: ${order.address}`,
      `${t('public.column.comment')}: ${order.comment ?? '-'}`,
      '',
      t('mail.order.open', { url: link }),
    ],
  })),
});

/**
 * The orderer's confirmation (docs/api/public.md "Kit order"): the reference number, the order as stored and what
 * happens next, the same as the confirmation page. In the page's language, which the order carries; an order sent
 * without one gets Arabic, then English.
 */
export const orderConfirmationMail = (order: KitOrderInput, reference: string) => {
  const lead: TextLocale = order.locale ?? 'ar';
  return mailIn(mailLocales(lead, order.locale !== undefined), (t) => ({
    subject: t('mail.orderConfirmation.subject', { reference }),
    lines: [
      t('mail.orderConfirmation.greeting', { name: order.contact_name }),
      '',
      t('mail.orderConfirmation.intro', { reference }),
      '',
      t('mail.orderConfirmation.summary'),
      ...KIT_ORDER_FIELDS.map((field) => `${t(`public.column.${field}`)}: ${order[field] ?? '-'}`),
      '',
      t('mail.orderConfirmation.next'),
      t('mail.orderConfirmation.next1'),
      t('mail.orderConfirmation.next2'),
      t('mail.orderConfirmation.next3', { reference }),
      '',
      t('mail.orderConfirmation.signature'),
    ],
  }));
};

/** Queues the orderer's confirmation (delivered and retried by the `mail` job; the order is stored either way). */
export async function mailOrderer(
  send: AdminMail,
  log: InboxLog,
  to: string,
  mail: { subject: string; text: string },
  orderId: number,
): Promise<void> {
  await send.mailer.send({ to, ...mail, subject: headerText(mail.subject) });
  log.info({ event: 'public.order.confirmationQueued', orderId }, 'mail to the orderer queued');
}

/** Stores a visitor's kit order, counts the send, and tells the admins' top bar, in one transaction. */
export async function storeKitOrder(db: Database, ip: string, input: KitOrderInput) {
  return db.transaction(async (tx) => {
    const row = await insertKitOrder(tx, input);
    await recordSend(tx, ip, 'order');
    await notify(
      tx,
      ...(await platformAdmins(tx)).map((a) => ({
        userId: a.id,
        type: 'kit_order' as const,
        params: { entity: input.entity, kits_no: input.kits_no },
        link: `/orders/${row.id}/show`,
      })),
    );
    return row;
  });
}

/** Sets the status and note of an order in scope (404 otherwise), handled by the actor, with its log row. */
export async function changeKitOrderStatus(
  db: Database,
  actorId: number,
  id: number,
  scope: Parameters<typeof findKitOrder>[2],
  input: { status: string; note?: string | null },
) {
  const note = input.note ?? null;
  return db.transaction(async (tx: Executor) => {
    const before = await findKitOrder(tx, id, scope);
    await setKitOrderStatus(tx, before.id, actorId, input.status, note);
    await writeLog(tx, {
      actorId,
      action: 'change_status',
      entity: 'kit_order',
      entityId: before.id,
      oldValue: { status: before.status, note: before.note },
      newValue: { status: input.status, note },
    });
    return findKitOrder(tx, before.id, undefined);
  });
}
