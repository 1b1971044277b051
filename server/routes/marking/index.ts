import { and, desc, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageText } from '../../../domain/messages';
import {
  agreementOf,
  isAssessed,
  MAX_ROUNDS,
  needsThirdMarker,
  RUBRIC_KEYS,
  type Agreement,
} from '../../../domain/marking/rubric';
import {
  allocateSchema,
  assignmentSchema,
  finishMarkingSchema,
  markImageSchema,
  markingTestsSchema,
} from '../../../domain/schemas/marking';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { children, exams, imageMarks, markingAssignments } from '../../db/schema';
import { AppError, conflict, notFound } from '../../errors';
import { childrenInScope } from '../../auth/scope';
import { actorOf } from '../../plugins/access';
import {
  drawingsOf,
  isMarker,
  markersByLoad,
  markerQueue,
  markingsOfExam,
  markingsOfExams,
  newCode,
  ownAssignment,
  testForMarking,
  type AssignmentRow,
} from '../../repositories/marking';
import { getSetting } from '../../repositories/settings';
import { writeLog } from '../../services/audit';
import { seedFigurePng } from '../../seed/examFigures';
import { folderOf } from '../exams/files';
import { authErrors, errorOut, idParams } from '../schemas';

/**
 * Marking of the drawings (docs/api/marking.md, domain/marking/rubric.ts).
 * Markers (mark_neomi_test) see only the tests allocated to them, by a
 * pseudonymous code: no call of theirs selects the learner. admin_neomi
 * allocates tests, one or many, and reads the agreement of double markings.
 */

const scoresOut = z.object(Object.fromEntries(RUBRIC_KEYS.map((k) => [k, z.number().optional()])));
const localText = z.object({ ar: z.string(), en: z.string(), de: z.string(), fr: z.string() }).partial();
const queueItemOut = z.object({
  id: z.number(),
  code: z.string(),
  round: z.number(),
  status: z.string(),
  version: z.number(),
  exam_type: z.number(),
  challenge: z.number(),
  images: z.number(),
  marked: z.number(),
  assigned_at: z.string(),
  finished_at: z.string().nullable(),
});
const imageOut = z.object({
  file_id: z.number(),
  stage: z.number(),
  drawn: z.boolean(),
  question: localText,
  scores: scoresOut,
  assessed: z.boolean(),
});
const testOut = z.object({
  id: z.number(),
  code: z.string(),
  round: z.number(),
  status: z.string(),
  version: z.number(),
  exam_type: z.number(),
  challenge: z.number(),
  images: z.array(imageOut),
  marked: z.number(),
});
const agreementOut = z.object({
  items: z.array(
    z.object({ key: z.string(), first: z.number(), second: z.number(), difference: z.number(), exact: z.number() }),
  ),
  first: z.number(),
  second: z.number(),
  difference: z.number(),
  exact: z.number(),
});
const markingOut = z.object({
  id: z.number(),
  round: z.number(),
  status: z.string(),
  marker_id: z.number(),
  marker: z.string(),
  code: z.string(),
  total: z.number(),
  finished_at: z.string().nullable(),
});
const adminTestOut = z.object({
  exam_id: z.number(),
  child_id: z.number(),
  child: z.string(),
  exam_type: z.number(),
  challenge: z.number(),
  finished_at: z.string().nullable(),
  markings: z.array(markingOut),
  agreement: agreementOut.nullable(),
  needs_third: z.boolean(),
});
const conflictErrors = { ...authErrors, 409: errorOut };

/** The agreement of a test's first two markings when both are finished, and whether a third marker is needed. */
function agreementOfExam(
  markings: Awaited<ReturnType<typeof markingsOfExam>>,
  margin: number,
): { agreement: Agreement | null; needsThird: boolean } {
  const [first, second] = [1, 2].map((round) => markings.find((m) => m.round === round && m.status === 'finished'));
  if (!first || !second) return { agreement: null, needsThird: false };
  const agreement = agreementOf(first.marks, second.marks);
  return { agreement, needsThird: needsThirdMarker(agreement, margin) && !markings.some((m) => m.round === 3) };
}

