import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { MEMBER_STATUS } from '../../../domain/codes';
import { initialScore } from '../../../domain/exams';
import {
  answersQuerySchema,
  examRefSchema,
  redoSchema,
  setTimeSchema,
  takerListSchema,
  updateAnswerSchema,
} from '../../../domain/schemas/exams';
import { childrenInScope, groupsInScope } from '../../auth/scope';
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
} from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import {
  examStatesOf,
  findExam,
  learnerInScope,
  presentAnswer,
  presentExam,
  presentLearner,
  stagesOf,
  submittedStages,
  testDuration,
} from '../../repositories/exams';
import { writeLog } from '../../services/audit';
import { orderBy, searchCondition } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { enqueueQuestions, enqueueStageScoring } from '../../services/scoringJobs';
import { localTextOut } from './schemas';
import { answerOut, examErrors, examOut, learnerOut, learnerWithExamsOut, stageOut } from './schemas';
import { MODEL_FOLDER, STAGE_IMAGE_FOLDER } from './submit';

/** Reading and correcting answers, the group overviews, and the exam tools (timer, redo, duration). */
export const answerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  /** Learners with the state of each of their exams. */
  async function withExams(rows: (typeof children.$inferSelect)[]) {
    const states = await examStatesOf(
      db,
      rows.map((r) => r.id),
    );
    return rows.map((r) => ({ ...presentLearner(r), exams: states.get(r.id)! }));
  }

  app.post(
    '/getAnswers',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['exams'],
        body: answersQuerySchema,
        response: {
          200: z.object({
            student: learnerOut,
            exams: z.array(z.object({ exam: examOut, stages: z.array(stageOut) })),
          }),
          ...examErrors,
        },
      },
    },
    async (request) => {
      const { student_id, exam_type, challenge } = request.body;
      const child = await learnerInScope(db, actorOf(request), student_id);
      const rows = await db
        .select()
        .from(exams)
        .where(
          and(
            eq(exams.childId, child.id),
            exam_type ? eq(exams.examType, exam_type) : undefined,
            challenge ? eq(exams.challenge, challenge) : undefined,
          ),
        )
        .orderBy(asc(exams.examType), asc(exams.challenge));
      const ids = rows.map((r) => r.id);
      const [stages, done, duration] = await Promise.all([
        stagesOf(db, ids),
        submittedStages(db, ids),
        testDuration(db),
      ]);
      return {
        student: presentLearner(child),
        exams: rows.map((e) => ({
          exam: presentExam(
            { childId: child.id, examType: e.examType, challenge: e.challenge },
            e,
            done.get(e.id)!,
            duration,
          ),
          stages: stages.get(e.id)!,
        })),
      };
    },
  );

  app.post(
    '/answers/get/user/answers',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['exams'],
        body: answersQuerySchema,
        response: {
          200: z.object({
            answers: z.array(answerOut.extend({ question: localTextOut, kind: z.string() })),
            count: z.number(),
          }),
          ...examErrors,
        },
      },
    },
    async (request) => {
      const { student_id, exam_type, challenge } = request.body;
      const child = await learnerInScope(db, actorOf(request), student_id);
      const rows = await db
        .select({ answer: examAnswers, text: examQuestions.text, kind: examQuestions.kind })
        .from(examAnswers)
        .innerJoin(examQuestions, eq(examQuestions.id, examAnswers.questionId))
        .where(
          and(
            eq(examAnswers.childId, child.id),
            exam_type ? eq(examAnswers.examType, exam_type) : undefined,
            challenge ? eq(examAnswers.challenge, challenge) : undefined,
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
      return {
        answers: rows.map((r) => ({ ...presentAnswer(r.answer), question: r.text, kind: r.kind })),
        count: rows.length,
      };
    },
  );

  app.put(
    '/answers/update/answer',
    {
      config: { access: 'access_neomi' },
      schema: {
        tags: ['exams'],
        body: updateAnswerSchema,
        response: { 200: z.object({ answer: answerOut, message: z.string(), key: z.string() }), ...examErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const [before] = await db.select().from(examAnswers).where(eq(examAnswers.id, request.body.id));
      if (!before) throw notFound();
      await learnerInScope(db, actor, before.childId);
      const text = request.body.answer;
      const after = await db.transaction(async (tx) => {
        // a corrected text loses the option it came from; its score is the engine's again (0 for 'no answer')
        const [row] = await tx
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
        await writeLog(tx, {
          actorId: actor.id,
          action: 'update',
          entity: 'exam_answer',
          entityId: before.id,
          oldValue: { answer: before.answer },
          newValue: { answer: text },
        });
        await enqueueQuestions(tx, [before.questionId]);
        return row;
      });
      app.scoringJobs.wake();
      return { answer: presentAnswer(after), message: 'The answer has been updated', key: 'app.exams.answerUpdated' };
    },
  );

  const groupsOut = z.object({
    groups: z.array(
      z.object({
        id: z.number(),
        name: z.string(),
        course_id: z.number().nullable(),
        students: z.array(learnerWithExamsOut),
      }),
    ),
  });

  /** The caller's groups, each with its learners (those in the caller's scope) and where they stand in each test. */
  app.get(
    '/answers/get/neomi/exam/groups/user',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['exams'], response: { 200: groupsOut, ...examErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const groupRows = await db
        .select()
        .from(groups)
        .where(groupsInScope(actor))
        .orderBy(asc(groups.name), asc(groups.id))
        .limit(200);
      if (!groupRows.length) return { groups: [] };
      const scope = childrenInScope(actor);
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
            scope,
          ),
        )
        .orderBy(asc(children.name), asc(children.id));
      const learners = new Map(
        (await withExams([...new Map(members.map((m) => [m.child.id, m.child])).values()])).map((l) => [l.id, l]),
      );
      return {
        groups: groupRows.map((g) => ({
          id: g.id,
          name: g.name,
          course_id: g.courseId,
          students: members.filter((m) => m.groupId === g.id).map((m) => learners.get(m.child.id)!),
        })),
      };
    },
  );

  /** The learners the caller answers for directly (a family's or guest's children, a teacher's group members), flat, for the mobile app. */
  app.get(
    '/answers/get/mobile/exam/groups/user',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['exams'],
        response: { 200: z.object({ students: z.array(learnerWithExamsOut) }), ...examErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const taught = sql`(select ${groupMembers.childId} from ${groupMembers} join ${groups} on ${groups.id} = ${groupMembers.groupId} where ${groups.teacherId} = ${actor.id} and ${groupMembers.status} = ${MEMBER_STATUS.active})`;
      const rows = await db
        .select()
        .from(children)
        .where(sql`${children.parentId} = ${actor.id} or ${children.id} in ${taught}`)
        .orderBy(asc(children.name), asc(children.id))
        .limit(500);
      return { students: await withExams(rows) };
    },
  );

  const TAKER_ORDER = { name: children.name, id: children.id };

  /** Learners in the caller's scope with their tests (/neomi-exams), optionally of one group, or only those who took an exam type. */
  app.post(
    '/exam/takers',
    {
      config: { access: 'access_neomi' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['exams'],
        body: takerListSchema,
        response: { 200: z.object({ students: z.array(learnerWithExamsOut), count: z.number() }), ...examErrors },
      },
    },
    async (request) => {
      const filter = request.body;
      const where = and(
        childrenInScope(actorOf(request)),
        searchCondition(filter.search_text, [children.name]),
        filter.group_id
          ? inArray(
              children.id,
              sql`(select ${groupMembers.childId} from ${groupMembers} where ${groupMembers.groupId} = ${filter.group_id})`,
            )
          : undefined,
        filter.exam_type
          ? inArray(
              children.id,
              sql`(select ${exams.childId} from ${exams} where ${exams.examType} = ${filter.exam_type})`,
            )
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
      return { students: await withExams(rows.map((r) => r.child)), count: rows[0]?.total ?? 0 };
    },
  );

  const statOut = z.object({
    exam_type: z.number(),
    challenge: z.number(),
    started: z.number(),
    open: z.number(),
    finished: z.number(),
    time_over: z.number(),
    stages: z.array(z.number()),
  });

  /** How far the learners in scope are in each test (/neomi-exams-two): counted in SQL. */
  app.get(
    '/exam/stats',
    {
      config: { access: 'access_neomi' },
      schema: {
        tags: ['exams'],
        response: { 200: z.object({ stats: z.array(statOut), learners: z.number() }), ...examErrors },
      },
    },
    async (request) => {
      const scope = childrenInScope(actorOf(request));
      const inScope = scope
        ? sql`${exams.childId} in (select ${children.id} from ${children} where ${scope})`
        : sql`true`;
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
    },
  );

  app.post(
    '/answers/reset/timer',
    {
      config: { access: 'access_neomi' },
      schema: {
        tags: ['exams'],
        body: examRefSchema,
        response: { 200: z.object({ exam: examOut, message: z.string(), key: z.string() }), ...examErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { student_id, exam_type, challenge } = request.body;
      const child = await learnerInScope(db, actor, student_id);
      const exam = await findExam(db, child.id, exam_type, challenge);
      if (!exam) throw conflict('app.exams.notStarted');
      const duration = await testDuration(db);
      const after = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(exams)
          .set({ startedAt: new Date(), durationSeconds: duration, updatedAt: new Date() })
          .where(eq(exams.id, exam.id))
          .returning();
        await writeLog(tx, {
          actorId: actor.id,
          action: 'reset_timer',
          entity: 'exam',
          entityId: exam.id,
          oldValue: { started_at: exam.startedAt, duration: exam.durationSeconds },
          newValue: { started_at: row.startedAt, duration },
        });
        return row;
      });
      const done = (await submittedStages(db, [after.id])).get(after.id)!;
      return {
        exam: presentExam({ childId: child.id, examType: exam_type, challenge }, after, done, duration),
        message: 'The timer has been reset',
        key: 'app.exams.timerReset',
      };
    },
  );

  app.post(
    '/answers/redo/test',
    {
      config: { access: 'access_neomi' },
      schema: {
        tags: ['exams'],
        body: redoSchema,
        response: {
          200: z.object({
            message: z.string(),
            key: z.string(),
            deleted: z.object({ exams: z.number(), answers: z.number(), files: z.number() }),
          }),
          ...examErrors,
        },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { student_id, exam_type, challenge } = request.body;
      const child = await learnerInScope(db, actor, student_id);
      const which = and(
        eq(exams.childId, child.id),
        eq(exams.examType, exam_type),
        challenge ? eq(exams.challenge, challenge) : undefined,
      );
      const { files, deleted } = await db.transaction(async (tx) => {
        const rows = await tx.select({ id: exams.id, challenge: exams.challenge }).from(exams).where(which);
        const ids = rows.map((r) => r.id);
        if (!ids.length) return { files: [], deleted: { exams: 0, answers: 0, files: 0 } };
        const fileRows = await tx
          .select({ kind: examFiles.kind, name: examFiles.name })
          .from(examFiles)
          .innerJoin(examSubmissions, eq(examSubmissions.id, examFiles.submissionId))
          .where(inArray(examSubmissions.examId, ids));
        const answers = await tx
          .delete(examAnswers)
          .where(inArray(examAnswers.examId, ids))
          .returning({ id: examAnswers.id });
        // submissions, their files and the exams go with them (cascade)
        await tx.delete(exams).where(inArray(exams.id, ids));
        const counts = { exams: ids.length, answers: answers.length, files: fileRows.length };
        // fewer takers: the word questions of these challenges are scored again
        for (const r of rows) await enqueueStageScoring(tx, { examType: exam_type, challenge: r.challenge });
        await writeLog(tx, {
          actorId: actor.id,
          action: 'redo_test',
          entity: 'exam',
          entityId: ids[0],
          oldValue: { student_id: child.id, exam_type, challenges: rows.map((r) => r.challenge), ...counts },
        });
        return { files: fileRows, deleted: counts };
      });
      app.scoringJobs.wake();
      for (const f of files) await app.storage.remove(f.kind === 'model' ? MODEL_FOLDER : STAGE_IMAGE_FOLDER, f.name);
      request.log.info(
        { event: 'exam.redo', childId: child.id, examType: exam_type, challenge: challenge ?? null, ...deleted },
        'exam answers deleted for a redo',
      );
      return {
        message: 'The answers of this test have been deleted: the learner can take it again',
        key: 'app.exams.testRedone',
        deleted,
      };
    },
  );

  app.post(
    '/test/set/time',
    {
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['exams'],
        body: setTimeSchema,
        response: { 200: z.object({ time: z.number(), message: z.string(), key: z.string() }), ...examErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await testDuration(db);
      const { time } = request.body;
      await db.transaction(async (tx) => {
        await tx
          .insert(settings)
          .values({ key: 'test_duration_seconds', value: time })
          .onConflictDoUpdate({ target: settings.key, set: { value: time, updatedAt: sql`now()` } });
        await writeLog(tx, {
          actorId: actor.id,
          action: 'update',
          entity: 'setting',
          entityId: null,
          oldValue: { test_duration_seconds: before },
          newValue: { test_duration_seconds: time },
        });
      });
      return { time, message: 'The test duration has been saved', key: 'app.exams.timeSaved' };
    },
  );

  app.get(
    '/test/time',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['exams'], response: { 200: z.object({ time: z.number() }), ...examErrors } },
    },
    async () => ({ time: await testDuration(db) }),
  );
};
