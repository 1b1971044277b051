import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Database } from '../../../server/db/client';
import {
  answerMatches,
  categorySets,
  children,
  examAnswers,
  examQuestions,
  examSubmissions,
  exams,
  scoreConfirmations,
  subcategories,
  wordScores,
} from '../../../server/db/schema';

/**
 * Word scores written straight into word_scores for the report tests, with
 * values chosen so every mean, SD, label, percentile and effect size can be
 * worked out by hand (tests/server/reports.test.ts). Every other score is
 * removed first, so the demo data's own scoring does not shift the numbers.
 */
export interface Scores {
  fluency: number;
  flexibility: number;
  originality: number;
}

/** Pre-test challenge 1 (test date 2026-03-01 unless given): the five takers of the worked example. */
export const PRE: Record<string, Scores> = {
  Yousef: { fluency: 10, flexibility: 6, originality: 5 }, // total 21
  Laila: { fluency: 2, flexibility: 1, originality: 0 }, //   total 3
  Omar: { fluency: 4, flexibility: 3, originality: 1 }, //    total 8
  Sara: { fluency: 4, flexibility: 2, originality: 0 }, //    total 6
  Karim: { fluency: 5, flexibility: 3, originality: 4 }, //   total 12
};

/** Post-test challenge 1: three of them again. */
export const POST: Record<string, Scores> = {
  Yousef: { fluency: 12, flexibility: 7, originality: 6 }, // changes 2, 1, 1 → total +4
  Omar: { fluency: 7, flexibility: 4, originality: 2 }, //    changes 3, 1, 1 → total +5
  Sara: { fluency: 4, flexibility: 2, originality: 3 }, //    changes 0, 0, 3 → total +3
};

export async function childIdsByName(db: Database, names: string[]): Promise<Record<string, number>> {
  const rows = await db
    .select({ id: children.id, name: children.name })
    .from(children)
    .where(inArray(children.name, names));
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/** A word question of the test and a category set to file the scores under. */
export async function wordQuestion(db: Database, examType: number, challenge: number) {
  const [q] = await db
    .select({ id: examQuestions.id })
    .from(examQuestions)
    .where(
      and(
        eq(examQuestions.examType, examType),
        eq(examQuestions.challenge, challenge),
        eq(examQuestions.kind, 'free_text'),
      ),
    );
  const [set] = await db.select({ id: categorySets.id }).from(categorySets).limit(1);
  return { questionId: q.id, setId: set.id };
}

/** The learner's exam of a test (started on `day`), made when missing. */
export async function examOf(db: Database, childId: number, examType: number, challenge: number, day = '2026-03-01') {
  await db
    .insert(exams)
    .values({
      childId,
      examType,
      challenge,
      startedAt: new Date(`${day}T09:00:00Z`),
      durationSeconds: 1800,
      finishedAt: new Date(`${day}T09:20:00Z`),
    })
    .onConflictDoUpdate({
      target: [exams.childId, exams.examType, exams.challenge],
      set: { startedAt: new Date(`${day}T09:00:00Z`) },
    });
  const [row] = await db
    .select()
    .from(exams)
    .where(and(eq(exams.childId, childId), eq(exams.examType, examType), eq(exams.challenge, challenge)));
  return row;
}

export async function scoreLearner(
  db: Database,
  childId: number,
  examType: number,
  challenge: number,
  s: Scores,
  day?: string,
) {
  const exam = await examOf(db, childId, examType, challenge, day);
  const { questionId, setId } = await wordQuestion(db, examType, challenge);
  await db
    .insert(wordScores)
    .values({
      examId: exam.id,
      childId,
      examType,
      challenge,
      questionId,
      setId,
      ...s,
      originalityPerAnswer: s.fluency ? Math.round((s.originality / s.fluency) * 100) / 100 : 0,
      answers: s.fluency,
      unmatched: 0,
      takers: 5,
      rarePercent: 1,
      uncommonPercent: 5,
    })
    .onConflictDoUpdate({ target: [wordScores.examId, wordScores.questionId], set: { ...s } });
  return exam;
}

/** Only the worked example's scores: every other score and confirmation removed. */
export async function seedWorkedScores(db: Database) {
  await db.execute(sql`delete from ${wordScores}`);
  await db.execute(sql`delete from ${scoreConfirmations}`);
  const ids = await childIdsByName(db, Object.keys(PRE));
  for (const [name, s] of Object.entries(PRE)) await scoreLearner(db, ids[name], 1, 1, s);
  for (const [name, s] of Object.entries(POST)) await scoreLearner(db, ids[name], 2, 1, s, '2026-06-01');
  return ids;
}

/**
 * Word answers of a learner's scored question, with what the engine made of
 * each (answer_matches), so exports and prints have answers to show.
 */
export async function answersWithMatches(
  db: Database,
  childId: number,
  examType: number,
  challenge: number,
  answers: { answer: string; status: string; category?: string; subcategory?: string; points?: number }[],
) {
  const exam = await examOf(db, childId, examType, challenge);
  // only these answers: the demo data's own answers of the learner's test are removed
  await db.delete(examAnswers).where(and(eq(examAnswers.childId, childId), eq(examAnswers.examType, examType)));
  const { questionId, setId } = await wordQuestion(db, examType, challenge);
  const [q] = await db
    .select({ stage: examQuestions.stage })
    .from(examQuestions)
    .where(eq(examQuestions.id, questionId));
  const [submission] = await db
    .insert(examSubmissions)
    .values({ examId: exam.id, stage: q.stage, submissionKey: `reports-${exam.id}-${q.stage}` })
    .onConflictDoNothing()
    .returning();
  const submissionId =
    submission?.id ??
    (await db.select({ id: examSubmissions.id }).from(examSubmissions).where(eq(examSubmissions.examId, exam.id)))[0]
      .id;
  let position = 0;
  for (const a of answers) {
    position += 1;
    const [row] = await db
      .insert(examAnswers)
      .values({
        examId: exam.id,
        submissionId,
        childId,
        examType,
        challenge,
        stage: q.stage,
        questionId,
        position,
        source: 'text',
        answer: a.answer,
        language: 'ar',
      })
      .returning();
    const [sub] = a.subcategory
      ? await db
          .select({ id: subcategories.id, categoryId: subcategories.categoryId })
          .from(subcategories)
          .where(eq(subcategories.setId, setId))
          .limit(1)
      : [];
    await db.insert(answerMatches).values({
      answerId: row.id,
      examId: exam.id,
      questionId,
      setId,
      normalised: a.answer,
      status: a.status,
      categoryId: sub?.categoryId ?? null,
      subcategoryId: sub?.id ?? null,
      category: a.category ?? null,
      subcategory: a.subcategory ?? null,
      points: a.points ?? 0,
    });
  }
  return { exam, questionId };
}
