import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { initialScore } from '../../domain/exams';
import { indexDictionary, scoreQuestion, type ScoringSettings } from '../../domain/scoring';
import type { Database, Executor, Transaction } from '../db/client';
import {
  answerMatches,
  categories,
  categoryWords,
  examAnswers,
  examQuestions,
  exams,
  examSubmissions,
  questionCategorySets,
  subcategories,
  wordScores,
} from '../db/schema';
import { scoringSettings } from '../repositories/settings';

/**
 * Word scores in the database (docs/api/scoring.md "Word scores"): one word
 * question at a time, every taker at once, with the pure engine of
 * domain/scoring. The originality of an answer depends on every taker of
 * the question, so the unit of scoring is the question, never one learner.
 */

/** First key of the advisory lock taken while a question is scored (the second is the question id). */
const SCORING_LOCK = 7301;
export interface QuestionScoring {
  questionId: number;
  /** the question's set, or null when it is not (or no longer) a word question */
  setId: number | null;
  takers: number;
  answers: number;
  /** word_scores and answer_matches rows written (new or changed) */
  changedScores: number;
  changedMatches: number;
}

/** Recomputes the counters of a set's subcategories from the stored matches (category_counter is their sum). */
export async function recountSet(tx: Executor, setId: number): Promise<void> {
  await tx.execute(sql`update ${subcategories} set answer_count = (
      select count(*) from ${answerMatches} m where m.subcategory_id = ${subcategories.id} and m.status = 'relevant')
    where ${subcategories.setId} = ${setId}`);
}

/**
 * Rows as one JSON parameter that json_to_recordset reads back: a statement
 * writes any number of rows (100,000 answers of a question) with one
 * parameter, instead of chunks of thousands of bound parameters each.
 */
const recordset = (rows: object[]) => sql`json_to_recordset(${JSON.stringify(rows)}::json)`;

/** Sets exam_answers.score of some answers, in one statement. */
async function writeAnswerScores(tx: Transaction, scores: Map<number, number | null>): Promise<void> {
  if (!scores.size) return;
  const rows = [...scores].map(([id, score]) => ({ id, score }));
  await tx.execute(sql`update ${examAnswers} set score = r.score
    from ${recordset(rows)} as r(id integer, score integer) where ${examAnswers.id} = r.id`);
}

/** Inserts or updates word_scores rows (one per test and question), in one statement. */
async function upsertWordScores(tx: Transaction, rows: (typeof wordScores.$inferInsert)[]): Promise<void> {
  if (!rows.length) return;
  const records = rows.map((r) => ({
    exam_id: r.examId,
    child_id: r.childId,
    exam_type: r.examType,
    challenge: r.challenge,
    question_id: r.questionId,
    set_id: r.setId,
    fluency: r.fluency,
    flexibility: r.flexibility,
    originality: r.originality,
    originality_per_answer: r.originalityPerAnswer,
    answers: r.answers,
    unmatched: r.unmatched,
    takers: r.takers,
    rare_percent: r.rarePercent,
    uncommon_percent: r.uncommonPercent,
  }));
  await tx.execute(sql`
    insert into ${wordScores} (exam_id, child_id, exam_type, challenge, question_id, set_id, fluency, flexibility, originality,
      originality_per_answer, answers, unmatched, takers, rare_percent, uncommon_percent)
    select exam_id, child_id, exam_type, challenge, question_id, set_id, fluency, flexibility, originality,
      originality_per_answer, answers, unmatched, takers, rare_percent, uncommon_percent
    from ${recordset(records)} as r(exam_id integer, child_id integer, exam_type smallint, challenge smallint, question_id integer,
      set_id integer, fluency integer, flexibility integer, originality integer, originality_per_answer numeric, answers integer,
      unmatched integer, takers integer, rare_percent numeric, uncommon_percent numeric)
    on conflict (exam_id, question_id) do update set
      child_id = excluded.child_id, exam_type = excluded.exam_type, challenge = excluded.challenge, set_id = excluded.set_id,
      fluency = excluded.fluency, flexibility = excluded.flexibility, originality = excluded.originality,
      originality_per_answer = excluded.originality_per_answer, answers = excluded.answers, unmatched = excluded.unmatched,
      takers = excluded.takers, rare_percent = excluded.rare_percent, uncommon_percent = excluded.uncommon_percent, scored_at = now()`);
}

