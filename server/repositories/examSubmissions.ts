import { and, eq, inArray } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { examAnswers, examFiles, examQuestions, exams, examSubmissions } from '../db/schema';
import { presentStage, type ExamRow } from './exams';

/** The questions of these ids (those a stage's items answer). */
export const questionsByIds = (db: Executor, ids: number[]) =>
  ids.length ? db.select().from(examQuestions).where(inArray(examQuestions.id, ids)) : Promise.resolve([]);

/** Every question of one stage of one challenge of a test. */
export const stageQuestions = (db: Executor, examType: number, challenge: number, stage: number) =>
  db
    .select()
    .from(examQuestions)
    .where(
      and(eq(examQuestions.examType, examType), eq(examQuestions.challenge, challenge), eq(examQuestions.stage, stage)),
    );

/** A stored stage by its idempotency key, with its exam. */
export async function submissionByKey(db: Executor, key: string) {
  const [row] = await db
    .select({ sub: examSubmissions, exam: exams })
    .from(examSubmissions)
    .innerJoin(exams, eq(exams.id, examSubmissions.examId))
    .where(eq(examSubmissions.submissionKey, key));
  return row;
}

/** One stored stage as presented, with its answers and files. */
export async function storedStage(db: Executor, submissionId: number) {
  const [sub] = await db.select().from(examSubmissions).where(eq(examSubmissions.id, submissionId));
  const [answers, files] = await Promise.all([
    db
      .select()
      .from(examAnswers)
      .where(eq(examAnswers.submissionId, sub.id))
      .orderBy(examAnswers.questionId, examAnswers.position),
    db.select().from(examFiles).where(eq(examFiles.submissionId, sub.id)).orderBy(examFiles.id),
  ]);
  return presentStage(sub, answers, files);
}

export interface StageAnswerRow {
  questionId: number;
  source: 'option' | 'text' | 'other';
  optionKey: string | null;
  answer: string;
  score: number | null;
}

export interface NewStage {
  exam: ExamRow;
  stage: number;
  submissionKey: string;
  bodyHash: string;
  submittedBy: number;
  byTeacher: boolean;
  language: string;
  answers: StageAnswerRow[];
  imageName: string;
  modelName: string | null;
  drawn: boolean;
}

/** Writes a stage: its submission, each answer numbered per question in the order given, and its files. */
export async function insertStage(tx: Executor, s: NewStage): Promise<number> {
  const childId = s.exam.childId;
  const [sub] = await tx
    .insert(examSubmissions)
    .values({
      examId: s.exam.id,
      stage: s.stage,
      submissionKey: s.submissionKey,
      bodyHash: s.bodyHash,
      submittedBy: s.submittedBy,
      byTeacher: s.byTeacher,
    })
    .returning();
  const positions = new Map<number, number>();
  if (s.answers.length) {
    await tx.insert(examAnswers).values(
      s.answers.map((r) => {
        const position = (positions.get(r.questionId) ?? 0) + 1;
        positions.set(r.questionId, position);
        return {
          examId: s.exam.id,
          submissionId: sub.id,
          childId,
          examType: s.exam.examType,
          challenge: s.exam.challenge,
          stage: s.stage,
          questionId: r.questionId,
          position,
          source: r.source,
          optionKey: r.optionKey,
          answer: r.answer,
          language: s.language,
          score: r.score,
        };
      }),
    );
  }
  await tx
    .insert(examFiles)
    .values([
      { kind: 'image', name: s.imageName, submissionId: sub.id, childId, drawn: s.drawn },
      ...(s.modelName ? [{ kind: 'model', name: s.modelName, submissionId: sub.id, childId }] : []),
    ]);
  return sub.id;
}

/** Marks an exam finished (its last stage stored). */
export const finishExam = (tx: Executor, examId: number) =>
  tx.update(exams).set({ finishedAt: new Date(), updatedAt: new Date() }).where(eq(exams.id, examId));
