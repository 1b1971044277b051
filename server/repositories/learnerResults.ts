import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Measure } from '../../domain/reports';
import type { answerCountSchema, examUsersSchema, scoreListSchema } from '../../domain/schemas/reports';
import type { Actor } from '../auth/actor';
import { childrenInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { likePattern } from '../db/listing';
import {
  answerMatches,
  children,
  examAnswers,
  examQuestions,
  exams,
  guestReportLinks,
  scoreConfirmations,
  users,
  wordScores,
} from '../db/schema';
import { membersOfGroup, rowsOf, testTotals, type TestRef } from './reports';

/**
 * The learner results queries (docs/api/reports.md "Score calls"): ranked totals, counts, a learner's scores
 * question by question, confirmations, deleting answers, the learner search and a word question's score file.
 * Every list is limited to the caller's scope (server/auth/scope.ts childrenInScope).
 */

const inScope = (actor: Actor) => childrenInScope(actor) ?? sql`true`;

/** The learners in scope with their totals in a test, ranked (answers/countSorted), and how many there are. */
export async function rankedResults(db: Executor, actor: Actor, f: z.infer<typeof scoreListSchema>) {
  const ref = { examType: f.exam_type, challenge: f.challenge };
  const order = {
    total: 't.total',
    fluency: 't.fluency',
    flexibility: 't.flexibility',
    originality: 't.originality',
    answers: 'answers',
    name: 'children.name',
    id: 'children.id',
  }[f.order_by];
  const direction = f.order_direction === 'asc' ? 'asc' : 'desc';
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
        with t as (${testTotals(ref)})
        select children.id, children.name, t.fluency, t.flexibility, t.originality, t.total, t.test_date,
          (select count(*)::int from ${examAnswers} a where a.child_id = children.id and a.exam_type = ${ref.examType}
            ${ref.challenge ? sql`and a.challenge = ${ref.challenge}` : sql``}) as answers,
          (sc.id is not null and sc.fluency = t.fluency and sc.flexibility = t.flexibility and sc.originality = t.originality) as confirmed,
          count(*) over ()::int as full_count
        from t join ${children} on children.id = t.child_id
        left join ${scoreConfirmations} sc on sc.child_id = children.id and sc.exam_type = ${ref.examType}
        where ${inScope(actor)}
          ${f.group_id ? sql`and children.id in ${membersOfGroup(f.group_id)}` : sql``}
          ${f.search_text ? sql`and children.name ilike ${likePattern(f.search_text)}` : sql``}
          ${
            f.confirmed === undefined
              ? sql``
              : f.confirmed
                ? sql`and sc.id is not null and sc.fluency = t.fluency and sc.flexibility = t.flexibility and sc.originality = t.originality`
                : sql`and not (sc.id is not null and sc.fluency = t.fluency and sc.flexibility = t.flexibility and sc.originality = t.originality)`
          }
        order by ${sql.raw(order)} ${sql.raw(direction)}, children.id ${sql.raw(direction)}
        limit ${f.limit} offset ${f.offset}`,
  );
  return {
    count: Number(rows[0]?.full_count ?? 0),
    data: rows.map((r) => ({
      student_id: Number(r.id),
      name: String(r.name),
      fluency: Number(r.fluency),
      flexibility: Number(r.flexibility),
      originality: Number(r.originality),
      total: Number(r.total),
      answers: Number(r.answers),
      test_date: r.test_date ? new Date(r.test_date as string).toISOString() : null,
      confirmed: !!r.confirmed,
    })),
  };
}

/** Learners in scope who took, have scores in, and have confirmed scores in each test (GET usersCount). */
export async function testCounts(db: Executor, actor: Actor) {
  const scope = inScope(actor);
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
      select x.exam_type,
        (select count(distinct e.child_id)::int from ${exams} e join ${children} on ${children.id} = e.child_id where e.exam_type = x.exam_type and ${scope}) as takers,
        (select count(distinct w.child_id)::int from ${wordScores} w join ${children} on ${children.id} = w.child_id where w.exam_type = x.exam_type and ${scope}) as scored,
        (select count(*)::int from ${scoreConfirmations} s join ${children} on ${children.id} = s.child_id where s.exam_type = x.exam_type and ${scope}) as confirmed
      from (values (1), (2)) as x(exam_type) order by x.exam_type`,
  );
  return rows.map((r) => ({
    exam_type: Number(r.exam_type),
    takers: Number(r.takers),
    scored: Number(r.scored),
    confirmed: Number(r.confirmed),
  }));
}

