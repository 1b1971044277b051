import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  answersQuerySchema,
  examRefSchema,
  redoSchema,
  setTimeSchema,
  takerListSchema,
  updateAnswerSchema,
  answerOut,
  examOut,
  examStatOut,
  learnerOut,
  learnerWithExamsOut,
  localTextOut,
  stageOut,
} from '../../../domain/schemas/exams';
import { actorOf } from '../../plugins/access';
import {
  answersOfLearner,
  examsOfLearner,
  examStatsOf,
  groupsWithLearners,
  learnersAnsweredBy,
  learnersWithExams,
  takersPage,
} from '../../repositories/examAnswers';
import {
  learnerInScope,
  presentAnswer,
  presentExam,
  presentLearner,
  stagesOf,
  submittedStages,
  testDuration,
} from '../../repositories/exams';
import { correctAnswer, redoTest, resetTimer, setTestDuration } from '../../services/examTools';
import { filterFromBodyOrQuery } from '../listing';
import { examErrors } from './schemas';

/** Reading and correcting answers, the group overviews, and the exam tools (timer, redo, duration). */
export const answerRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/getAnswers',
    {
      config: { access: 'signed-in', guest: true },
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
      const rows = await examsOfLearner(db, child.id, { examType: exam_type, challenge });
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
      config: { access: 'signed-in', guest: true },
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
      const rows = await answersOfLearner(db, child.id, { examType: exam_type, challenge });
      return {
        answers: rows.map((r) => ({ ...presentAnswer(r.answer), question: r.text, kind: r.kind })),
        count: rows.length,
      };
    },
  );

  app.put(
    '/answers/update/answer',
    {
      config: { access: 'tests.conduct' },
      schema: {
        tags: ['exams'],
        body: updateAnswerSchema,
        response: { 200: z.object({ answer: answerOut, message: z.string(), key: z.string() }), ...examErrors },
      },
    },
    async (request) => {
      const answer = await correctAnswer(db, app.scoringJobs, actorOf(request), request.body.id, request.body.answer);
      return { answer, message: 'The answer has been updated', key: 'app.exams.answerUpdated' };
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
      const rows = await groupsWithLearners(db, actorOf(request));
      const learners = new Map(
        (await learnersWithExams(db, [...new Map(rows.flatMap((g) => g.learners).map((c) => [c.id, c])).values()])).map(
          (l) => [l.id, l],
        ),
      );
      return {
        groups: rows.map(({ group: g, learners: members }) => ({
          id: g.id,
          name: g.name,
          course_id: g.courseId,
          students: members.map((c) => learners.get(c.id)!),
        })),
      };
    },
  );

  /** The learners the caller answers for directly (a family's or guest's children, a teacher's group members), flat, for the mobile app. */
  app.get(
    '/answers/get/mobile/exam/groups/user',
    {
      config: { access: 'signed-in', guest: true },
      schema: {
        tags: ['exams'],
        response: { 200: z.object({ students: z.array(learnerWithExamsOut) }), ...examErrors },
      },
    },
    async (request) => ({
      students: await learnersWithExams(db, await learnersAnsweredBy(db, actorOf(request).id)),
    }),
  );

  /** Learners in the caller's scope with their tests (/neomi-exams), optionally of one group, or only those who took an exam type. */
  app.post(
    '/exam/takers',
    {
      config: { access: 'tests.conduct' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['exams'],
        body: takerListSchema,
        response: { 200: z.object({ students: z.array(learnerWithExamsOut), count: z.number() }), ...examErrors },
      },
    },
    async (request) => {
      const page = await takersPage(db, actorOf(request), request.body);
      return { students: await learnersWithExams(db, page.learners), count: page.count };
    },
  );

  /** How far the learners in scope are in each test (/neomi-exams-two): counted in SQL. */
  app.get(
    '/exam/stats',
    {
      config: { access: 'tests.conduct' },
      schema: {
        tags: ['exams'],
        response: { 200: z.object({ stats: z.array(examStatOut), learners: z.number() }), ...examErrors },
      },
    },
    async (request) => examStatsOf(db, actorOf(request)),
  );

  app.post(
    '/answers/reset/timer',
    {
      config: { access: 'tests.conduct' },
      schema: {
        tags: ['exams'],
        body: examRefSchema,
        response: { 200: z.object({ exam: examOut, message: z.string(), key: z.string() }), ...examErrors },
      },
    },
    async (request) => ({
      exam: await resetTimer(db, actorOf(request), request.body),
      message: 'The timer has been reset',
      key: 'app.exams.timerReset',
    }),
  );

  app.post(
    '/answers/redo/test',
    {
      config: { access: 'tests.conduct' },
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
      const deps = { db, storage: app.storage, scoringJobs: app.scoringJobs, log: request.log };
      return {
        message: 'The answers of this test have been deleted: the learner can take it again',
        key: 'app.exams.testRedone',
        deleted: await redoTest(deps, actorOf(request), request.body),
      };
    },
  );

  app.post(
    '/test/set/time',
    {
      config: { access: 'tests.administer' },
      schema: {
        tags: ['exams'],
        body: setTimeSchema,
        response: { 200: z.object({ time: z.number(), message: z.string(), key: z.string() }), ...examErrors },
      },
    },
    async (request) => {
      const { time } = request.body;
      await setTestDuration(db, actorOf(request), time);
      return { time, message: 'The test duration has been saved', key: 'app.exams.timeSaved' };
    },
  );

  app.get(
    '/test/time',
    {
      config: { access: 'signed-in', guest: true },
      schema: { tags: ['exams'], response: { 200: z.object({ time: z.number() }), ...examErrors } },
    },
    async () => ({ time: await testDuration(db) }),
  );
};
