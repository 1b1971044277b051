import { and, eq, sql } from 'drizzle-orm';
import { MEASURES, ageAt, type Measure } from '../../../domain/reports';
import type { Executor } from '../../db/client';
import { children, exams, scoreConfirmations, users, wordScores } from '../../db/schema';
import {
  byChallenge,
  compared,
  distributionOf,
  placementsOf,
  rowsOf,
  type MeasureStats,
  type PlacedLearner,
  type TestRef,
} from '../../repositories/reports';
import type { StudentReportOut } from './schemas';

type ChildRow = typeof children.$inferSelect;

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
async function learnerChallenges(db: Executor, childId: number, examType: number) {
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

export const comparedMeasures = (placed: PlacedLearner, stats: Record<Measure, MeasureStats>) =>
  MEASURES.map((m) => ({ measure: m, ...compared(placed.scores[m], stats[m]) }));

export const scoresOf = (placed: PlacedLearner | undefined): Record<Measure, number> | null =>
  placed ? (Object.fromEntries(MEASURES.map((m) => [m, placed.scores[m].score])) as Record<Measure, number>) : null;

/**
 * A learner's report on a test (an exam type, or one challenge of it): each
 * measure against every taker of the same test, with the label and the
 * percentile; the challenges with their takers' means; the confirmation.
 */
export async function studentReport(db: Executor, child: ChildRow, ref: TestRef): Promise<StudentReportOut> {
  const [state, stats, placed] = await Promise.all([
    testState(db, child.id, ref),
    distributionOf(db, ref),
    placementsOf(db, ref, sql`${children.id} = ${child.id}`),
  ]);
  const me = placed[0];
  const [mine, averages] = await Promise.all([
    learnerChallenges(db, child.id, ref.examType),
    byChallenge(db, ref.examType, {}),
  ]);
  const challenges = mine
    .filter((c) => !ref.challenge || c.challenge === ref.challenge)
    .map((c) => {
      const average = averages.find((a) => a.challenge === c.challenge) ?? {
        takers: 0,
        fluency: null,
        flexibility: null,
        originality: null,
        total: null,
      };
      return {
        challenge: c.challenge,
        fluency: c.fluency,
        flexibility: c.flexibility,
        originality: c.originality,
        total: c.fluency + c.flexibility + c.originality,
        average: {
          takers: average.takers,
          fluency: average.fluency,
          flexibility: average.flexibility,
          originality: average.originality,
          total: average.total,
        },
      };
    });
  return {
    student: {
      id: child.id,
      name: child.name,
      gender: child.gender,
      birthdate: child.birthdate,
      age: ageAt(child.birthdate, state.testDate ?? new Date()),
    },
    exam_type: ref.examType,
    challenge: ref.challenge ?? null,
    status: me ? 'scored' : state.taken ? 'not_scored' : 'not_taken',
    test_date: state.testDate,
    takers: stats.total.n,
    measures: me ? comparedMeasures(me, stats) : [],
    challenges,
    confirmation: ref.challenge ? null : await confirmationOf(db, child.id, ref.examType, scoresOf(me)),
  };
}
