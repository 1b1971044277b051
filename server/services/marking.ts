import {
  agreementOf,
  isAssessed,
  MAX_ROUNDS,
  needsThirdMarker,
  RUBRIC_KEYS,
  type Agreement,
  type ImageScores,
} from '../../domain/marking/rubric';
import type { Actor } from '../auth/actor';
import type { Database, Executor } from '../db/client';
import { isUniqueViolation } from '../db/errors';
import { AppError, conflict, notFound } from '../errors';
import {
  bumpOpenAssignment,
  drawingsOf,
  finishAssignment,
  finishedTestsInScope,
  insertAssignment,
  isMarker,
  lockOwnAssignment,
  markersByLoad,
  markingsOfExam,
  markingsOfExams,
  ownAssignment,
  roundsOfExam,
  saveImageMarks,
  testForMarking,
  testInScope,
  testsInScope,
} from '../repositories/marking';
import { getSetting } from '../repositories/settings';
import { writeLog } from './audit';

/**
 * The workflows of marking (docs/api/marking.md, domain/marking/rubric.ts): a marker saves and finishes their
 * marking of a test (a wide disagreement of the first two sends it to a third marker), admin_neomi allocates tests
 * and reads the agreement of double markings. Each write is one transaction with its audit log.
 */

type Markings = Awaited<ReturnType<typeof markingsOfExam>>;

/** The status filter of the admin's list of tests (POST /marking/tests). */
export type MarkingTestsStatus = 'unallocated' | 'open' | 'finished' | 'disagreement';

const disagreementMargin = async (db: Executor) => Number(await getSetting(db, 'marking_disagreement_margin'));

/** The agreement of a test's first two markings when both are finished, and whether a third marker is needed. */
function agreementOfExam(markings: Markings, margin: number): { agreement: Agreement | null; needsThird: boolean } {
  const [first, second] = [1, 2].map((round) => markings.find((m) => m.round === round && m.status === 'finished'));
  if (!first || !second) return { agreement: null, needsThird: false };
  const agreement = agreementOf(first.marks, second.marks);
  return { agreement, needsThird: needsThirdMarker(agreement, margin) && !markings.some((m) => m.round === 3) };
}

const presentMarking = (m: Markings[number]) => ({
  id: m.id,
  round: m.round,
  status: m.status,
  marker_id: m.markerId,
  marker: m.marker,
  code: m.code,
  total: [...m.marks.values()].reduce((sum, s) => sum + RUBRIC_KEYS.reduce((t, k) => t + (s[k] ?? 0), 0), 0),
  finished_at: m.finishedAt?.toISOString() ?? null,
});

/** A finished test as the admin sees it: the learner, its markings and their agreement. */
const presentAdminTest = (
  row: NonNullable<Awaited<ReturnType<typeof testInScope>>>,
  markings: Markings,
  assessed: { agreement: Agreement | null; needsThird: boolean },
) => ({
  exam_id: row.id,
  child_id: row.childId,
  child: row.child,
  exam_type: row.examType,
  challenge: row.challenge,
  finished_at: row.finishedAt?.toISOString() ?? null,
  markings: markings.map(presentMarking),
  agreement: assessed.agreement,
  needs_third: assessed.needsThird,
});

/** Why a write to an assignment cannot happen: not the caller's (404), finished (409) or saved by another session since (409). */
async function refuseWrite(db: Executor, markerId: number, assignmentId: number): Promise<never> {
  const assignment = await ownAssignment(db, markerId, assignmentId);
  if (!assignment) throw notFound();
  if (assignment.status === 'finished') throw conflict('app.marking.finished');
  throw conflict('app.marking.stale', { version: 'app.marking.stale' });
}

/** When a second marking is finished and the two disagree beyond the margin, the test goes to the least busy other marker. */
async function sendToThirdMarker(tx: Executor, examId: number, actorId: number): Promise<number | null> {
  const markings = await markingsOfExam(tx, examId);
  const { agreement, needsThird } = agreementOfExam(markings, await disagreementMargin(tx));
  if (!agreement || !needsThird) return null;
  const taken = new Set(markings.map((m) => m.markerId));
  const third = (await markersByLoad(tx)).find((m) => !taken.has(m.id));
  if (!third) return null;
  const row = await insertAssignment(tx, { examId, markerId: third.id, round: 3, assignedBy: null });
  await writeLog(tx, {
    actorId,
    action: 'assign',
    entity: 'marking',
    entityId: row.id,
    newValue: { exam_id: examId, marker_id: third.id, round: 3, difference: agreement.difference },
  });
  return row.id;
}

// ---------------------------------------------------------------- the marker's side

/** The drawing `fileId` of a test allocated to the marker (404 for anything else). */
export async function drawingForMarker(db: Executor, markerId: number, assignmentId: number, fileId: number) {
  const assignment = await ownAssignment(db, markerId, assignmentId);
  if (!assignment) throw notFound();
  const drawing = (await drawingsOf(db, assignment.examId)).find((d) => d.fileId === fileId);
  if (!drawing) throw notFound();
  return drawing;
}

/** The marker's test, by its assignment (404 when it is not theirs). */
export async function ownTestForMarking(db: Executor, markerId: number, assignmentId: number) {
  const assignment = await ownAssignment(db, markerId, assignmentId);
  if (!assignment) throw notFound();
  return testForMarking(db, assignment);
}

/**
 * Saves a drawing's scores as a draft in the marker's open assignment, naming the version the marker has
 * (409 when another session saved since). Answers the new version, the drawing as marked and the count marked.
 */
