import { randomBytes } from 'node:crypto';
import { and, asc, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { QUESTION_KIND, type LocalText } from '../../domain/exams';
import { isAssessed, type ImageScores, type Marking } from '../../domain/marking/rubric';
import type { Actor } from '../auth/actor';
import { childrenInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import {
  children,
  examAnswers,
  examFiles,
  examQuestions,
  exams,
  examSubmissions,
  imageMarks,
  markingAssignments,
  permissions,
  rolePermissions,
  userPermissions,
  userRoles,
  users,
} from '../db/schema';

/**
 * Reads of marking (docs/api/marking.md). A marker's queries never select
 * the learner: what a marker sees of a test is its pseudonymous code, exam
 * type, challenge, questions and drawings.
 */

export type AssignmentRow = typeof markingAssignments.$inferSelect;

/** A pseudonymous test code: 'NT-' and 8 random characters from an alphabet without look-alikes. */
export function newCode(): string {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  return `NT-${[...randomBytes(8)].map((b) => alphabet[b % alphabet.length]).join('')}`;
}

/** The marker's own assignment (anything else is not found for them). */
export async function ownAssignment(
  db: Executor,
  markerId: number,
  assignmentId: number,
): Promise<AssignmentRow | undefined> {
  const [row] = await db
    .select()
    .from(markingAssignments)
    .where(and(eq(markingAssignments.id, assignmentId), eq(markingAssignments.markerId, markerId)));
  return row;
}

/** The drawings of a test: each stage's image, in stage order. */
export async function drawingsOf(db: Executor, examId: number) {
  return db
    .select({
      fileId: examFiles.id,
      stage: examSubmissions.stage,
      drawn: examFiles.drawn,
      name: examFiles.name,
      kind: examFiles.kind,
      questionId: examFiles.questionId,
    })
    .from(examFiles)
    .innerJoin(examSubmissions, eq(examSubmissions.id, examFiles.submissionId))
    .where(and(eq(examSubmissions.examId, examId), eq(examFiles.kind, 'image')))
    .orderBy(asc(examSubmissions.stage), asc(examFiles.id));
}

/** Marks of some assignments, by assignment then file. */
export async function marksOf(db: Executor, assignmentIds: number[]): Promise<Map<number, Map<number, ImageScores>>> {
  const byAssignment = new Map<number, Map<number, ImageScores>>();
  if (!assignmentIds.length) return byAssignment;
  const rows = await db.select().from(imageMarks).where(inArray(imageMarks.assignmentId, assignmentIds));
  for (const row of rows) {
    if (!byAssignment.has(row.assignmentId)) byAssignment.set(row.assignmentId, new Map());
    byAssignment.get(row.assignmentId)!.set(row.fileId, row.scores);
  }
  return byAssignment;
}

/** How many drawings each test has. */
async function drawingCounts(db: Executor, examIds: number[]): Promise<Map<number, number>> {
  if (!examIds.length) return new Map();
  const rows = await db
    .select({ examId: examSubmissions.examId, count: sql<number>`count(*)::int` })
    .from(examFiles)
    .innerJoin(examSubmissions, eq(examSubmissions.id, examFiles.submissionId))
    .where(and(inArray(examSubmissions.examId, examIds), eq(examFiles.kind, 'image')))
    .groupBy(examSubmissions.examId);
  return new Map(rows.map((r) => [r.examId, Number(r.count)]));
}

/** A marker's assignments (open: the queue; finished: /corrected-exams), as the marker may see them: no learner. */
export async function markerQueue(db: Executor, markerId: number, status: 'open' | 'finished') {
  const rows = await db
    .select({
      id: markingAssignments.id,
      code: markingAssignments.code,
      round: markingAssignments.round,
      status: markingAssignments.status,
      version: markingAssignments.version,
      examId: markingAssignments.examId,
      examType: exams.examType,
      challenge: exams.challenge,
      assignedAt: markingAssignments.createdAt,
      finishedAt: markingAssignments.finishedAt,
    })
    .from(markingAssignments)
    .innerJoin(exams, eq(exams.id, markingAssignments.examId))
    .where(and(eq(markingAssignments.markerId, markerId), eq(markingAssignments.status, status)))
    .orderBy(status === 'open' ? asc(markingAssignments.id) : sql`${markingAssignments.finishedAt} desc`);
  const counts = await drawingCounts(
    db,
    rows.map((r) => r.examId),
  );
  const marks = await marksOf(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => ({
    id: r.id,
    code: r.code,
    round: r.round,
    status: r.status,
    version: r.version,
    exam_type: r.examType,
    challenge: r.challenge,
    images: counts.get(r.examId) ?? 0,
    marked: [...(marks.get(r.id)?.values() ?? [])].filter(isAssessed).length,
    assigned_at: r.assignedAt.toISOString(),
    finished_at: r.finishedAt?.toISOString() ?? null,
  }));
}

/** The question each drawing answers: the stage's image question, or its first question. */
async function stageQuestions(db: Executor, examType: number, challenge: number): Promise<Map<number, LocalText>> {
  const rows = await db
    .select({ stage: examQuestions.stage, kind: examQuestions.kind, text: examQuestions.text })
    .from(examQuestions)
    .where(and(eq(examQuestions.examType, examType), eq(examQuestions.challenge, challenge)))
    .orderBy(asc(examQuestions.stage), asc(examQuestions.position), asc(examQuestions.id));
  const byStage = new Map<number, LocalText>();
  for (const row of rows) {
    if (!byStage.has(row.stage) || row.kind === QUESTION_KIND.imageUpload) byStage.set(row.stage, row.text);
  }
  return byStage;
}

/**
 * The names the learner typed for the drawings of a test, by stage: the typed entries of
 * the stage's repeated-drawing question ('write a name for each drawing'), in order.
 * Only the texts: nothing of the learner.
 */
async function drawingTitles(db: Executor, examId: number): Promise<Map<number, string[]>> {
  const rows = await db
    .select({ stage: examAnswers.stage, answer: examAnswers.answer })
    .from(examAnswers)
    .innerJoin(examQuestions, eq(examQuestions.id, examAnswers.questionId))
    .where(
      and(
        eq(examAnswers.examId, examId),
        eq(examQuestions.kind, QUESTION_KIND.repeatedDraw),
        eq(examAnswers.source, 'text'),
      ),
    )
    .orderBy(asc(examAnswers.stage), asc(examAnswers.position), asc(examAnswers.id));
  const byStage = new Map<number, string[]>();
  for (const row of rows) {
    const title = row.answer.trim();
    if (title) byStage.set(row.stage, [...(byStage.get(row.stage) ?? []), title]);
  }
  return byStage;
}

/** A test as its marker sees it: code, exam, drawings with their question and the marker's scores. */
export async function testForMarking(db: Executor, assignment: AssignmentRow) {
  const [exam] = await db
    .select({ examType: exams.examType, challenge: exams.challenge })
    .from(exams)
    .where(eq(exams.id, assignment.examId));
  // one after the other: db may be a transaction (one connection)
  const drawings = await drawingsOf(db, assignment.examId);
  const questions = await stageQuestions(db, exam.examType, exam.challenge);
  const titles = await drawingTitles(db, assignment.examId);
  const marks = await marksOf(db, [assignment.id]);
  const mine = marks.get(assignment.id) ?? new Map<number, ImageScores>();
  const images = drawings.map((d) => {
    const scores = mine.get(d.fileId) ?? {};
    return {
      file_id: d.fileId,
      stage: d.stage,
      drawn: d.drawn,
      question: questions.get(d.stage) ?? {},
      titles: titles.get(d.stage) ?? [],
      scores,
      assessed: isAssessed(scores),
    };
  });
  return {
    id: assignment.id,
    code: assignment.code,
    round: assignment.round,
    status: assignment.status,
    version: assignment.version,
    exam_type: exam.examType,
    challenge: exam.challenge,
    images,
    marked: images.filter((i) => i.assessed).length,
  };
}

/** Whether a user may mark tests (holds mark_neomi_test by a role or directly) and is active. */
export async function isMarker(db: Executor, userId: number): Promise<boolean> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.removed, 0), markerCondition()));
  return rows.length > 0;
}

