import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { MEMBER_STATUS } from '../../domain/codes';
import { initialScore } from '../../domain/exams';
import type { TakerListInput } from '../../domain/schemas/exams';
import type { Actor } from '../auth/actor';
import { childrenInScope, groupsInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { orderBy, searchCondition } from '../db/listing';
import {
  children,
  examAnswers,
  examFiles,
  examQuestions,
  exams,
  examSubmissions,
  groupMembers,
  groups,
  settings,
} from '../db/schema';
import { examStatesOf, presentLearner, type AnswerRow, type ChildRow, type ExamRow } from './exams';

/** Which of a learner's tests: one exam type and/or one challenge, or all. */
export interface ExamFilter {
  examType?: number;
  challenge?: number;
}

/** Learners with the state of each of their exams. */
export async function learnersWithExams(db: Executor, rows: ChildRow[]) {
  const states = await examStatesOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({ ...presentLearner(r), exams: states.get(r.id)! }));
}

/** A learner's exams, by exam type and challenge. */
export const examsOfLearner = (db: Executor, childId: number, filter: ExamFilter) =>
  db
    .select()
    .from(exams)
    .where(
      and(
        eq(exams.childId, childId),
        filter.examType ? eq(exams.examType, filter.examType) : undefined,
        filter.challenge ? eq(exams.challenge, filter.challenge) : undefined,
      ),
    )
    .orderBy(asc(exams.examType), asc(exams.challenge));

/** A learner's answers with their question's text and kind, in the order of the test. */
export const answersOfLearner = (db: Executor, childId: number, filter: ExamFilter) =>
  db
    .select({ answer: examAnswers, text: examQuestions.text, kind: examQuestions.kind })
    .from(examAnswers)
    .innerJoin(examQuestions, eq(examQuestions.id, examAnswers.questionId))
    .where(
      and(
        eq(examAnswers.childId, childId),
        filter.examType ? eq(examAnswers.examType, filter.examType) : undefined,
        filter.challenge ? eq(examAnswers.challenge, filter.challenge) : undefined,
      ),
    )
    .orderBy(
      asc(examAnswers.examType),
      asc(examAnswers.challenge),
      asc(examAnswers.stage),
      asc(examQuestions.position),
      asc(examAnswers.questionId),
      asc(examAnswers.position),
    );

export async function answerById(db: Executor, id: number): Promise<AnswerRow | undefined> {
  const [row] = await db.select().from(examAnswers).where(eq(examAnswers.id, id));
  return row;
}

/** A corrected text loses the option it came from; its score is the engine's again (0 for 'no answer'). */
export async function correctAnswerText(db: Executor, before: AnswerRow, text: string): Promise<AnswerRow> {
  const [row] = await db
    .update(examAnswers)
    .set({
      answer: text,
      optionKey: text === before.answer ? before.optionKey : null,
      source: text === before.answer ? before.source : 'text',
      score: initialScore(text),
      updatedAt: sql`now()`,
    })
    .where(eq(examAnswers.id, before.id))
    .returning();
  return row;
}

/** The caller's groups (at most 200), each with its active learners in the caller's scope. */
export async function groupsWithLearners(db: Executor, actor: Actor) {
  const groupRows = await db
    .select()
    .from(groups)
    .where(groupsInScope(actor))
    .orderBy(asc(groups.name), asc(groups.id))
    .limit(200);
  if (!groupRows.length) return [];
  const members = await db
    .select({ groupId: groupMembers.groupId, child: children })
    .from(groupMembers)
    .innerJoin(children, eq(children.id, groupMembers.childId))
    .where(
      and(
        inArray(
          groupMembers.groupId,
          groupRows.map((g) => g.id),
        ),
        eq(groupMembers.status, MEMBER_STATUS.active),
        childrenInScope(actor),
      ),
    )
    .orderBy(asc(children.name), asc(children.id));
  return groupRows.map((g) => ({ group: g, learners: members.filter((m) => m.groupId === g.id).map((m) => m.child) }));
}

/** The learners a user answers for directly: their own children and the active members of the groups they teach. */
export function learnersAnsweredBy(db: Executor, userId: number) {
  const taught = sql`(select ${groupMembers.childId} from ${groupMembers} join ${groups} on ${groups.id} = ${groupMembers.groupId} where ${groups.teacherId} = ${userId} and ${groupMembers.status} = ${MEMBER_STATUS.active})`;
  return db
    .select()
    .from(children)
    .where(sql`${children.parentId} = ${userId} or ${children.id} in ${taught}`)
    .orderBy(asc(children.name), asc(children.id))
    .limit(500);
}

const TAKER_ORDER = { name: children.name, id: children.id };

