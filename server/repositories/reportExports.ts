import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MEMBER_STATUS } from '../../domain/codes';
import type { Actor } from '../auth/actor';
import { groupsManagedBy, schoolsInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import {
  answerMatches,
  children,
  courses,
  examAnswers,
  examQuestions,
  exams,
  groupMembers,
  groups,
  schools,
  wordScores,
} from '../db/schema';
import { membersOfGroup, rowsOf, type TestRef } from './reports';

/** The queries of exam_results.xlsx, its group picker and the print pages (docs/api/reports.md "Exports and prints"). */

/** The active members of a group who took a test (challenge optional) and have no score in it yet, by name. */
export function unscoredTakers(db: Executor, groupId: number, ref: TestRef) {
  return rowsOf<{ id: number; name: string; gender: number | null; birthdate: string | null; test_date: string }>(
    db,
    sql`
      select ${children.id} as id, ${children.name} as name, ${children.gender} as gender, ${children.birthdate}::text as birthdate,
        min(${exams.startedAt}) as test_date
      from ${children} join ${exams} on ${exams.childId} = ${children.id} and ${exams.examType} = ${ref.examType}
        ${ref.challenge ? sql`and ${exams.challenge} = ${ref.challenge}` : sql``}
      where ${children.id} in ${membersOfGroup(groupId)}
        and not exists (select 1 from ${wordScores} where ${wordScores.childId} = ${children.id} and ${wordScores.examType} = ${ref.examType}
          ${ref.challenge ? sql`and ${wordScores.challenge} = ${ref.challenge}` : sql``})
      group by ${children.id} order by ${children.name}, ${children.id}`,
  );
}

/** The word answers (free text) of some learners in a test, with what the scoring made of each (answer_matches). */
export function wordAnswersOf(db: Executor, childIds: number[], ref: TestRef) {
  return db
    .select({
      student_id: children.id,
      name: children.name,
      challenge: examAnswers.challenge,
      stage: examAnswers.stage,
      question_id: examQuestions.id,
      text: examQuestions.text,
      position: examAnswers.position,
      answer: examAnswers.answer,
      status: answerMatches.status,
      category: answerMatches.category,
      subcategory: answerMatches.subcategory,
      points: answerMatches.points,
    })
    .from(examAnswers)
    .innerJoin(children, eq(children.id, examAnswers.childId))
    .innerJoin(examQuestions, eq(examQuestions.id, examAnswers.questionId))
    .leftJoin(answerMatches, eq(answerMatches.answerId, examAnswers.id))
    .where(
      and(
        inArray(examAnswers.childId, childIds),
        eq(examAnswers.examType, ref.examType),
        ref.challenge ? eq(examAnswers.challenge, ref.challenge) : undefined,
        eq(examQuestions.kind, 'free_text'),
      ),
    )
    .orderBy(
      asc(children.name),
      asc(children.id),
      asc(examAnswers.challenge),
      asc(examAnswers.stage),
      asc(examQuestions.position),
      asc(examQuestions.id),
      asc(examAnswers.position),
    );
}

/** The challenges some learners took in a test, with when each started, by learner name. */
export function challengesTaken(db: Executor, childIds: number[], ref: TestRef) {
  return db
    .select({ childId: exams.childId, name: children.name, challenge: exams.challenge, startedAt: exams.startedAt })
    .from(exams)
    .innerJoin(children, eq(children.id, exams.childId))
    .where(
      and(
        inArray(exams.childId, childIds),
        eq(exams.examType, ref.examType),
        ref.challenge ? eq(exams.challenge, ref.challenge) : undefined,
      ),
    )
    .orderBy(asc(children.name), asc(children.id), asc(exams.challenge));
}

/** Some learners' totals per challenge of a test. */
export function challengeTotals(db: Executor, childIds: number[], ref: TestRef) {
  return db
    .select({
      childId: wordScores.childId,
      challenge: wordScores.challenge,
      fluency: sql<number>`sum(${wordScores.fluency})::int`,
      flexibility: sql<number>`sum(${wordScores.flexibility})::int`,
      originality: sql<number>`sum(${wordScores.originality})::int`,
    })
    .from(wordScores)
    .where(
      and(
        inArray(wordScores.childId, childIds),
        eq(wordScores.examType, ref.examType),
        ref.challenge ? eq(wordScores.challenge, ref.challenge) : undefined,
      ),
    )
    .groupBy(wordScores.childId, wordScores.challenge);
}

/** Whether a school is in the actor's scope. */
export async function schoolVisible(db: Executor, actor: Actor, schoolId: number): Promise<boolean> {
  const scope = schoolsInScope(actor);
  const [visible] = await rowsOf<{ ok: boolean }>(
    db,
    sql`select exists(select 1 from schools where id = ${schoolId} and ${scope ?? sql`true`}) as ok`,
  );
  return !!visible?.ok;
}

/** The groups the actor manages (optionally of one school) with how many active members took each test. */
export async function groupsWithTakers(db: Executor, actor: Actor, schoolId: number | undefined) {
  const rows = await rowsOf<{
    id: number;
    name: string;
    school_id: number | null;
    school_name: string | null;
    course_name: string | null;
    pre_takers: number;
    post_takers: number;
  }>(
    db,
    sql`
      select ${groups.id} as id, ${groups.name} as name, ${groups.schoolId} as school_id,
        coalesce(min(${schools.name}), min(${groups.school})) as school_name, min(${courses.name}) as course_name,
        count(distinct e.child_id) filter (where e.exam_type = 1)::int as pre_takers,
        count(distinct e.child_id) filter (where e.exam_type = 2)::int as post_takers
      from ${groups}
      left join ${schools} on ${schools.id} = ${groups.schoolId}
      left join ${courses} on ${courses.id} = ${groups.courseId}
      left join ${groupMembers} gm on gm.group_id = ${groups.id} and gm.status = ${MEMBER_STATUS.active}
      left join ${exams} e on e.child_id = gm.child_id
      where ${groupsManagedBy(actor) ?? sql`true`} ${schoolId ? sql`and ${groups.schoolId} = ${schoolId}` : sql``}
      group by ${groups.id} order by ${groups.name}, ${groups.id}`,
  );
  return rows.map((r) => ({
    id: Number(r.id),
    name: r.name,
    school_id: r.school_id === null ? null : Number(r.school_id),
    school_name: r.school_name,
    course_name: r.course_name,
    pre_takers: Number(r.pre_takers),
    post_takers: Number(r.post_takers),
  }));
}