const presentMarking = (m: Awaited<ReturnType<typeof markingsOfExam>>[number]) => ({
  id: m.id,
  round: m.round,
  status: m.status,
  marker_id: m.markerId,
  marker: m.marker,
  code: m.code,
  total: [...m.marks.values()].reduce((sum, s) => sum + RUBRIC_KEYS.reduce((t, k) => t + (s[k] ?? 0), 0), 0),
  finished_at: m.finishedAt?.toISOString() ?? null,
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
  const { agreement, needsThird } = agreementOfExam(
    markings,
    Number(await getSetting(tx, 'marking_disagreement_margin')),
  );
  if (!agreement || !needsThird) return null;
  const taken = new Set(markings.map((m) => m.markerId));
  const third = (await markersByLoad(tx)).find((m) => !taken.has(m.id));
  if (!third) return null;
  const [row] = await tx
    .insert(markingAssignments)
    .values({ examId, markerId: third.id, round: 3, code: newCode(), assignedBy: null })
    .returning();
  await writeLog(tx, {
    actorId,
    action: 'assign',
    entity: 'marking',
    entityId: row.id,
    newValue: { exam_id: examId, marker_id: third.id, round: 3, difference: agreement.difference },
  });
  return row.id;
}

export const markingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  // ---------------------------------------------------------------- the marker's side

  app.post(
    '/users/to/mark',
    {
      config: { access: 'mark_neomi_test' },
      schema: {
        tags: ['marking'],
        response: { 200: z.object({ data: z.array(queueItemOut), total: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const data = await markerQueue(db, actorOf(request).id, 'open');
      return { data, total: data.length };
    },
  );

  app.post(
    '/users/with/marked/answers',
    {
      config: { access: 'mark_neomi_test' },
      schema: {
        tags: ['marking'],
        response: { 200: z.object({ data: z.array(queueItemOut), total: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const data = await markerQueue(db, actorOf(request).id, 'finished');
      return { data, total: data.length };
    },
  );

  app.post(
    '/exam/report/for/marking',
    {
      config: { access: 'mark_neomi_test' },
      schema: { tags: ['marking'], body: assignmentSchema, response: { 200: testOut, ...authErrors } },
    },
    async (request) => {
      const assignment = await ownAssignment(db, actorOf(request).id, request.body.assignment_id);
      if (!assignment) throw notFound();
      return testForMarking(db, assignment);
    },
  );

  app.get(
    '/marking/images/:assignment_id/:file_id',
    {
      config: { access: 'mark_neomi_test' },
      schema: {
        tags: ['marking'],
        params: z.object({ assignment_id: idParams.shape.id, file_id: idParams.shape.id }),
        querystring: z.object({ variant: z.enum(['thumb']).optional() }),
      },
    },
    async (request, reply) => {
      const assignment = await ownAssignment(db, actorOf(request).id, request.params.assignment_id);
      if (!assignment) throw notFound();
      const drawing = (await drawingsOf(db, assignment.examId)).find((d) => d.fileId === request.params.file_id);
      if (!drawing) throw notFound();
      const stored =
        (await app.storage.read(folderOf(drawing), drawing.name, request.query.variant)) ??
        (await seedFigurePng(drawing.name, request.query.variant)?.then((data) => ({ data, mime: 'image/png' })));
      if (!stored) throw notFound();
      return reply
        .type(stored.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(stored.data);
    },
  );

  app.post(
    '/mark/exam/report',
    {
      config: { access: 'mark_neomi_test' },
      schema: {
        tags: ['marking'],
        body: markImageSchema,
        response: {
          200: z.object({
            message: z.string(),
            key: z.string(),
            version: z.number(),
            image: imageOut,
            marked: z.number(),
          }),
          ...conflictErrors,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { assignment_id: assignmentId, file_id: fileId, version, scores } = request.body;
      const result = await db.transaction(async (tx) => {
        // the version check and the bump are one statement: of two saves naming the same version, one wins and the other gets 409
        const [assignment] = await tx
          .update(markingAssignments)
          .set({ version: sql`${markingAssignments.version} + 1`, updatedAt: sql`now()` })
          .where(
            and(
              eq(markingAssignments.id, assignmentId),
              eq(markingAssignments.markerId, actor.id),
              eq(markingAssignments.status, 'open'),
              eq(markingAssignments.version, version),
            ),
          )
          .returning();
        if (!assignment) return refuseWrite(tx, actor.id, assignmentId);
        const drawings = await drawingsOf(tx, assignment.examId);
        const drawing = drawings.find((d) => d.fileId === fileId);
        if (!drawing) throw notFound();
        await tx
          .insert(imageMarks)
          .values({ assignmentId, fileId, scores })
          .onConflictDoUpdate({
            target: [imageMarks.assignmentId, imageMarks.fileId],
            set: { scores, updatedAt: sql`now()` },
          });
        return { assignment, drawing };
      });
      const test = await testForMarking(db, result.assignment);
      const image = test.images.find((i) => i.file_id === fileId)!;
      return {
        message: messageText('app.marking.saved'),
        key: 'app.marking.saved',
        version: result.assignment.version,
        image,
        marked: test.marked,
      };
    },
  );

  app.post(
    '/mark/exam/finish',
    {
      config: { access: 'mark_neomi_test' },
      schema: {
        tags: ['marking'],
        body: finishMarkingSchema,
        response: { 200: z.object({ message: z.string(), key: z.string(), test: testOut }), ...conflictErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { assignment_id: assignmentId, version } = request.body;
      const finished = await db.transaction(async (tx) => {
        const [assignment] = await tx
          .select()
          .from(markingAssignments)
          .where(and(eq(markingAssignments.id, assignmentId), eq(markingAssignments.markerId, actor.id)))
          .for('update');
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
        const [done] = await tx
          .update(markingAssignments)
          .set({
            status: 'finished',
            finishedAt: sql`now()`,
            version: sql`${markingAssignments.version} + 1`,
            updatedAt: sql`now()`,
          })
          .where(eq(markingAssignments.id, assignmentId))
          .returning();
        await writeLog(tx, {
          actorId: actor.id,
          action: 'finish',
          entity: 'marking',
          entityId: assignmentId,
          newValue: { exam_id: assignment.examId, round: assignment.round },
        });
        if (assignment.round === 2 || assignment.round === 1) await sendToThirdMarker(tx, assignment.examId, actor.id);
        return done;
      });
      return {
        message: messageText('app.marking.done'),
        key: 'app.marking.done',
        test: await testForMarking(db, finished as AssignmentRow),
      };
    },
  );

  // ---------------------------------------------------------------- allocation and agreement (admin_neomi)

  app.get(
    '/marking/markers',
    {
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['marking'],
        response: {
          200: z.object({
            data: z.array(z.object({ id: z.number(), name: z.string(), email: z.string(), open: z.number() })),
          }),
          ...authErrors,
        },
      },
    },
    async () => ({ data: await markersByLoad(db) }),
  );

  app.post(
    '/marking/tests',
    {
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['marking'],
        body: markingTestsSchema,
        response: { 200: z.object({ data: z.array(adminTestOut), total: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const rows = await db
        .select({
          id: exams.id,
          childId: exams.childId,
          child: children.name,
          examType: exams.examType,
          challenge: exams.challenge,
          finishedAt: exams.finishedAt,
        })
        .from(exams)
        .innerJoin(children, eq(children.id, exams.childId))
        .where(and(isNotNull(exams.finishedAt), childrenInScope(actor)))
        .orderBy(desc(exams.finishedAt), desc(exams.id))
        .limit(500);
      const margin = Number(await getSetting(db, 'marking_disagreement_margin'));
      const markingsOf = await markingsOfExams(
        db,
        rows.map((r) => r.id),
      );
      const data = [];
      for (const row of rows) {
        const markings = markingsOf.get(row.id) ?? [];
        const { agreement, needsThird } = agreementOfExam(markings, margin);
        const status = request.body.status;
        if (status === 'unallocated' && markings.length) continue;
        if (status === 'open' && !markings.some((m) => m.status === 'open')) continue;
        if (status === 'finished' && (!markings.length || markings.some((m) => m.status === 'open'))) continue;
        if (status === 'disagreement' && !(agreement && needsThirdMarker(agreement, margin))) continue;
        data.push({
          exam_id: row.id,
          child_id: row.childId,
          child: row.child,
          exam_type: row.examType,
          challenge: row.challenge,
          finished_at: row.finishedAt?.toISOString() ?? null,
          markings: markings.map(presentMarking),
          agreement,
          needs_third: needsThird,
        });
      }
      return { data, total: data.length };
    },
  );

  app.post(
    '/marking/assign',
    {
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['marking'],
        body: allocateSchema,
        response: {
          200: z.object({
            message: z.string(),
            key: z.string(),
            assignments: z.array(z.object({ id: z.number(), exam_id: z.number(), round: z.number() })),
          }),
          ...conflictErrors,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { marker_id: markerId } = request.body;
      const examIds = [...new Set(request.body.exam_ids)];
      if (!(await isMarker(db, markerId)))
        throw new AppError(400, 'app.marking.notMarker', { marker_id: 'app.marking.notMarker' });
      const found = await db
        .select({ id: exams.id, finishedAt: exams.finishedAt })
        .from(exams)
        .innerJoin(children, eq(children.id, exams.childId))
        .where(and(inArray(exams.id, examIds), childrenInScope(actor)));
      if (found.length !== examIds.length) throw notFound();
      const unfinished = found.filter((e) => !e.finishedAt);
      if (unfinished.length) {
        throw new AppError(
          400,
          'app.marking.notFinishedTest',
          Object.fromEntries(
            unfinished.map((e) => [`exam_ids.${examIds.indexOf(e.id)}`, 'app.marking.notFinishedTest']),
          ),
        );
      }
      try {
        const assignments = await db.transaction(async (tx) => {
          const created = [];
          for (const examId of examIds) {
            const rounds = await tx
              .select({ round: markingAssignments.round, markerId: markingAssignments.markerId })
              .from(markingAssignments)
              .where(eq(markingAssignments.examId, examId));
            if (rounds.some((r) => r.markerId === markerId))
              throw conflict('app.marking.alreadyAssigned', {
                [`exam_ids.${examIds.indexOf(examId)}`]: 'app.marking.alreadyAssigned',
              });
            const round = Math.max(0, ...rounds.map((r) => r.round)) + 1;
            if (round > MAX_ROUNDS)
              throw conflict('app.marking.tooManyRounds', {
                [`exam_ids.${examIds.indexOf(examId)}`]: 'app.marking.tooManyRounds',
              });
            const [row] = await tx
              .insert(markingAssignments)
              .values({ examId, markerId, round, code: newCode(), assignedBy: actor.id })
              .returning();
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
        return { message: messageText('app.marking.assigned'), key: 'app.marking.assigned', assignments };
      } catch (error) {
        // two admins allocating the same test at once: the unique (exam, round) or (exam, marker) index refuses the second
        if (isUniqueViolation(error)) throw conflict('app.marking.alreadyAssigned');
        throw error;
      }
    },
  );

  app.get(
    '/marking/agreement/:id',
    {
      config: { access: 'admin_neomi' },
      schema: { tags: ['marking'], params: idParams, response: { 200: adminTestOut, ...authErrors } },
    },
    async (request) => {
      const [row] = await db
        .select({
          id: exams.id,
          childId: exams.childId,
          child: children.name,
          examType: exams.examType,
          challenge: exams.challenge,
          finishedAt: exams.finishedAt,
        })
        .from(exams)
        .innerJoin(children, eq(children.id, exams.childId))
        .where(and(eq(exams.id, request.params.id), childrenInScope(actorOf(request))));
      if (!row) throw notFound();
      const markings = await markingsOfExam(db, row.id);
      const { agreement, needsThird } = agreementOfExam(
        markings,
        Number(await getSetting(db, 'marking_disagreement_margin')),
      );
      return {
        exam_id: row.id,
        child_id: row.childId,
        child: row.child,
        exam_type: row.examType,
        challenge: row.challenge,
        finished_at: row.finishedAt?.toISOString() ?? null,
        markings: markings.map(presentMarking),
        agreement,
        needs_third: needsThird,
      };
    },
  );
};
