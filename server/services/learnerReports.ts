import { MEASURES, ageAt, type Measure } from '../../domain/reports';
import type { Executor } from '../db/client';
import { notFound } from '../errors';
import type { ChildRow } from '../repositories/exams';
import {
  confirmationOf,
  isLearner,
  learnerChallenges,
  learnerName,
  learnerOfGuestLink,
  matchedAnswers,
  scoredQuestions,
  testState,
} from '../repositories/learnerResults';
import {
  byChallenge,
  compared,
  distributionOf,
  placementsOf,
  type MeasureStats,
  type PlacedLearner,
  type TestRef,
} from '../repositories/reports';
import { sha256 } from './secrets';

/**
 * A learner's reports (docs/api/reports.md "Student reports"): the report on a test against every taker, the
 * guest's report, and the learner's scores question by question. The caller has checked the learner's scope.
 */

export const comparedMeasures = (placed: PlacedLearner, stats: Record<Measure, MeasureStats>) =>
  MEASURES.map((m) => ({ measure: m, ...compared(placed.scores[m], stats[m]) }));

export const scoresOf = (placed: PlacedLearner | undefined): Record<Measure, number> | null =>
  placed ? (Object.fromEntries(MEASURES.map((m) => [m, placed.scores[m].score])) as Record<Measure, number>) : null;

/**
 * A learner's report on a test (an exam type, or one challenge of it): each
 * measure against every taker of the same test, with the label and the
 * percentile; the challenges with their takers' means; the confirmation.
 */
export async function studentReport(db: Executor, child: ChildRow, ref: TestRef) {
  const [state, stats, placed] = await Promise.all([
    testState(db, child.id, ref),
    distributionOf(db, ref),
    placementsOf(db, ref, isLearner(child.id)),
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
  const status = me ? 'scored' : state.taken ? 'not_scored' : 'not_taken';
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
    status: status as 'scored' | 'not_scored' | 'not_taken',
    test_date: state.testDate,
    takers: stats.total.n,
    measures: me ? comparedMeasures(me, stats) : [],
    challenges,
    confirmation: ref.challenge ? null : await confirmationOf(db, child.id, ref.examType, scoresOf(me)),
  };
}

/**
 * The guest's report (/guest-report/:token): the student report and the lists of docs/PRODUCT.md §3 "Guest
 * report", about this guest only; the takers' totals, maxima and sums are in `summary` (nobody else's scores).
 * An unknown token: 404.
 */
export async function guestReport(db: Executor, token: string, examType: number) {
  const child = await learnerOfGuestLink(db, sha256(token));
  if (!child) throw notFound();
  const ref = { examType };
  const [report, stats] = await Promise.all([studentReport(db, child, ref), distributionOf(db, ref)]);
  const score = (m: 'originality' | 'flexibility' | 'fluency') => report.measures.find((x) => x.measure === m)?.score;
  const id = child.id;
  const summary = (m: 'originality' | 'flexibility' | 'fluency') => ({
    takers: stats[m].n,
    mean: stats[m].mean === null ? null : Math.round(stats[m].mean! * 100) / 100,
    max: stats[m].max,
    sum: stats[m].sum,
  });
  return {
    ...report,
    score: score('originality') === undefined ? [] : [{ student_id: id, total: score('originality')! }],
    categories: score('flexibility') === undefined ? [] : [{ student_id: id, count: score('flexibility')! }],
    user_data: [{ student_id: id, name: report.student.name, gender: report.student.gender, age: report.student.age }],
    fluency:
      score('fluency') === undefined ? [] : [{ student_id: id, score: score('fluency')!, exam_date: report.test_date }],
    summary: { score: summary('originality'), categories: summary('flexibility'), fluency: summary('fluency') },
  };
}

/** A learner's scores question by question (optionally of one exam type), with what the engine made of each answer. */
export async function learnerScores(db: Executor, childId: number, examType?: number) {
  const child = await learnerName(db, childId);
  const scored = await scoredQuestions(db, childId, examType);
  const answers = await matchedAnswers(
    db,
    childId,
    scored.map((s) => s.ws.questionId),
  );
  const tests = [];
  for (const type of [...new Set(scored.map((s) => s.ws.examType))]) {
    const questions = scored
      .filter((s) => s.ws.examType === type)
      .map((s) => ({
        question_id: s.ws.questionId,
        challenge: s.ws.challenge,
        stage: s.stage,
        text: s.text,
        fluency: s.ws.fluency,
        flexibility: s.ws.flexibility,
        originality: s.ws.originality,
        originality_per_answer: Number(s.ws.originalityPerAnswer),
        takers: s.ws.takers,
        scored_at: s.ws.scoredAt.toISOString(),
        answers: answers.filter((a) => a.questionId === s.ws.questionId).map(({ questionId: _q, ...a }) => a),
      }));
    const sum = (m: 'fluency' | 'flexibility' | 'originality') => questions.reduce((n, q) => n + q[m], 0);
    const totals = { fluency: sum('fluency'), flexibility: sum('flexibility'), originality: sum('originality') };
    tests.push({
      exam_type: type,
      ...totals,
      total: totals.fluency + totals.flexibility + totals.originality,
      confirmation: await confirmationOf(db, childId, type, { ...totals, total: 0 }),
      questions,
    });
  }
  return { student: child, tests };
}
