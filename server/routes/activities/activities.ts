import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  activityEditSchema,
  activityListOut,
  activityListSchema,
  activityOneOut,
  activitySubmitSchema,
  evaluationDeleteQuerySchema,
} from '../../../domain/schemas/activities';
import { parseInput } from '../../errors';
import { actorOf } from '../../plugins/access';
import { listActivities, presentActivity } from '../../repositories/activities';
import {
  activityFor,
  activityImage,
  editableActivity,
  editActivity,
  removeActivity,
  submitActivity,
} from '../../services/activities';
import { filterFromBodyOrQuery } from '../listing';
import { readForm } from '../multipart';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';

/**
 * A child's activities: the family hands one in for a group the child is in,
 * changes or deletes it while it is Pending; everyone in scope reads it.
 */
export const activityRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/evaluation/add',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['activities'],
        consumes: ['multipart/form-data', 'application/json'],
        response: { 201: activityOneOut, ...authErrors, 409: errorOut, 413: errorOut, 415: errorOut },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const form = await readForm(request);
      const input = parseInput(activitySubmitSchema, form.fields);
      const id = await submitActivity(db, app.storage, actor, input, form.file);
      reply.code(201);
      return activityFor(db, actor, id);
    },
  );

  app.get(
    '/evaluation/show/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['activities'], params: idParams, response: { 200: activityOneOut, ...authErrors } },
    },
    async (request) => activityFor(db, actorOf(request), request.params.id),
  );

  app.post(
    '/evaluation/edit/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['activities'],
        params: idParams,
        consumes: ['multipart/form-data', 'application/json'],
        response: { 200: activityOneOut, ...authErrors, 409: errorOut, 413: errorOut, 415: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await editableActivity(db, actor, request.params.id);
      const form = await readForm(request);
      const input = parseInput(activityEditSchema, form.fields);
      await editActivity(db, app.storage, actor, before, input, form.file);
      return activityFor(db, actor, before.activity.id);
    },
  );

  app.post(
    '/evaluation/activity',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['activities'], body: activityListSchema, response: { 200: activityListOut, ...authErrors } },
    },
    async (request) => {
      const { rows, ...totals } = await listActivities(db, actorOf(request), request.body);
      return { activities: rows.map(presentActivity), ...totals };
    },
  );

  app.delete(
    '/evaluation/delete/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['activities'],
        params: idParams,
        querystring: evaluationDeleteQuerySchema,
        response: { 200: messageOut, ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const removed = await removeActivity(db, app.storage, actor, request.params.id, request.query.type);
      if (removed === 'evaluation')
        return { message: 'The evaluation has been withdrawn', key: 'app.notify.evaluationDeleted' };
      return { message: 'Activity deleted', key: 'app.notify.activityDeleted' };
    },
  );

  app.get(
    '/evaluation/image/:id',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['activities'],
        params: idParams,
        querystring: z.object({
          size: z.enum(['full', 'thumb'], { error: 'app.validation.invalidChoice' }).default('full'),
          v: z.string().max(20).optional(),
        }),
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const file = await activityImage(db, app.storage, actor, request.params.id, request.query.size);
      return reply
        .type(file.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', file.size)
        .send(file.body);
    },
  );
};
