import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { logListSchema, logOut, settingOut } from '../../../domain/schemas/users';
import { notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { logFor, logsOf } from '../../repositories/logs';
import { storedSettings } from '../../repositories/settings';
import { changeSetting } from '../../services/settings';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, idParams } from '../schemas';

/** The audit log (read-only) and the settings. */
export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/logs',
    {
      config: { access: 'logs.read' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['logs'],
        body: logListSchema,
        response: { 200: z.object({ logs: z.array(logOut), count: z.number() }), ...authErrors },
      },
    },
    // whoever holds access_logs reads the rows about records in its own scope (docs/SCOPE.md "The audit log")
    async (request) => logsOf(db, actorOf(request), request.body),
  );

  app.get(
    '/logs/:id',
    {
      config: { access: 'logs.read' },
      schema: { tags: ['logs'], params: idParams, response: { 200: z.object({ log: logOut }), ...authErrors } },
    },
    async (request) => {
      const log = await logFor(db, actorOf(request), request.params.id);
      if (!log) throw notFound();
      return { log };
    },
  );

  app.post(
    '/setting/index',
    {
      config: { access: 'settings.manage' },
      schema: { tags: ['settings'], response: { 200: z.object({ settings: z.array(settingOut) }), ...authErrors } },
    },
    async () => ({ settings: await storedSettings(db) }),
  );

  app.post(
    '/setting/change/:id',
    {
      config: { access: 'settings.manage' },
      schema: {
        tags: ['settings'],
        params: idParams,
        body: z.object({ value: z.unknown() }),
        response: { 200: z.object({ setting: settingOut }), ...authErrors },
      },
    },
    async (request) => {
      const { setting, wakeScoring } = await changeSetting(db, actorOf(request), request.params.id, request.body.value);
      if (wakeScoring) app.scoringJobs.wake();
      return { setting };
    },
  );
};