/** Whether the user holds a permission, by a role or directly. */
const holds = (permission: string) => sql`(
  exists (select 1 from ${userRoles} ur join ${rolePermissions} rp on rp.role_id = ur.role_id join ${permissions} p on p.id = rp.permission_id
          where ur.user_id = ${users.id} and p.name = ${permission})
  or exists (select 1 from ${userPermissions} up join ${permissions} p on p.id = up.permission_id
          where up.user_id = ${users.id} and p.name = ${permission}))`;
const markerCondition = () => holds('mark_neomi_test');

/**
 * Active markers with how many tests each has open, fewest first; at equal
 * load, markers before the Neomi admins (who may mark too).
 */
export async function markersByLoad(db: Executor) {
  const open = sql<number>`(select count(*)::int from ${markingAssignments} a where a.marker_id = ${users}.id and a.status = 'open')`;
  const rows = await db
    .select({ id: users.id, name: users.name, email: users.email, open })
    .from(users)
    .where(and(eq(users.removed, 0), markerCondition()))
    .orderBy(open, sql`${holds('admin_neomi')}`, asc(users.id));
  return rows.map((r) => ({ id: r.id, name: r.name, email: r.email, open: Number(r.open) }));
}

/** Every marking of a test, in round order, with each one's marks. */
export async function markingsOfExam(db: Executor, examId: number) {
  return (await markingsOfExams(db, [examId])).get(examId) ?? [];
}

