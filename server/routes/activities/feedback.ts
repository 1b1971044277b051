import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { feedbackListOut, feedbackListSchema, feedbackOut, feedbackSchema } from '../../../domain/schemas/activities';
import { notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { feedbackById, feedbackList, markFeedbackRead } from '../../repositories/feedback';
import { deleteFeedback, sendFeedback } from '../../services/feedback';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, idParams, messageOut } from '../schemas';

/** Feedback about the academy (/feedback): anyone signed in sends it; the dashboard's holders read it all. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/feedback/add',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['feedback'],
        body: feedbackSchema,
        response: { 201: z.object({ message: z.string(), key: z.string(), feedback: feedbackOut }), ...authErrors },
      },
    },
    async (request, reply) => {
      const sent = await sendFeedback(db, actorOf(request), request.body);
      reply.code(201);
      return { message: 'Thank you for your feedback', key: 'app.notify.feedbackSent', feedback: sent };
    },
  );

  app.post(
    '/feedback',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['feedback'], body: feedbackListSchema, response: { 200: feedbackListOut, ...authErrors } },
    },
    async (request) => feedbackList(db, actorOf(request), request.body),
  );

  app.post(
    '/feedback/read/:id',
    {
      config: { access: 'feedback.readAll' },
      schema: {
        tags: ['feedback'],
        params: idParams,
        response: { 200: z.object({ feedback: feedbackOut }), ...authErrors },
      },
    },
    async (request) => {
      if (!(await markFeedbackRead(db, actorOf(request), request.params.id))) throw notFound();
      return { feedback: await feedbackById(db, request.params.id) };
    },
  );

  app.delete(
    '/feedback/delete/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['feedback'], params: idParams, response: { 200: messageOut, ...authErrors } },
    },
    async (request) => {
      await deleteFeedback(db, actorOf(request), request.params.id);
      return { message: 'Deleted', key: 'app.notify.deleted' };
    },
  );
};
