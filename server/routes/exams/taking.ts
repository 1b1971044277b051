import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CHALLENGES, EXAM_TYPES, STAGE_COUNT } from '../../../domain/exams';
import { examRefSchema, examOut, learnerOut, stageOut, submitOut } from '../../../domain/schemas/exams';
import { actorOf } from '../../plugins/access';
import {
  examState,
  examStatesOf,
  findExam,
  learnerInScope,
  presentExam,
  presentLearner,
  stagesOf,
  startExam,
  submittedStages,
  testDuration,
} from '../../repositories/exams';
import { assertExamsEnabled, examsDisabledFor } from '../../repositories/examGate';
import { submitStage, type SubmitMode } from '../../services/stageSubmission';
import { idParams } from '../schemas';
import { examErrors, uploadErrors } from './schemas';
import { readStageForm } from './stageForm';

const multipartOrJson = ['multipart/form-data', 'application/json'];

/** Taking a test: start it, read where it stands (with the server's timer), send each stage. */
export const takingRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  /** A stage as posted (multipart or JSON), stored by the service. */
  const submitFrom = async (request: FastifyRequest, mode: SubmitMode, defaultStage: number) => {
    const actor = actorOf(request);
    const form = await readStageForm(request);
    const deps = { db, storage: app.storage, scoringJobs: app.scoringJobs, log: request.log };
    const result = await submitStage(deps, {
      actor,
      form,
      idempotencyKey: request.headers['idempotency-key'],
      mode,
      defaultStage,
    });
    app.metrics.stageSubmissions.inc({ outcome: result.status === 201 ? 'stored' : 'resent' });
    return result;
  };

  app.post(
    '/exam/start',
    {
      config: { access: 'signed-in', guest: true },
      schema: { tags: ['exams'], body: examRefSchema, response: { 200: z.object({ exam: examOut }), ...examErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const { student_id, exam_type, challenge } = request.body;
      const child = await learnerInScope(db, actor, student_id);
      const existing = await findExam(db, child.id, exam_type, challenge);
      if (!existing) {
        await assertExamsEnabled(db, child.id);
        await startExam(db, child.id, exam_type, challenge, actor.id);
        request.log.info({ event: 'exam.start', childId: child.id, examType: exam_type, challenge }, 'exam started');
      }
      return { exam: await examState(db, child.id, exam_type, challenge) };
    },
  );

  app.post(
    '/answers/get/exam/details',
    {
      config: { access: 'signed-in', guest: true },
      schema: {
        tags: ['exams'],
        body: examRefSchema,
        response: {
          200: z.object({ student: learnerOut, exam: examOut, stages: z.array(stageOut), disabled: z.boolean() }),
          ...examErrors,
        },
      },
    },
    async (request) => {
      const { student_id, exam_type, challenge } = request.body;
      const child = await learnerInScope(db, actorOf(request), student_id);
      const exam = await findExam(db, child.id, exam_type, challenge);
      const stages = exam ? (await stagesOf(db, [exam.id])).get(exam.id)! : [];
      const done = exam ? (await submittedStages(db, [exam.id])).get(exam.id)! : [];
      return {
        student: presentLearner(child),
        exam: presentExam({ childId: child.id, examType: exam_type, challenge }, exam, done, await testDuration(db)),
        stages,
        disabled: await examsDisabledFor(db, child.id),
      };
    },
  );

  app.post(
    '/answers/add',
    {
      config: { access: 'signed-in', guest: true },
      schema: {
        tags: ['exams'],
        consumes: multipartOrJson,
        response: { 200: submitOut, 201: submitOut, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const result = await submitFrom(request, 'taker', 1);
      return reply.code(result.status).send(result.body);
    },
  );

  app.post(
    '/answers/add/second',
    {
      config: { access: 'signed-in', guest: true },
      schema: {
        tags: ['exams'],
        consumes: multipartOrJson,
        response: { 200: submitOut, 201: submitOut, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const result = await submitFrom(request, 'taker', 2);
      return reply.code(result.status).send(result.body);
    },
  );

  app.post(
    '/answers/addteacher',
    {
      config: { access: 'tests.conduct' },
      schema: {
        tags: ['exams'],
        consumes: multipartOrJson,
        response: { 200: submitOut, 201: submitOut, ...uploadErrors },
      },
    },
    async (request, reply) => {
      const result = await submitFrom(request, 'teacher', 1);
      return reply.code(result.status).send(result.body);
    },
  );

  /** Where a learner stands in every test: pre and post, three challenges each. */
  app.get(
    '/check/exam/:id',
    {
      config: { access: 'signed-in', guest: true },
      schema: {
        tags: ['exams'],
        params: idParams,
        response: {
          200: z.object({
            student: learnerOut,
            pre_exam: z.boolean(),
            exams: z.array(examOut),
            finished: z.number(),
            disabled: z.boolean(),
          }),
          ...examErrors,
        },
      },
    },
    async (request) => {
      const child = await learnerInScope(db, actorOf(request), request.params.id);
      const states = (await examStatesOf(db, [child.id])).get(child.id)!;
      const duration = await testDuration(db);
      const all = EXAM_TYPES.flatMap((t) =>
        CHALLENGES.map(
          (c) =>
            states.find((s) => s.exam_type === t.id && s.challenge === c.id) ??
            presentExam({ childId: child.id, examType: t.id, challenge: c.id }, undefined, [], duration),
        ),
      );
      return {
        student: presentLearner(child),
        pre_exam: all.filter((e) => e.exam_type === 1).every((e) => e.submitted_stages.length >= STAGE_COUNT),
        exams: all,
        finished: all.filter((e) => e.status === 'finished').length,
        disabled: await examsDisabledFor(db, child.id),
      };
    },
  );
};
