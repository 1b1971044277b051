import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { answerListSchema, FormField, formListSchema } from '../../domain/schemas/public';
import type { Executor } from '../db/client';
import { orderBy, searchCondition } from '../db/listing';
import { formAnswers, forms } from '../db/schema';
import { notFound } from '../errors';

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
export type FormRow = Awaited<ReturnType<typeof selectForms>>[number];
export type FormAnswerRow = typeof formAnswers.$inferSelect;

export const presentForm = ({ nextKey: _nextKey, ...row }: FormRow) => ({
  ...row,
  created_at: row.created_at.toISOString(),
  updated_at: row.updated_at.toISOString(),
});

const FORM_ORDER = { updated_at: forms.updatedAt, id: forms.id, created_at: forms.createdAt };
const ANSWER_ORDER = { created_at: formAnswers.createdAt, id: formAnswers.id };

/** A form the actor may see (the public inbox's scope condition), or 404. */
export async function findForm(db: Executor, id: number, scope: SQL | undefined): Promise<FormRow> {
  const [row] = await selectForms(db).where(and(eq(forms.id, id), scope));
  if (!row) throw notFound();
  return row;
}

/** The published forms, as visitors see them. */
export async function publishedForms(db: Executor) {
  return db
    .select({ id: forms.id, title: forms.title, description: forms.description, fields: forms.fields })
    .from(forms)
    .where(eq(forms.published, true))
    .orderBy(forms.id);
}

/** A published form by id, or undefined. */
export async function findPublishedForm(db: Executor, id: number) {
  const [form] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.id, id), eq(forms.published, true)));
  return form;
}

/** A page of forms in scope, filtered and searched in every language of the title, with the total. */
export async function listForms(db: Executor, scope: SQL | undefined, f: z.infer<typeof formListSchema>) {
  const where = and(
    scope,
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
}

interface FormValues {
  title: (typeof forms.$inferInsert)['title'];
  description: (typeof forms.$inferInsert)['description'];
  published: boolean;
  fields: FormField[];
  nextKey: number;
}

/** Inserts a form; its id. */
export async function insertForm(db: Executor, values: FormValues & { createdBy: number }): Promise<number> {
  const [row] = await db.insert(forms).values(values).returning({ id: forms.id });
  return row.id;
}

export async function updateForm(db: Executor, id: number, values: FormValues) {
  await db
    .update(forms)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(forms.id, id));
}

/** Stores a visitor's answers to a form; the answer's id. */
export async function insertAnswers(
  db: Executor,
  formId: number,
  answers: Record<string, unknown>,
  locale: string | null,
) {
  const [row] = await db.insert(formAnswers).values({ formId, answers, locale }).returning({ id: formAnswers.id });
  return row;
}

/** A page of a form's answers, searched in their text, with the total. */
export async function listAnswers(db: Executor, formId: number, f: z.infer<typeof answerListSchema>) {
  const where = and(
    eq(formAnswers.formId, formId),
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
}

/** Every answer of a form, newest first, in batches of 500 (for an export). */
export async function* answerBatches(db: Executor, formId: number): AsyncGenerator<FormAnswerRow[]> {
  for (let offset = 0; ; offset += 500) {
    const rows = await db
      .select()
      .from(formAnswers)
      .where(eq(formAnswers.formId, formId))
      .orderBy(desc(formAnswers.createdAt), desc(formAnswers.id))
      .limit(500)
      .offset(offset);
    if (rows.length) yield rows;
    if (rows.length < 500) return;
  }
}