/** Inserts or updates answer_matches rows (one per answer), in one statement. */
async function upsertAnswerMatches(tx: Transaction, rows: (typeof answerMatches.$inferInsert)[]): Promise<void> {
  if (!rows.length) return;
  const records = rows.map((m) => ({
    answer_id: m.answerId,
    exam_id: m.examId,
    question_id: m.questionId,
    set_id: m.setId,
    normalised: m.normalised,
    status: m.status,
    category_id: m.categoryId,
    subcategory_id: m.subcategoryId,
    category: m.category,
    subcategory: m.subcategory,
    points: m.points,
  }));
  await tx.execute(sql`
    insert into ${answerMatches} (answer_id, exam_id, question_id, set_id, normalised, status, category_id, subcategory_id, category, subcategory, points)
    select answer_id, exam_id, question_id, set_id, normalised, status, category_id, subcategory_id, category, subcategory, points
    from ${recordset(records)} as r(answer_id integer, exam_id integer, question_id integer, set_id integer, normalised text,
      status varchar, category_id integer, subcategory_id integer, category varchar, subcategory varchar, points smallint)
    on conflict (answer_id) do update set
      exam_id = excluded.exam_id, question_id = excluded.question_id, set_id = excluded.set_id, normalised = excluded.normalised,
      status = excluded.status, category_id = excluded.category_id, subcategory_id = excluded.subcategory_id,
      category = excluded.category, subcategory = excluded.subcategory, points = excluded.points`);
}

/** A question that is no longer a word question: its scores and matches go, its answers' scores are the exam area's again. */
async function unscore(tx: Transaction, questionId: number): Promise<QuestionScoring> {
  const sets = await tx
    .selectDistinct({ setId: answerMatches.setId })
    .from(answerMatches)
    .where(eq(answerMatches.questionId, questionId));
  const scored = await tx
    .delete(wordScores)
    .where(eq(wordScores.questionId, questionId))
    .returning({ id: wordScores.id });
  const matched = await tx
    .delete(answerMatches)
    .where(eq(answerMatches.questionId, questionId))
    .returning({ id: answerMatches.answerId });
  if (matched.length) {
    const rows = await tx
      .select({ id: examAnswers.id, answer: examAnswers.answer, score: examAnswers.score })
      .from(examAnswers)
      .where(eq(examAnswers.questionId, questionId));
    await writeAnswerScores(
      tx,
      new Map(rows.filter((r) => r.score !== initialScore(r.answer)).map((r) => [r.id, initialScore(r.answer)])),
    );
  }
  for (const { setId } of sets) await recountSet(tx, setId);
  return {
    questionId,
    setId: null,
    takers: 0,
    answers: 0,
    changedScores: scored.length,
    changedMatches: matched.length,
  };
}

/**
 * Scores one word question for every taker, inside the caller's
 * transaction, and stores what changed: word_scores (one row per taker),
 * answer_matches (one row per answer), exam_answers.score (the answer's
 * originality points) and the counters of the set's subcategories.
 * Rows whose values did not change are not written. An advisory lock per
 * question makes two scorings of the same question run one after the
 * other, each reading the answers as they are once it holds the lock.
 */