/**
 * Answers in scope, optionally of one learner, test, challenge or group: all, word answers, and those matched to
 * no category. The learner and the group named are checked by the caller.
 */
export async function answerCounts(db: Executor, actor: Actor, f: z.infer<typeof answerCountSchema>) {
  const [row] = await rowsOf<Record<string, unknown>>(
    db,
    sql`
      select count(*)::int as answers,
        count(m.answer_id)::int as scored,
        count(*) filter (where m.status = 'relevant')::int as relevant,
        count(*) filter (where m.status = 'relevant' and m.subcategory_id is null)::int as unmatched,
        count(distinct a.child_id)::int as learners
      from ${examAnswers} a join ${children} on ${children.id} = a.child_id
      left join ${answerMatches} m on m.answer_id = a.id
      where ${inScope(actor)}
        ${f.student_id ? sql`and a.child_id = ${f.student_id}` : sql``}
        ${f.exam_type ? sql`and a.exam_type = ${f.exam_type}` : sql``}
        ${f.challenge ? sql`and a.challenge = ${f.challenge}` : sql``}
        ${f.group_id ? sql`and a.child_id in ${membersOfGroup(f.group_id)}` : sql``}`,
  );
  return {
    answers: Number(row.answers),
    scored: Number(row.scored),
    relevant: Number(row.relevant),
    unmatched: Number(row.unmatched),
    learners: Number(row.learners),
  };
}

