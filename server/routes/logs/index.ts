import { and, count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { logListSchema } from '../../../domain/schemas/users';
import { logsInScope } from '../../auth/scope';
import { logs, settings, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { RESCORING_SETTINGS, settingValueError, type SettingKey } from '../../repositories/settings';
import { enqueueScoring } from '../../services/scoringJobs';
import { writeLog } from '../../services/audit';
import { orderBy } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, idParams } from '../schemas';

const logOut = z.object({
  id: z.number(),
  actor_id: z.number().nullable(),
  actor_name: z.string().nullable(),
  action: z.string(),
  entity: z.string(),
  entity_id: z.number().nullable(),
  old_value: z.unknown(),
  new_value: z.unknown(),
  created_at: z.string(),
});
const settingOut = z.object({ id: z.number(), key: z.string(), value: z.unknown() });
const ORDER = { id: logs.id, created_at: logs.createdAt };

const logColumns = {
  id: logs.id,
  actor_id: logs.actorId,
  actor_name: sql<string | null>`coalesce(${logs.actorName}, ${users.name})`,
  action: logs.action,
  entity: logs.entity,
  entity_id: logs.entityId,
  old_value: logs.oldValue,
  new_value: logs.newValue,
  created_at: logs.createdAt,
};
const present = (r: { created_at: Date } & Record<string, unknown>) =>
  ({ ...r, created_at: r.created_at.toISOString() }) as z.infer<typeof logOut>;

/** The audit log (read-only) and the settings. */
export const logsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/logs',
    {
      config: { access: 'access_logs' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['logs'],
        body: logListSchema,
        response: { 200: z.object({ logs: z.array(logOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const f = request.body;
      // whoever holds access_logs reads the rows about records in its own scope (docs/SCOPE.md "The audit log")
      const where = and(logsInScope(actorOf(request)), f.entity ? eq(logs.entity, f.entity) : undefined);
      const rows = await db
        .select(logColumns)
        .from(logs)
        .leftJoin(users, eq(users.id, logs.actorId))
        .where(where)
        .orderBy(orderBy(ORDER[f.order_by], f.order_direction))
        .limit(f.limit)
        .offset(f.offset);
      const [{ n }] = await db.select({ n: count() }).from(logs).where(where);
      return { logs: rows.map(present), count: n };
    },
  );

  app.get(
    '/logs/:id',
    {
      config: { access: 'access_logs' },
      schema: { tags: ['logs'], params: idParams, response: { 200: z.object({ log: logOut }), ...authErrors } },
    },
    async (request) => {
      const [row] = await db
        .select(logColumns)
        .from(logs)
        .leftJoin(users, eq(users.id, logs.actorId))
        .where(and(eq(logs.id, request.params.id), logsInScope(actorOf(request))));
      if (!row) throw notFound();
      return { log: present(row) };
    },
  );

  app.post(
    '/setting/index',
    {
      config: { access: 'access_settings' },
      schema: { tags: ['settings'], response: { 200: z.object({ settings: z.array(settingOut) }), ...authErrors } },
    },
    async () => ({
      settings: await db
        .select({ id: settings.id, key: settings.key, value: settings.value })
        .from(settings)
        .orderBy(settings.key),
    }),
  );

  app.post(
    '/setting/change/:id',
    {
      config: { access: 'access_settings' },
      schema: {
        tags: ['settings'],
        params: idParams,
        body: z.object({ value: z.unknown() }),
        response: { 200: z.object({ setting: settingOut }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const [before] = await db.select().from(settings).where(eq(settings.id, request.params.id));
      if (!before) throw notFound();
      const value = request.body.value;
      const problem = await settingValueError(db, before.key, value);
      if (problem)
        throw new AppError(400, problem === 'app.validation.invalid' ? 'app.errors.badRequest' : problem, {
          value: problem,
        });
      const after = await db.transaction(async (tx) => {
        const [row] = await tx
          .update(settings)
          .set({ value, updatedAt: sql`now()` })
          .where(eq(settings.id, before.id))
          .returning();
        await writeLog(tx, {
          actorId: actor.id,
          action: 'update',
          entity: 'setting',
          entityId: before.id,
          oldValue: { [before.key]: before.value },
          newValue: { [before.key]: value },
        });
        // new originality thresholds make every word score stale: rescore them all (a background job)
        if (
          RESCORING_SETTINGS.includes(before.key as SettingKey) &&
          JSON.stringify(before.value) !== JSON.stringify(value)
        ) {
          await enqueueScoring(tx, { scope: 'all', requestedBy: actor.id });
        }
        return row;
      });
      if (RESCORING_SETTINGS.includes(before.key as SettingKey)) app.scoringJobs.wake();
      return { setting: { id: after.id, key: after.key, value: after.value } };
    },
  );
};
