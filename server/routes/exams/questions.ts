import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { questionFilterSchema, questionSchema, questionOut, questionsByStageOut } from '../../../domain/schemas/exams';
import { actorOf } from '../../plugins/access';
import { byStage, presentQuestions, questionsOf } from '../../repositories/exams';
import { questionById } from '../../repositories/examQuestions';
import {
  changeQuestion,
  createQuestion,
  removeQuestion,
  removeQuestionFile,
  replaceQuestionFile,
} from '../../services/questionBank';
import { readForm } from '../multipart';
import { idParams, messageOut } from '../schemas';
import { examErrors, uploadErrors } from './schemas';

/**
 * The question bank: read by every test page (GET /questions, indexed by
 * stage), managed by admin_neomi users (GET /allquestions and the
 * /exam/questions calls).
 */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  const one = async (id: number) => ({ question: (await presentQuestions(db, [await questionById(db, id)]))[0] });

  app.get(
    '/questions',
    {
      config: { access: 'signed-in', guest: true },
      schema: {
        tags: ['exams'],
        querystring: questionFilterSchema.extend({
          exam_type: questionFilterSchema.shape.exam_type.transform((v) => v ?? 1),
          challenge: questionFilterSchema.shape.challenge.transform((v) => v ?? 1),
        }),
        response: { 200: questionsByStageOut, ...examErrors },
      },
    },
    async (request) => {
      const rows = await presentQuestions(
        db,
        await questionsOf(db, { examType: request.query.exam_type, challenge: request.query.challenge }),
      );
      return { questions: byStage(rows), count: rows.length };
    },
  );

  app.get(
    '/allquestions',
    {
      config: { access: 'tests.administer' },
      schema: {
        tags: ['exams'],
        querystring: questionFilterSchema,
        response: { 200: questionsByStageOut, ...examErrors },
      },
    },
    async (request) => {
      const rows = await presentQuestions(
        db,
        await questionsOf(db, { examType: request.query.exam_type, challenge: request.query.challenge }),
      );
      return { questions: byStage(rows), count: rows.length };
    },
  );

  app.get(
    '/exam/questions/:id',
    {
      config: { access: 'tests.administer' },
      schema: {
        tags: ['exams'],
        params: idParams,
        response: { 200: z.object({ question: questionOut }), ...examErrors },
      },
    },
    async (request) => one(request.params.id),
  );

  app.post(
    '/exam/questions',
    {
      config: { access: 'tests.administer' },
      schema: {
        tags: ['exams'],
        body: questionSchema,
        response: { 201: z.object({ question: questionOut }), ...examErrors },
      },
    },
    async (request, reply) => {
      const id = await createQuestion(db, actorOf(request), request.body);
      reply.code(201);
      return one(id);
    },
  );

  app.put(
    '/exam/questions/:id',
    {
      config: { access: 'tests.administer' },
      schema: {
        tags: ['exams'],
        params: idParams,
        body: questionSchema,
        response: { 200: z.object({ question: questionOut }), ...examErrors },
      },
    },
    async (request) => {
      await changeQuestion(db, actorOf(request), request.params.id, request.body);
      return one(request.params.id);
    },
  );

  app.delete(
    '/exam/questions/:id',
    {
      config: { access: 'tests.administer' },
      schema: { tags: ['exams'], params: idParams, response: { 200: messageOut, ...examErrors } },
    },
    async (request) => {
      await removeQuestion(db, app.storage, actorOf(request), request.params.id);
      return { message: 'The question has been deleted', key: 'app.exams.questionDeleted' };
    },
  );

  /** A question's figure (img) or 3D model (model), replacing the one it had. */
  app.post(
    '/exam/questions/:id/files',
    {
      config: { access: 'tests.administer' },
      schema: {
        tags: ['exams'],
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ question: questionOut }), ...uploadErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      await replaceQuestionFile(db, app.storage, actor, request.params.id, async () => (await readForm(request)).file);
      return one(request.params.id);
    },
  );

  app.delete(
    '/exam/questions/:id/files/:kind',
    {
      config: { access: 'tests.administer' },
      schema: {
        tags: ['exams'],
        params: idParams.extend({ kind: z.enum(['image', 'model']) }),
        response: { 200: z.object({ question: questionOut }), ...examErrors },
      },
    },
    async (request) => {
      await removeQuestionFile(db, app.storage, actorOf(request), request.params.id, request.params.kind);
      return one(request.params.id);
    },
  );
};