/** The markings of several tests (each test's by round), in two queries whatever their number. */
export async function markingsOfExams(db: Executor, examIds: number[]) {
  const rows =
    examIds.length === 0
      ? []
      : await db
          .select({
            examId: markingAssignments.examId,
            id: markingAssignments.id,
            round: markingAssignments.round,
            status: markingAssignments.status,
            markerId: markingAssignments.markerId,
            marker: users.name,
            code: markingAssignments.code,
            finishedAt: markingAssignments.finishedAt,
          })
          .from(markingAssignments)
          .innerJoin(users, eq(users.id, markingAssignments.markerId))
          .where(inArray(markingAssignments.examId, examIds))
          .orderBy(asc(markingAssignments.examId), asc(markingAssignments.round));
  const marks = await marksOf(
    db,
    rows.map((r) => r.id),
  );
  const byExam = new Map<number, ({ marks: Marking } & Omit<(typeof rows)[number], 'examId'>)[]>();
  for (const { examId, ...r } of rows) {
    const list = byExam.get(examId) ?? [];
    list.push({ ...r, marks: (marks.get(r.id) ?? new Map()) as Marking });
    byExam.set(examId, list);
  }
  return byExam;
}

// ---------------------------------------------------------------- writes of the marker's side

/**
 * Bumps the version of the marker's open assignment when it still is `version`: the check and the bump are one
 * statement, so of two saves naming the same version one wins and the other finds nothing (undefined).
 */
export async function bumpOpenAssignment(db: Executor, markerId: number, assignmentId: number, version: number) {
  const [row] = await db
    .update(markingAssignments)
    .set({ version: sql`${markingAssignments.version} + 1`, updatedAt: sql`now()` })
    .where(
      and(
        eq(markingAssignments.id, assignmentId),
        eq(markingAssignments.markerId, markerId),
        eq(markingAssignments.status, 'open'),
        eq(markingAssignments.version, version),
      ),
    )
    .returning();
  return row as AssignmentRow | undefined;
}

/** Saves a drawing's scores in an assignment (a draft: saved again, it replaces them). */
export async function saveImageMarks(db: Executor, assignmentId: number, fileId: number, scores: ImageScores) {
  await db
    .insert(imageMarks)
    .values({ assignmentId, fileId, scores })
    .onConflictDoUpdate({
      target: [imageMarks.assignmentId, imageMarks.fileId],
      set: { scores, updatedAt: sql`now()` },
    });
}

/** The marker's own assignment, locked until the transaction ends (SELECT … FOR UPDATE). */
export async function lockOwnAssignment(db: Executor, markerId: number, assignmentId: number) {
  const [row] = await db
    .select()
    .from(markingAssignments)
    .where(and(eq(markingAssignments.id, assignmentId), eq(markingAssignments.markerId, markerId)))
    .for('update');
  return row as AssignmentRow | undefined;
}

/** Marks an assignment finished now, with a new version. */
export async function finishAssignment(db: Executor, assignmentId: number): Promise<AssignmentRow> {
  const [row] = await db
    .update(markingAssignments)
    .set({
      status: 'finished',
      finishedAt: sql`now()`,
      version: sql`${markingAssignments.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(markingAssignments.id, assignmentId))
    .returning();
  return row;
}

// ---------------------------------------------------------------- allocation (admin_neomi)

/** A new assignment of a test to a marker in a round, under a fresh pseudonymous code. */
export async function insertAssignment(
  db: Executor,
  values: { examId: number; markerId: number; round: number; assignedBy: number | null },
): Promise<AssignmentRow> {
  const [row] = await db
    .insert(markingAssignments)
    .values({ ...values, code: newCode() })
    .returning();
  return row;
}

/** The rounds a test has been allocated in, and to whom. */
export async function roundsOfExam(db: Executor, examId: number) {
  return db
    .select({ round: markingAssignments.round, markerId: markingAssignments.markerId })
    .from(markingAssignments)
    .where(eq(markingAssignments.examId, examId));
}

const testColumns = {
  id: exams.id,
  childId: exams.childId,
  child: children.name,
  examType: exams.examType,
  challenge: exams.challenge,
  finishedAt: exams.finishedAt,
};

/** The finished tests of the learners in the actor's scope, latest first (at most 500). */
export async function finishedTestsInScope(db: Executor, actor: Actor) {
  return db
    .select(testColumns)
    .from(exams)
    .innerJoin(children, eq(children.id, exams.childId))
    .where(and(isNotNull(exams.finishedAt), childrenInScope(actor)))
    .orderBy(desc(exams.finishedAt), desc(exams.id))
    .limit(500);
}

/** A test of a learner in the actor's scope (undefined otherwise). */
export async function testInScope(db: Executor, actor: Actor, examId: number) {
  const [row] = await db
    .select(testColumns)
    .from(exams)
    .innerJoin(children, eq(children.id, exams.childId))
    .where(and(eq(exams.id, examId), childrenInScope(actor)));
  return row;
}

/** Of the tests named, those of learners in the actor's scope, with when each was finished. */
export async function testsInScope(db: Executor, actor: Actor, examIds: number[]) {
  return db
    .select({ id: exams.id, finishedAt: exams.finishedAt })
    .from(exams)
    .innerJoin(children, eq(children.id, exams.childId))
    .where(and(inArray(exams.id, examIds), childrenInScope(actor)));
}
