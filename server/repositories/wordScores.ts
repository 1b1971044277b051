import { and, asc, count, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { normaliseText } from '../../domain/scoring/normalise';
import type { Executor } from '../db/client';
import {
  answerMatches,
  categories,
  categorySets,
  categoryWords,
  examAnswers,
  examQuestions,
  exams,
  questionCategorySets,
  reviewDismissals,
  scoringJobs,
  subcategories,
  wordScores,
} from '../db/schema';

/** Reading word scores, jobs and the review queue (docs/api/scoring.md). */

export type JobRow = typeof scoringJobs.$inferSelect;

export const presentJob = (j: JobRow) => ({
  id: j.id,
  scope: j.scope,
  target_id: j.scope === 'all' ? null : j.targetId,
  status: j.status,
  total: j.total,
  processed: j.processed,
  answers: j.answers,
  /** 0–100 */
  percent: j.status === 'done' ? 100 : j.total ? Math.min(100, Math.floor((j.processed * 100) / j.total)) : 0,
  error: j.error,
  created_at: j.createdAt.toISOString(),
  started_at: j.startedAt?.toISOString() ?? null,
  finished_at: j.finishedAt?.toISOString() ?? null,
});
export type JobOut = ReturnType<typeof presentJob>;

export async function findJob(db: Executor, id: number): Promise<JobRow | undefined> {
  const [row] = await db.select().from(scoringJobs).where(eq(scoringJobs.id, id));
  return row;
}

export async function latestJobs(db: Executor, limit = 10): Promise<JobRow[]> {
  return db.select().from(scoringJobs).orderBy(desc(scoringJobs.id)).limit(limit);
}

/** Every question of the bank that can hold written answers, with the set that scores it. */
export async function questionSets(db: Executor) {
  const scored = db
    .select({ questionId: wordScores.questionId, n: count().as('n') })
    .from(wordScores)
    .groupBy(wordScores.questionId)
    .as('scored');
  const rows = await db
    .select({
      q: examQuestions,
      setId: questionCategorySets.setId,
      setName: categorySets.name,
      setCode: categorySets.code,
      scored: scored.n,
    })
    .from(examQuestions)
    .leftJoin(questionCategorySets, eq(questionCategorySets.questionId, examQuestions.id))
    .leftJoin(categorySets, eq(categorySets.id, questionCategorySets.setId))
    .leftJoin(scored, eq(scored.questionId, examQuestions.id))
    .where(sql`${examQuestions.kind} <> 'image_upload'`)
    .orderBy(
      asc(examQuestions.examType),
      asc(examQuestions.challenge),
      asc(examQuestions.stage),
      asc(examQuestions.position),
      asc(examQuestions.id),
    );
  return rows.map((r) => ({
    question_id: r.q.id,
    exam_type: r.q.examType,
    challenge: r.q.challenge,
    stage: r.q.stage,
    kind: r.q.kind,
    text: r.q.text,
    set_id: r.setId,
    set_name: r.setName,
    set_code: r.setCode,
    scored_tests: Number(r.scored ?? 0),
  }));
}

/** A learner's word scores with every answer's match, in test order. */
export async function explainScores(db: Executor, childId: number, filter: { examType?: number; challenge?: number }) {
  const scores = await db
    .select({
      s: wordScores,
      text: examQuestions.text,
      kind: examQuestions.kind,
      stage: examQuestions.stage,
      setName: categorySets.name,
    })
    .from(wordScores)
    .innerJoin(examQuestions, eq(examQuestions.id, wordScores.questionId))
    .innerJoin(categorySets, eq(categorySets.id, wordScores.setId))
    .where(
      and(
        eq(wordScores.childId, childId),
        filter.examType ? eq(wordScores.examType, filter.examType) : undefined,
        filter.challenge ? eq(wordScores.challenge, filter.challenge) : undefined,
      ),
    )
    .orderBy(
      asc(wordScores.examType),
      asc(wordScores.challenge),
      asc(examQuestions.stage),
      asc(examQuestions.position),
      asc(wordScores.questionId),
    );
  const examIds = [...new Set(scores.map((s) => s.s.examId))];
  const answers = examIds.length
    ? await db
        .select({ a: examAnswers, m: answerMatches })
        .from(examAnswers)
        .innerJoin(answerMatches, eq(answerMatches.answerId, examAnswers.id))
        .where(inArray(examAnswers.examId, examIds))
        .orderBy(asc(examAnswers.questionId), asc(examAnswers.position), asc(examAnswers.id))
    : [];
  return scores.map(({ s, text, kind, setName }) => ({
    exam_id: s.examId,
    exam_type: s.examType,
    challenge: s.challenge,
    question_id: s.questionId,
    question: text,
    kind,
    set_id: s.setId,
    set_name: setName,
    fluency: s.fluency,
    flexibility: s.flexibility,
    originality: s.originality,
    originality_per_answer: s.originalityPerAnswer,
    answers_count: s.answers,
    unmatched: s.unmatched,
    takers: s.takers,
    rare_percent: s.rarePercent,
    uncommon_percent: s.uncommonPercent,
    scored_at: s.scoredAt.toISOString(),
    answers: answers
      .filter((r) => r.a.examId === s.examId && r.a.questionId === s.questionId)
      .map(({ a, m }) => ({
        id: a.id,
        answer: a.answer,
        language: a.language,
        normalised: m.normalised,
        status: m.status,
        category: m.category,
        subcategory: m.subcategory,
        points: m.points,
      })),
  }));
}

// ---------------------------------------------------------------- review queue

/** Unmatched relevant answers waiting for review: not dismissed, not (any more) a word of the set. */
export function waitingForReview(setId?: number): SQL {
  return and(
    eq(answerMatches.status, 'relevant'),
    sql`${answerMatches.subcategoryId} is null`,
    setId ? eq(answerMatches.setId, setId) : undefined,
    sql`not exists (select 1 from ${reviewDismissals} d where d.set_id = ${answerMatches.setId} and d.normalised = ${answerMatches.normalised})`,
    sql`not exists (select 1 from ${categoryWords} w where w.set_id = ${answerMatches.setId} and w.normalised = ${answerMatches.normalised})`,
  )!;
}

export interface QueueFilter {
  setId?: number;
  search?: string;
  orderBy: 'count' | 'normalised';
  direction: 'asc' | 'desc';
  limit: number;
  offset: number;
}

/** The review queue grouped by set and normalised form, most frequent first, with the most frequent spelling and language. */
export async function reviewQueue(db: Executor, f: QueueFilter) {
  const search = f.search ? normaliseText(f.search) : '';
  const where = and(
    waitingForReview(f.setId),
    search ? sql`strpos(${answerMatches.normalised}, ${search}) > 0` : undefined,
  );
  const n = sql<number>`count(*)::int`;
  const order =
    f.orderBy === 'normalised'
      ? [f.direction === 'asc' ? asc(answerMatches.normalised) : desc(answerMatches.normalised)]
      : [f.direction === 'asc' ? asc(n) : desc(n), asc(answerMatches.normalised)];
  const rows = await db
    .select({
      set_id: answerMatches.setId,
      set: categorySets.name,
      normalised: answerMatches.normalised,
      count: n,
      tests: sql<number>`count(distinct ${answerMatches.examId})::int`,
      example: sql<string>`mode() within group (order by ${examAnswers.answer})`,
      language: sql<string>`mode() within group (order by ${examAnswers.language})`,
      total: sql<number>`(count(*) over())::int`,
    })
    .from(answerMatches)
    .innerJoin(examAnswers, eq(examAnswers.id, answerMatches.answerId))
    .innerJoin(categorySets, eq(categorySets.id, answerMatches.setId))
    .where(where)
    .groupBy(answerMatches.setId, categorySets.name, answerMatches.normalised)
    .orderBy(...order, asc(answerMatches.setId))
    .limit(f.limit)
    .offset(f.offset);
  return { words: rows.map(({ total: _t, ...r }) => r), count: rows[0]?.total ?? 0 };
}

/** One queued word of a set, or undefined when it is not waiting for review. */
export async function queuedWord(db: Executor, setId: number, normalised: string) {
  const [row] = await db
    .select({
      count: sql<number>`count(*)::int`,
      example: sql<string>`mode() within group (order by ${examAnswers.answer})`,
      language: sql<string>`mode() within group (order by ${examAnswers.language})`,
    })
    .from(answerMatches)
    .innerJoin(examAnswers, eq(examAnswers.id, answerMatches.answerId))
    .where(and(waitingForReview(setId), eq(answerMatches.normalised, normalised)));
  return row && row.count > 0 ? row : undefined;
}

/** The words of a set with their category and subcategory, for suggestions. */
export async function setWords(db: Executor, setId: number) {
  return db
    .select({
      normalised: categoryWords.normalised,
      word: categoryWords.word,
      categoryId: categories.id,
      category: categories.name,
      subcategoryId: subcategories.id,
      subcategory: subcategories.name,
    })
    .from(categoryWords)
    .innerJoin(subcategories, eq(subcategories.id, categoryWords.subcategoryId))
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(eq(categoryWords.setId, setId))
    .orderBy(asc(subcategories.id), asc(categoryWords.id));
}

// ---------------------------------------------------------------- writes and checks of the word-score workflows

/** Whether a category set exists. */
export async function setExists(db: Executor, setId: number): Promise<boolean> {
  return !!(await db.select({ id: categorySets.id }).from(categorySets).where(eq(categorySets.id, setId)))[0];
}

/** A question of the bank, by id. */
export async function questionById(db: Executor, questionId: number) {
  const [row] = await db.select().from(examQuestions).where(eq(examQuestions.id, questionId));
  return row;
}

/** The set a question is linked to (its link row), if any. */
export async function questionSetLink(db: Executor, questionId: number) {
  const [row] = await db.select().from(questionCategorySets).where(eq(questionCategorySets.questionId, questionId));
  return row;
}

/** Links a question to a set (replacing its set), or unlinks it (`setId` null). */
export async function setQuestionSet(db: Executor, questionId: number, setId: number | null) {
  if (setId) {
    await db
      .insert(questionCategorySets)
      .values({ questionId, setId })
      .onConflictDoUpdate({ target: questionCategorySets.questionId, set: { setId, updatedAt: sql`now()` } });
  } else {
    await db.delete(questionCategorySets).where(eq(questionCategorySets.questionId, questionId));
  }
}

/** The word questions (linked to a set) of a learner's tests of an exam type, of one challenge or all. */
export async function wordQuestionsOfLearner(
  db: Executor,
  childId: number,
  filter: { examType: number; challenge?: number },
): Promise<number[]> {
  const rows = await db
    .selectDistinct({ id: questionCategorySets.questionId })
    .from(questionCategorySets)
    .innerJoin(examQuestions, eq(examQuestions.id, questionCategorySets.questionId))
    .innerJoin(exams, and(eq(exams.examType, examQuestions.examType), eq(exams.challenge, examQuestions.challenge)))
    .where(
      and(
        eq(exams.childId, childId),
        eq(exams.examType, filter.examType),
        filter.challenge ? eq(exams.challenge, filter.challenge) : undefined,
      ),
    )
    .orderBy(asc(questionCategorySets.questionId));
  return rows.map((r) => r.id);
}

/** A subcategory with its set and category. */
export async function subcategoryById(db: Executor, subcategoryId: number) {
  const [row] = await db
    .select({
      id: subcategories.id,
      setId: subcategories.setId,
      categoryId: subcategories.categoryId,
      name: subcategories.name,
    })
    .from(subcategories)
    .where(eq(subcategories.id, subcategoryId));
  return row;
}

/** A new dictionary word; the category's version moves on, so an editor holding the old one must reload. */
export async function insertWordOfCategory(
  db: Executor,
  categoryId: number,
  values: { subcategoryId: number; setId: number; word: string; language: string; normalised: string },
) {
  const [inserted] = await db.insert(categoryWords).values(values).returning();
  await db
    .update(categories)
    .set({ version: sql`${categories.version} + 1`, updatedAt: sql`now()` })
    .where(eq(categories.id, categoryId));
  return inserted;
}

/** Takes a word out of a set's review queue. */
export async function dismissQueuedWord(db: Executor, setId: number, normalised: string, dismissedBy: number) {
  await db.insert(reviewDismissals).values({ setId, normalised, dismissedBy });
}

/** Puts a dismissed word back in its set's review queue; whether it was dismissed. */
export async function restoreDismissedWord(db: Executor, setId: number, normalised: string): Promise<boolean> {
  const gone = await db
    .delete(reviewDismissals)
    .where(and(eq(reviewDismissals.setId, setId), eq(reviewDismissals.normalised, normalised)))
    .returning();
  return gone.length > 0;
}
