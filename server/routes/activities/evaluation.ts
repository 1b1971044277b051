import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  activityOneOut,
  evaluationJsonOut,
  evaluationJsonQuerySchema,
  evaluationSaveBodySchema,
} from '../../../domain/schemas/activities';
import { actorOf } from '../../plugins/access';
import { evaluationDocument, saveEvaluation } from '../../services/evaluation';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams } from '../schemas';

/**
 * POST /evaluation/save/{id}: the teacher's evaluation (status, feedback,
 * scores, badge, teacher_rate) or the family's rating (rate) — only the
 * child's family rates, and only an evaluated activity.
 */
export const evaluationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/evaluation/save/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['activities'],
        params: idParams,
        body: evaluationSaveBodySchema,
        response: { 200: activityOneOut, ...authErrors, 409: errorOut },
      },
    },
    async (request) => saveEvaluation(db, actorOf(request), request.params.id, request.body),
  );

  const jsonRoute = {
    config: { access: 'signed-in' as const },
    schema: { tags: ['activities'], response: { 200: evaluationJsonOut, ...authErrors } },
  };
  app.get(
    '/evaluations/get/json',
    { ...jsonRoute, schema: { ...jsonRoute.schema, querystring: evaluationJsonQuerySchema } },
    async (request) => evaluationDocument(db, actorOf(request), request.query.id),
  );
  app.post(
    '/evaluations/get/json',
    {
      ...jsonRoute,
      preValidation: filterFromBodyOrQuery,
      schema: { ...jsonRoute.schema, body: evaluationJsonQuerySchema },
    },
    async (request) => evaluationDocument(db, actorOf(request), request.body.id),
  );
};
