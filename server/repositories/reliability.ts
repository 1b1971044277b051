import { and, asc, eq, gte, lt, sql } from 'drizzle-orm';
import { academicYearBounds, type CohortRef, type MarkedTest } from '../../domain/reliability';
import type { Actor } from '../auth/actor';
import { childrenInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { children, exams, markingAssignments, users } from '../db/schema';
import { marksOf } from './marking';

/**
 * Reads of the reliability report (docs/RELIABILITY.md, docs/api/marking.md "Marker reliability"): the cohorts of
 * double-marked tests in the caller's scope, and the finished markings of one cohort's tests. A test is double-marked
 * when its rounds 1 and 2 are both finished; a cohort is an exam type, a challenge and an academic year (starting
 * 1 September, UTC) of the test's start.
 */

const finishedRound = (round: number) =>
  sql`exists (select 1 from ${markingAssignments} a where a.exam_id = ${exams.id} and a.round = ${round} and a.status = 'finished')`;

/** Rounds 1 and 2 both finished. */
const doubleMarked = () => and(finishedRound(1), finishedRound(2));

/** The academic year of a test's start: its calendar year, one less before September (UTC). */
const academicYear = sql<number>`(extract(year from ${exams.startedAt} at time zone 'UTC')::int - case when extract(month from ${exams.startedAt} at time zone 'UTC') < 9 then 1 else 0 end)`;

/** The cohorts with double-marked tests of learners in the actor's scope, newest year first, with their counts. */
export async function reliabilityCohorts(db: Executor, actor: Actor) {
  const rows = await db
    .select({
      examType: exams.examType,
      challenge: exams.challenge,
      year: academicYear,
      tests: sql<number>`count(*)::int`,
    })
    .from(exams)
    .innerJoin(children, eq(children.id, exams.childId))
    .where(and(doubleMarked(), childrenInScope(actor)))
    .groupBy(exams.examType, exams.challenge, academicYear)
    .orderBy(sql`3 desc`, asc(exams.examType), asc(exams.challenge));
  return rows.map((r) => ({
    examType: Number(r.examType),
    challenge: Number(r.challenge),
    year: Number(r.year),
    tests: Number(r.tests),
  }));
}

/** The double-marked tests of a cohort in the actor's scope, each with its finished markings and their marks. */
export async function cohortMarkings(db: Executor, actor: Actor, cohort: CohortRef): Promise<MarkedTest[]> {
  const [from, to] = academicYearBounds(cohort.year);
  const rows = await db
    .select({
      examId: exams.id,
      assignmentId: markingAssignments.id,
      round: markingAssignments.round,
      markerId: markingAssignments.markerId,
      marker: users.name,
    })
    .from(exams)
    .innerJoin(children, eq(children.id, exams.childId))
    .innerJoin(markingAssignments, eq(markingAssignments.examId, exams.id))
    .innerJoin(users, eq(users.id, markingAssignments.markerId))
    .where(
      and(
        eq(exams.examType, cohort.examType),
        eq(exams.challenge, cohort.challenge),
        gte(exams.startedAt, from),
        lt(exams.startedAt, to),
        eq(markingAssignments.status, 'finished'),
        doubleMarked(),
        childrenInScope(actor),
      ),
    )
    .orderBy(asc(exams.id), asc(markingAssignments.round));
  const marks = await marksOf(
    db,
    rows.map((r) => r.assignmentId),
  );
  const tests = new Map<number, MarkedTest & { markings: MarkedTest['markings'][number][] }>();
  for (const r of rows) {
    const test = tests.get(r.examId) ?? { examId: r.examId, markings: [] };
    test.markings.push({
      markerId: r.markerId,
      marker: r.marker,
      round: r.round,
      marks: marks.get(r.assignmentId) ?? new Map(),
    });
    tests.set(r.examId, test);
  }
  return [...tests.values()];
}