/** A page of the learners in the caller's scope, optionally of one group, or only those who took an exam type. */
export async function takersPage(db: Executor, actor: Actor, filter: TakerListInput) {
  const where = and(
    childrenInScope(actor),
    searchCondition(filter.search_text, [children.name]),
    filter.group_id
      ? inArray(
          children.id,
          sql`(select ${groupMembers.childId} from ${groupMembers} where ${groupMembers.groupId} = ${filter.group_id})`,
        )
      : undefined,
    filter.exam_type
      ? inArray(children.id, sql`(select ${exams.childId} from ${exams} where ${exams.examType} = ${filter.exam_type})`)
      : undefined,
  );
  const rows = await db
    .select({ child: children, total: sql<number>`cast(count(*) over() as integer)` })
    .from(children)
    .where(where)
    .orderBy(
      orderBy(TAKER_ORDER[filter.order_by], filter.order_direction),
      orderBy(children.id, filter.order_direction),
    )
    .limit(filter.limit)
    .offset(filter.offset);
  return { learners: rows.map((r) => r.child), count: rows[0]?.total ?? 0 };
}

/** How far the learners in scope are in each test, counted in SQL, and how many learners there are. */
export async function examStatsOf(db: Executor, actor: Actor) {
  const scope = childrenInScope(actor);
  const inScope = scope ? sql`${exams.childId} in (select ${children.id} from ${children} where ${scope})` : sql`true`;
  const stageCount = sql`(select count(*) from ${examSubmissions} where ${examSubmissions.examId} = ${exams.id})`;
  const late = sql`${exams.startedAt} + make_interval(secs => ${exams.durationSeconds}) < now()`;
  const rows = await db
    .select({
      examType: exams.examType,
      challenge: exams.challenge,
      started: sql<number>`cast(count(*) as integer)`,
      finished: sql<number>`cast(count(*) filter (where ${stageCount} >= 3) as integer)`,
      timeOver: sql<number>`cast(count(*) filter (where ${stageCount} < 3 and ${late}) as integer)`,
      s1: sql<number>`cast(count(*) filter (where ${stageCount} >= 1) as integer)`,
      s2: sql<number>`cast(count(*) filter (where ${stageCount} >= 2) as integer)`,
    })
    .from(exams)
    .where(inScope)
    .groupBy(exams.examType, exams.challenge)
    .orderBy(exams.examType, exams.challenge);
  const [{ n }] = await db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(children)
    .where(scope);
  return {
    learners: n,
    stats: rows.map((r) => ({
      exam_type: r.examType,
      challenge: r.challenge,
      started: r.started,
      finished: r.finished,
      time_over: r.timeOver,
      open: r.started - r.finished - r.timeOver,
      stages: [r.s1, r.s2, r.finished],
    })),
  };
}

/** Starts an exam's timer again (now, with this duration). */
export async function restartTimer(db: Executor, examId: number, duration: number): Promise<ExamRow> {
  const [row] = await db
    .update(exams)
    .set({ startedAt: new Date(), durationSeconds: duration, updatedAt: new Date() })
    .where(eq(exams.id, examId))
    .returning();
  return row;
}

/**
 * Deletes a learner's exams of one type (one challenge, or all): their answers, and with them (cascade) the
 * submissions and file rows. Returns which exams went and the stored files to remove.
 */
export async function deleteExams(db: Executor, childId: number, examType: number, challenge: number | undefined) {
  const rows = await db
    .select({ id: exams.id, challenge: exams.challenge })
    .from(exams)
    .where(
      and(
        eq(exams.childId, childId),
        eq(exams.examType, examType),
        challenge ? eq(exams.challenge, challenge) : undefined,
      ),
    );
  const ids = rows.map((r) => r.id);
  if (!ids.length) return { exams: rows, files: [], answers: 0 };
  const files = await db
    .select({ kind: examFiles.kind, name: examFiles.name })
    .from(examFiles)
    .innerJoin(examSubmissions, eq(examSubmissions.id, examFiles.submissionId))
    .where(inArray(examSubmissions.examId, ids));
  const answers = await db
    .delete(examAnswers)
    .where(inArray(examAnswers.examId, ids))
    .returning({ id: examAnswers.id });
  // submissions, their files and the exams go with them (cascade)
  await db.delete(exams).where(inArray(exams.id, ids));
  return { exams: rows, files, answers: answers.length };
}

/** The test duration (docs/api/exams.md "Answers and tools"): GET /test/time reads it, new exams start with it. */
export const saveTestDuration = (db: Executor, seconds: number) =>
  db
    .insert(settings)
    .values({ key: 'test_duration_seconds', value: seconds })
    .onConflictDoUpdate({ target: settings.key, set: { value: seconds, updatedAt: sql`now()` } });
