import { and, count, eq, sql } from 'drizzle-orm';
import type { QuestionInput } from '../../domain/schemas/exams';
import type { Executor } from '../db/client';
import { examAnswers, examFiles, examQuestions } from '../db/schema';
import { notFound } from '../errors';
import type { QuestionRow } from './exams';

/** The question bank's columns from a question as given (docs/api/exams.md "Question bank"). */
const columns = (q: QuestionInput) => ({
  examType: q.exam_type,
  challenge: q.challenge,
  stage: q.stage,
  kind: q.kind,
  text: q.text,
  options: q.options,
  allowOther: q.allow_other,
  position: q.position,
});

/** A question of the bank, or 404. */
export async function questionById(db: Executor, id: number): Promise<QuestionRow> {
  const [row] = await db.select().from(examQuestions).where(eq(examQuestions.id, id));
  if (!row) throw notFound();
  return row;
}

export async function insertQuestion(db: Executor, q: QuestionInput): Promise<QuestionRow> {
  const [created] = await db.insert(examQuestions).values(columns(q)).returning();
  return created;
}

export const updateQuestion = (db: Executor, id: number, q: QuestionInput) =>
  db
    .update(examQuestions)
    .set({ ...columns(q), updatedAt: sql`now()` })
    .where(eq(examQuestions.id, id));

export const deleteQuestion = (db: Executor, id: number) => db.delete(examQuestions).where(eq(examQuestions.id, id));

/** How many answers point at a question. */
export async function answerCountOf(db: Executor, questionId: number): Promise<number> {
  const [{ n }] = await db.select({ n: count() }).from(examAnswers).where(eq(examAnswers.questionId, questionId));
  return n;
}

/** A question's figure and model rows. */
export const filesOfQuestion = (db: Executor, questionId: number) =>
  db.select().from(examFiles).where(eq(examFiles.questionId, questionId));

/** Deletes a question's file of one kind (image or model); returns the rows deleted. */
export const deleteQuestionFiles = (db: Executor, questionId: number, kind: string) =>
  db
    .delete(examFiles)
    .where(and(eq(examFiles.questionId, questionId), eq(examFiles.kind, kind)))
    .returning();

export const insertQuestionFile = (db: Executor, questionId: number, kind: string, name: string) =>
  db.insert(examFiles).values({ kind, name, questionId });