/** A page of the learners in scope who took a test (GET /answers/get/exam/users), and how many there are. */
export async function testTakers(db: Executor, actor: Actor, f: z.infer<typeof examUsersSchema>) {
  const order = { exam_date: 'exam_date', name: 'name', id: 'student_id' }[f.order_by];
  const direction = f.order_direction === 'asc' ? 'asc' : 'desc';
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
      select children.id as student_id, children.name, e.exam_type, array_agg(e.challenge order by e.challenge) as challenges, min(e.started_at) as exam_date,
        exists(select 1 from ${wordScores} w where w.child_id = children.id and w.exam_type = e.exam_type) as scored,
        count(*) over ()::int as full_count
      from ${exams} e join ${children} on children.id = e.child_id
      where ${inScope(actor)}
        ${f.exam_type ? sql`and e.exam_type = ${f.exam_type}` : sql``}
        ${f.group_id ? sql`and children.id in ${membersOfGroup(f.group_id)}` : sql``}
        ${f.search_text ? sql`and children.name ilike ${likePattern(f.search_text)}` : sql``}
      group by children.id, children.name, e.exam_type
      order by ${sql.raw(order)} ${sql.raw(direction)}, student_id ${sql.raw(direction)}, e.exam_type
      limit ${f.limit} offset ${f.offset}`,
  );
  return {
    count: Number(rows[0]?.full_count ?? 0),
    data: rows.map((r) => ({
      student_id: Number(r.student_id),
      name: String(r.name),
      exam_type: Number(r.exam_type),
      challenges: (r.challenges as (number | string)[]).map(Number),
      exam_date: new Date(r.exam_date as string).toISOString(),
      scored: !!r.scored,
    })),
  };
}

/** A learner's id and name. */
export async function learnerName(db: Executor, childId: number) {
  const [child] = await db
    .select({ id: children.id, name: children.name })
    .from(children)
    .where(eq(children.id, childId));
  return child;
}

/** A learner's word scores (optionally of one exam type) with each question's text and stage, in test order. */
export function scoredQuestions(db: Executor, childId: number, examType?: number) {
  return db
    .select({ ws: wordScores, text: examQuestions.text, stage: examQuestions.stage })
    .from(wordScores)
    .innerJoin(examQuestions, eq(examQuestions.id, wordScores.questionId))
    .where(and(eq(wordScores.childId, childId), examType ? eq(wordScores.examType, examType) : undefined))
    .orderBy(
      asc(wordScores.examType),
      asc(wordScores.challenge),
      asc(examQuestions.stage),
      asc(examQuestions.position),
      asc(examQuestions.id),
    );
}

/** A learner's answers to some questions with what the engine made of each (answer_matches). */
export async function matchedAnswers(db: Executor, childId: number, questionIds: number[]) {
  if (!questionIds.length) return [];
  return db
    .select({
      id: examAnswers.id,
      questionId: examAnswers.questionId,
      answer: examAnswers.answer,
      status: answerMatches.status,
      category: answerMatches.category,
      subcategory: answerMatches.subcategory,
      points: answerMatches.points,
    })
    .from(examAnswers)
    .leftJoin(answerMatches, eq(answerMatches.answerId, examAnswers.id))
    .where(and(eq(examAnswers.childId, childId), inArray(examAnswers.questionId, questionIds)))
    .orderBy(asc(examAnswers.position), asc(examAnswers.id));
}

/** The confirmation of a learner's score in an exam type, outdated when the totals changed since. */
export async function confirmationOf(
  db: Executor,
  childId: number,
  examType: number,
  current: Record<Measure, number> | null,
) {
  const [row] = await db
    .select({ c: scoreConfirmations, by: users.name })
    .from(scoreConfirmations)
    .leftJoin(users, eq(users.id, scoreConfirmations.confirmedBy))
    .where(and(eq(scoreConfirmations.childId, childId), eq(scoreConfirmations.examType, examType)));
  if (!row) return null;
  const outdated =
    !current ||
    current.fluency !== row.c.fluency ||
    current.flexibility !== row.c.flexibility ||
    current.originality !== row.c.originality;
  return { confirmed_at: row.c.confirmedAt.toISOString(), confirmed_by: row.by, outdated };
}

/** A learner's totals in an exam type as they stand now, with how many questions are scored (n). */
export async function testScoreTotals(db: Executor, childId: number, examType: number) {
  const [totals] = await db
    .select({
      n: sql<number>`count(*)::int`,
      fluency: sql<number>`coalesce(sum(${wordScores.fluency}), 0)::int`,
      flexibility: sql<number>`coalesce(sum(${wordScores.flexibility}), 0)::int`,
      originality: sql<number>`coalesce(sum(${wordScores.originality}), 0)::int`,
    })
    .from(wordScores)
    .where(and(eq(wordScores.childId, childId), eq(wordScores.examType, examType)));
  return totals;
}

/** How many of a learner's questions in an exam type have scores. */
export async function scoredQuestionCount(db: Executor, childId: number, examType: number): Promise<number> {
  const [scored] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(wordScores)
    .where(and(eq(wordScores.childId, childId), eq(wordScores.examType, examType)));
  return scored.n;
}

/** Records (or replaces) the confirmation of a learner's totals in an exam type. */
export async function saveConfirmation(
  db: Executor,
  childId: number,
  examType: number,
  values: { fluency: number; flexibility: number; originality: number; confirmedBy: number; confirmedAt: Date },
) {
  await db
    .insert(scoreConfirmations)
    .values({ childId, examType, ...values })
    .onConflictDoUpdate({ target: [scoreConfirmations.childId, scoreConfirmations.examType], set: values });
}

/** The answers among these ids whose learner is in the actor's scope. */
export function answersInScope(db: Executor, actor: Actor, ids: number[]) {
  return db
    .select({
      id: examAnswers.id,
      questionId: examAnswers.questionId,
      childId: examAnswers.childId,
      answer: examAnswers.answer,
    })
    .from(examAnswers)
    .innerJoin(children, eq(children.id, examAnswers.childId))
    .where(and(inArray(examAnswers.id, ids), childrenInScope(actor)));
}

export async function deleteAnswers(db: Executor, ids: number[]) {
  await db.delete(examAnswers).where(inArray(examAnswers.id, ids));
}

/** Learners in scope whose name contains the text, with their family account's name and the tests they took. */
export async function learnersNamed(db: Executor, actor: Actor, text: string) {
  const rows = await rowsOf<Record<string, unknown>>(
    db,
    sql`
        select children.id, children.name, u.name as parent,
          coalesce((select array_agg(distinct e.exam_type order by e.exam_type) from ${exams} e where e.child_id = children.id), '{}') as tests
        from ${children} left join ${users} u on u.id = children.parent_id
        where ${inScope(actor)} and children.name ilike ${likePattern(text)}
        order by children.name, children.id limit 50`,
  );
  return rows.map((r) => ({
    student_id: Number(r.id),
    name: String(r.name),
    parent: (r.parent as string | null) ?? null,
    tests: (r.tests as (number | string)[]).map(Number),
  }));
}

/** A question's text and its category set (null: not a word question), or undefined when there is no such question. */
export async function questionWithSet(db: Executor, questionId: number) {
  const [q] = await rowsOf<{ text: Record<string, string>; set_id: number | null }>(
    db,
    sql`
        select q.text, qs.set_id from ${examQuestions} q left join question_category_sets qs on qs.question_id = q.id where q.id = ${questionId}`,
  );
  return q;
}

/** The words of a category set with their category and subcategory names. */
export function wordsOfSet(db: Executor, setId: number) {
  return rowsOf<{ category: string; subcategory: string; word: string }>(
    db,
    sql`
        select c.name as category, s.name as subcategory, w.word from category_words w
        join subcategories s on s.id = w.subcategory_id join categories c on c.id = s.category_id
        where c.set_id = ${setId} order by c.name, s.name, w.word`,
  );
}

/** Every answer to a question, by test (exam row), in the order given. */
export function answersToQuestion(db: Executor, questionId: number) {
  return rowsOf<{ exam_id: number; answer: string }>(
    db,
    sql`
        select a.exam_id, a.answer from ${examAnswers} a where a.question_id = ${questionId} order by a.exam_id, a.position, a.id`,
  );
}

/** Whether a learner took a test (an exam row) and whether it has scores yet, and when it started. */
export async function testState(db: Executor, childId: number, ref: TestRef) {
  const [row] = await rowsOf<{ taken: boolean; scored: boolean; test_date: string | null }>(
    db,
    sql`
    select exists(select 1 from ${exams} where ${exams.childId} = ${childId} and ${exams.examType} = ${ref.examType}
             ${ref.challenge ? sql`and ${exams.challenge} = ${ref.challenge}` : sql``}) as taken,
           exists(select 1 from ${wordScores} where ${wordScores.childId} = ${childId} and ${wordScores.examType} = ${ref.examType}
             ${ref.challenge ? sql`and ${wordScores.challenge} = ${ref.challenge}` : sql``}) as scored,
           (select min(${exams.startedAt}) from ${exams} where ${exams.childId} = ${childId} and ${exams.examType} = ${ref.examType}
             ${ref.challenge ? sql`and ${exams.challenge} = ${ref.challenge}` : sql``}) as test_date`,
  );
  return {
    taken: !!row.taken,
    scored: !!row.scored,
    testDate: row.test_date ? new Date(row.test_date).toISOString() : null,
  };
}

/** The learner's own totals per challenge of an exam type. */
export function learnerChallenges(db: Executor, childId: number, examType: number) {
  return db
    .select({
      challenge: wordScores.challenge,
      fluency: sql<number>`sum(${wordScores.fluency})::int`,
      flexibility: sql<number>`sum(${wordScores.flexibility})::int`,
      originality: sql<number>`sum(${wordScores.originality})::int`,
    })
    .from(wordScores)
    .where(and(eq(wordScores.childId, childId), eq(wordScores.examType, examType)))
    .groupBy(wordScores.challenge)
    .orderBy(wordScores.challenge);
}

/** The condition "this learner" for placementsOf. */
export const isLearner = (childId: number) => sql`${children.id} = ${childId}`;

/** The learner a guest report link (by its token's hash) opens, or undefined. */
export async function learnerOfGuestLink(db: Executor, tokenHash: string) {
  const [row] = await db
    .select({ child: children })
    .from(guestReportLinks)
    .innerJoin(children, eq(children.id, guestReportLinks.childId))
    .where(eq(guestReportLinks.tokenHash, tokenHash));
  return row?.child;
}
