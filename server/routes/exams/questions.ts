import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { questionFilterSchema, questionSchema, type QuestionInput } from '../../../domain/schemas/exams';
import { examAnswers, examFiles, examQuestions } from '../../db/schema';
import { badRequest, conflict, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { byStage, presentQuestions, questionsOf } from '../../repositories/exams';
import { writeLog } from '../../services/audit';
import { checkModel } from '../../services/models3d';
import { readForm } from '../multipart';
import { idParams, messageOut } from '../schemas';
import { examErrors, questionOut, questionsByStageOut, uploadErrors } from './schemas';
import { MODEL_FOLDER } from './submit';

export const QUESTION_IMAGE_FOLDER = 'exam-questions';

const columns = (q: QuestionInput) => ({
  examType: q.exam_type,
  challenge: q.challenge,
  stage: q.stage,
  kind: q.kind,
  text: q.text,
  options: q.options,
  allowOther: q.allow_other,
  position: q.position,
});

/**
 * The question bank: read by every test page (GET /questions, indexed by
 * stage), managed by admin_neomi users (GET /allquestions and the
 * /exam/questions calls).
 */
export const questionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  async function questionById(id: number) {
    const [row] = await db.select().from(examQuestions).where(eq(examQuestions.id, id));
    if (!row) throw notFound();
    return row;
  }
  const one = async (id: number) => ({ question: (await presentQuestions(db, [await questionById(id)]))[0] });

  app.get(
    '/questions',
    {
      config: { access: 'signed-in' },
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
      config: { access: 'admin_neomi' },
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
      config: { access: 'admin_neomi' },
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
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['exams'],
        body: questionSchema,
        response: { 201: z.object({ question: questionOut }), ...examErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const row = await db.transaction(async (tx) => {
        const [created] = await tx.insert(examQuestions).values(columns(request.body)).returning();
        await writeLog(tx, {
          actorId: actor.id,
          action: 'create',
          entity: 'exam_question',
          entityId: created.id,
          newValue: request.body,
        });
        return created;
      });
      reply.code(201);
      return one(row.id);
    },
  );

  app.put(
    '/exam/questions/:id',
    {
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['exams'],
        params: idParams,
        body: questionSchema,
        response: { 200: z.object({ question: questionOut }), ...examErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await questionById(request.params.id);
      await db.transaction(async (tx) => {
        // a question already answered keeps its place in the test: answers point at it
        const [{ n }] = await tx.select({ n: count() }).from(examAnswers).where(eq(examAnswers.questionId, before.id));
        const moved =
          before.examType !== request.body.exam_type ||
          before.challenge !== request.body.challenge ||
          before.stage !== request.body.stage ||
          before.kind !== request.body.kind;
        if (n > 0 && moved) throw conflict('app.exams.questionHasAnswers');
        await tx
          .update(examQuestions)
          .set({ ...columns(request.body), updatedAt: sql`now()` })
          .where(eq(examQuestions.id, before.id));
        await writeLog(tx, {
          actorId: actor.id,
          action: 'update',
          entity: 'exam_question',
          entityId: before.id,
          oldValue: { text: before.text, options: before.options },
          newValue: request.body,
        });
      });
      return one(before.id);
    },
  );

  app.delete(
    '/exam/questions/:id',
    {
      config: { access: 'admin_neomi' },
      schema: { tags: ['exams'], params: idParams, response: { 200: messageOut, ...examErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await questionById(request.params.id);
      const files = await db.select().from(examFiles).where(eq(examFiles.questionId, before.id));
      await db.transaction(async (tx) => {
        const [{ n }] = await tx.select({ n: count() }).from(examAnswers).where(eq(examAnswers.questionId, before.id));
        if (n > 0) throw conflict('app.exams.questionHasAnswers');
        await tx.delete(examQuestions).where(eq(examQuestions.id, before.id));
        await writeLog(tx, {
          actorId: actor.id,
          action: 'delete',
          entity: 'exam_question',
          entityId: before.id,
          oldValue: { text: before.text },
        });
      });
      for (const f of files)
        await app.storage.remove(f.kind === 'model' ? MODEL_FOLDER : QUESTION_IMAGE_FOLDER, f.name);
      return { message: 'The question has been deleted', key: 'app.exams.questionDeleted' };
    },
  );

  /** A question's figure (img) or 3D model (model), replacing the one it had. */
  app.post(
    '/exam/questions/:id/files',
    {
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['exams'],
        params: idParams,
        consumes: ['multipart/form-data'],
        response: { 200: z.object({ question: questionOut }), ...uploadErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const question = await questionById(request.params.id);
      const form = await readForm(request);
      if (!form.file || !['img', 'image', 'model'].includes(form.file.field))
        throw badRequest('app.errors.badRequest', { img: 'app.validation.imageRequired' });
      const kind = form.file.field === 'model' ? 'model' : 'image';
      const folder = kind === 'model' ? MODEL_FOLDER : QUESTION_IMAGE_FOLDER;
      const name =
        kind === 'model'
          ? await app.storage.saveFile(folder, form.file.data, checkModel(form.file.data))
          : await app.storage.saveImage(folder, form.file.data);
      const replaced = await db
        .transaction(async (tx) => {
          const old = await tx
            .delete(examFiles)
            .where(and(eq(examFiles.questionId, question.id), eq(examFiles.kind, kind)))
            .returning();
          await tx.insert(examFiles).values({ kind, name, questionId: question.id });
          await writeLog(tx, {
            actorId: actor.id,
            action: `${kind}_upload`,
            entity: 'exam_question',
            entityId: question.id,
          });
          return old;
        })
        .catch(async (error: unknown) => {
          await app.storage.remove(folder, name);
          throw error;
        });
      for (const f of replaced) await app.storage.remove(folder, f.name);
      return one(question.id);
    },
  );

  app.delete(
    '/exam/questions/:id/files/:kind',
    {
      config: { access: 'admin_neomi' },
      schema: {
        tags: ['exams'],
        params: idParams.extend({ kind: z.enum(['image', 'model']) }),
        response: { 200: z.object({ question: questionOut }), ...examErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const question = await questionById(request.params.id);
      const removed = await db.transaction(async (tx) => {
        const rows = await tx
          .delete(examFiles)
          .where(and(eq(examFiles.questionId, question.id), eq(examFiles.kind, request.params.kind)))
          .returning();
        if (rows.length)
          await writeLog(tx, {
            actorId: actor.id,
            action: `${request.params.kind}_delete`,
            entity: 'exam_question',
            entityId: question.id,
          });
        return rows;
      });
      for (const f of removed)
        await app.storage.remove(f.kind === 'model' ? MODEL_FOLDER : QUESTION_IMAGE_FOLDER, f.name);
      return one(question.id);
    },
  );
};