export async function scoreQuestionInDb(
  tx: Transaction,
  questionId: number,
  given?: ScoringSettings,
): Promise<QuestionScoring> {
  await tx.execute(sql`select pg_advisory_xact_lock(${SCORING_LOCK}, ${questionId})`);
  const [question] = await tx
    .select({ q: examQuestions, setId: questionCategorySets.setId })
    .from(examQuestions)
    .leftJoin(questionCategorySets, eq(questionCategorySets.questionId, examQuestions.id))
    .where(eq(examQuestions.id, questionId));
  if (!question?.setId) return unscore(tx, questionId);
  const { q, setId } = question;
  const settings = given ?? (await scoringSettings(tx));

  // one after the other: a transaction is one connection
  const words = await tx
    .select({
      word: categoryWords.word,
      category: categories.name,
      categoryId: categories.id,
      subcategory: subcategories.name,
      subcategoryId: subcategories.id,
    })
    .from(categoryWords)
    .innerJoin(subcategories, eq(subcategories.id, categoryWords.subcategoryId))
    .innerJoin(categories, eq(categories.id, subcategories.categoryId))
    .where(eq(categoryWords.setId, setId))
    .orderBy(asc(categories.id), asc(subcategories.id), asc(categoryWords.id));
  // the takers of a question: every test of its exam type and challenge that submitted its stage
  const takers = await tx
    .select({ examId: exams.id, childId: exams.childId })
    .from(exams)
    .innerJoin(examSubmissions, and(eq(examSubmissions.examId, exams.id), eq(examSubmissions.stage, q.stage)))
    .where(and(eq(exams.examType, q.examType), eq(exams.challenge, q.challenge)))
    .orderBy(asc(exams.id));
  const answers = await tx
    .select({ id: examAnswers.id, examId: examAnswers.examId, answer: examAnswers.answer, score: examAnswers.score })
    .from(examAnswers)
    .where(eq(examAnswers.questionId, questionId))
    .orderBy(asc(examAnswers.examId), asc(examAnswers.position), asc(examAnswers.id));
  const oldScores = await tx.select().from(wordScores).where(eq(wordScores.questionId, questionId));
  const oldMatches = await tx.select().from(answerMatches).where(eq(answerMatches.questionId, questionId));

  const index = indexDictionary(words);
  const ids = new Map(
    words.map((w) => [
      `${w.category}\u0000${w.subcategory}`,
      { categoryId: w.categoryId, subcategoryId: w.subcategoryId },
    ]),
  );
  const answersOf = new Map<number, typeof answers>(takers.map((t) => [t.examId, []]));
  for (const a of answers) (answersOf.get(a.examId) ?? answersOf.set(a.examId, []).get(a.examId)!).push(a);
  const childOf = new Map(takers.map((t) => [t.examId, t.childId]));
  const examIds = [...answersOf.keys()];
  const result = scoreQuestion(
    index,
    examIds.map((id) => ({ taker: String(id), answers: answersOf.get(id)!.map((a) => a.answer) })),
    settings,
  );

  // ---------------------------------------------------------------- what changed
  const oldScoreOf = new Map(oldScores.map((s) => [s.examId, s]));
  const oldMatchOf = new Map(oldMatches.map((m) => [m.answerId, m]));
  const scoreRows: (typeof wordScores.$inferInsert)[] = [];
  const matchRows: (typeof answerMatches.$inferInsert)[] = [];
  const answerScores = new Map<number, number | null>();
  const missingChild = examIds.filter((id) => !childOf.has(id));
  if (missingChild.length) {
    for (const r of await tx
      .select({ id: exams.id, childId: exams.childId })
      .from(exams)
      .where(inArray(exams.id, missingChild)))
      childOf.set(r.id, r.childId);
  }

  result.scores.forEach((score, t) => {
    const examId = examIds[t];
    const rows = answersOf.get(examId)!;
    const row = {
      examId,
      childId: childOf.get(examId)!,
      examType: q.examType,
      challenge: q.challenge,
      questionId,
      setId,
      fluency: score.fluency,
      flexibility: score.flexibility,
      originality: score.originality,
      originalityPerAnswer: score.originality_per_answer,
      answers: rows.length,
      unmatched: score.answers.filter((a) => a.status === 'relevant' && !a.subcategory).length,
      takers: result.takers,
      rarePercent: settings.rarePercent,
      uncommonPercent: settings.uncommonPercent,
    };
    const old = oldScoreOf.get(examId);
    const same = old && (Object.keys(row) as (keyof typeof row)[]).every((k) => Number(old[k]) === Number(row[k]));
    if (!same) scoreRows.push(row);

    score.answers.forEach((a, i) => {
      const answer = rows[i];
      const found = a.subcategory === null ? undefined : ids.get(`${a.category}\u0000${a.subcategory}`);
      const match = {
        answerId: answer.id,
        examId,
        questionId,
        setId,
        normalised: a.normalised,
        status: a.status,
        categoryId: found?.categoryId ?? null,
        subcategoryId: found?.subcategoryId ?? null,
        category: a.category,
        subcategory: a.subcategory,
        points: a.points,
      };
      const was = oldMatchOf.get(answer.id);
      const unchanged = was && (Object.keys(match) as (keyof typeof match)[]).every((k) => was[k] === match[k]);
      if (!unchanged) matchRows.push(match);
      if (answer.score !== a.points) answerScores.set(answer.id, a.points);
    });
  });

  // ---------------------------------------------------------------- write it
  const gone = oldScores.filter((s) => !answersOf.has(s.examId)).map((s) => s.id);
  if (gone.length)
    await tx.execute(sql`delete from ${wordScores} where ${wordScores.id} = any(${`{${gone.join(',')}}`}::int[])`);
  await upsertWordScores(tx, scoreRows);
  await upsertAnswerMatches(tx, matchRows);
  await writeAnswerScores(tx, answerScores);
  const sets = new Set([setId, ...oldMatches.map((m) => m.setId)]);
  for (const s of sets) await recountSet(tx, s);
  return {
    questionId,
    setId,
    takers: result.takers,
    answers: answers.length,
    changedScores: scoreRows.length + gone.length,
    changedMatches: matchRows.length,
  };
}

/** Scores some questions now, each in a transaction of its own. */
export async function scoreQuestionsNow(db: Database, questionIds: number[]): Promise<QuestionScoring[]> {
  const out: QuestionScoring[] = [];
  for (const id of [...new Set(questionIds)].sort((a, b) => a - b))
    out.push(await db.transaction((tx) => scoreQuestionInDb(tx, id)));
  return out;
}