export async function markImage(
  db: Database,
  markerId: number,
  mark: { assignmentId: number; fileId: number; version: number; scores: ImageScores },
) {
  const { assignmentId, fileId, version, scores } = mark;
  const assignment = await db.transaction(async (tx) => {
    const bumped = await bumpOpenAssignment(tx, markerId, assignmentId, version);
    if (!bumped) return refuseWrite(tx, markerId, assignmentId);
    const drawings = await drawingsOf(tx, bumped.examId);
    if (!drawings.some((d) => d.fileId === fileId)) throw notFound();
    await saveImageMarks(tx, assignmentId, fileId, scores);
    return bumped;
  });
  const test = await testForMarking(db, assignment);
  return { version: assignment.version, image: test.images.find((i) => i.file_id === fileId)!, marked: test.marked };
}

/**
 * Finishes the marker's marking of a test when every drawing is assessed (400 naming those that are not), and
 * sends the test to a third marker when the first two disagree beyond the margin. Answers the test as finished.
 */
export async function finishMarking(db: Database, markerId: number, assignmentId: number, version: number) {
  const finished = await db.transaction(async (tx) => {
    const assignment = await lockOwnAssignment(tx, markerId, assignmentId);
    if (!assignment) throw notFound();
    if (assignment.status === 'finished') throw conflict('app.marking.finished');
    if (assignment.version !== version) throw conflict('app.marking.stale', { version: 'app.marking.stale' });
    const test = await testForMarking(tx, assignment);
    const missing = test.images.filter((i) => !isAssessed(i.scores));
    if (missing.length || !test.images.length) {
      throw new AppError(
        400,
        'app.marking.assessAll',
        Object.fromEntries(missing.map((i) => [`images.${i.file_id}`, 'app.marking.assessAll'])),
      );
    }
    const done = await finishAssignment(tx, assignmentId);
    await writeLog(tx, {
      actorId: markerId,
      action: 'finish',
      entity: 'marking',
      entityId: assignmentId,
      newValue: { exam_id: assignment.examId, round: assignment.round },
    });
    if (assignment.round === 2 || assignment.round === 1) await sendToThirdMarker(tx, assignment.examId, markerId);
    return done;
  });
  return testForMarking(db, finished);
}

// ---------------------------------------------------------------- allocation and agreement (admin_neomi)

/** The finished tests in the actor's scope with their markings and agreement, filtered by where they stand. */
export async function markingTests(db: Executor, actor: Actor, status: MarkingTestsStatus | undefined) {
  const rows = await finishedTestsInScope(db, actor);
  const margin = await disagreementMargin(db);
  const markingsOf = await markingsOfExams(
    db,
    rows.map((r) => r.id),
  );
  const data = [];
  for (const row of rows) {
    const markings = markingsOf.get(row.id) ?? [];
    const assessed = agreementOfExam(markings, margin);
    if (status === 'unallocated' && markings.length) continue;
    if (status === 'open' && !markings.some((m) => m.status === 'open')) continue;
    if (status === 'finished' && (!markings.length || markings.some((m) => m.status === 'open'))) continue;
    if (status === 'disagreement' && !(assessed.agreement && needsThirdMarker(assessed.agreement, margin))) continue;
    data.push(presentAdminTest(row, markings, assessed));
  }
  return data;
}

/** A test in the actor's scope with its markings and their agreement (404 outside the scope). */
export async function testAgreement(db: Executor, actor: Actor, examId: number) {
  const row = await testInScope(db, actor, examId);
  if (!row) throw notFound();
  const markings = await markingsOfExam(db, row.id);
  return presentAdminTest(row, markings, agreementOfExam(markings, await disagreementMargin(db)));
}

/**
 * Allocates finished tests of the actor's scope to a marker, each in its next round: all of them or, with 400/404/409,
 * none. Answers the assignments made.
 */
export async function allocateTests(db: Database, actor: Actor, markerId: number, examIdsAsked: number[]) {
  const examIds = [...new Set(examIdsAsked)];
  if (!(await isMarker(db, markerId)))
    throw new AppError(400, 'app.marking.notMarker', { marker_id: 'app.marking.notMarker' });
  const found = await testsInScope(db, actor, examIds);
  if (found.length !== examIds.length) throw notFound();
  const unfinished = found.filter((e) => !e.finishedAt);
  if (unfinished.length) {
    throw new AppError(
      400,
      'app.marking.notFinishedTest',
      Object.fromEntries(unfinished.map((e) => [`exam_ids.${examIds.indexOf(e.id)}`, 'app.marking.notFinishedTest'])),
    );
  }
  try {
    return await db.transaction(async (tx) => {
      const created = [];
      for (const examId of examIds) {
        const rounds = await roundsOfExam(tx, examId);
        if (rounds.some((r) => r.markerId === markerId))
          throw conflict('app.marking.alreadyAssigned', {
            [`exam_ids.${examIds.indexOf(examId)}`]: 'app.marking.alreadyAssigned',
          });
        const round = Math.max(0, ...rounds.map((r) => r.round)) + 1;
        if (round > MAX_ROUNDS)
          throw conflict('app.marking.tooManyRounds', {
            [`exam_ids.${examIds.indexOf(examId)}`]: 'app.marking.tooManyRounds',
          });
        const row = await insertAssignment(tx, { examId, markerId, round, assignedBy: actor.id });
        await writeLog(tx, {
          actorId: actor.id,
          action: 'assign',
          entity: 'marking',
          entityId: row.id,
          newValue: { exam_id: examId, marker_id: markerId, round },
        });
        created.push({ id: row.id, exam_id: examId, round });
      }
      return created;
    });
  } catch (error) {
    // two admins allocating the same test at once: the unique (exam, round) or (exam, marker) index refuses the second
    if (isUniqueViolation(error)) throw conflict('app.marking.alreadyAssigned');
    throw error;
  }
}
