import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_TYPE } from '../../../domain/codes';
import { feedbackListSchema, feedbackSchema } from '../../../domain/schemas/activities';
import type { Actor } from '../../auth/actor';
import { feedbackInScope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { feedback, users } from '../../db/schema';
import { forbidden, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { writeLog } from '../../services/audit';
import { orderBy, searchCondition } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, idParams, messageOut } from '../schemas';
import { feedbackListOut, feedbackOut } from './schemas';

/**
 * Who reads others' feedback: the holders of access_dashboard, each the
 * feedback of the people in its own scope (feedbackInScope: the platform all
 * of it, a school admin its school's); everyone else reads their own.
 */
const readsOthers = (actor: Actor) => actor.permissions.has('access_dashboard');
/** The feedback an actor reads: its scope's (access_dashboard), else its own. */
const readable = (actor: Actor) => (readsOthers(actor) ? feedbackInScope(actor) : eq(feedback.userId, actor.id));

const selectFeedback = (db: Executor) =>
  db
    .select({
      row: feedback,
      userName: users.name,
      total: sql<number>`cast(count(*) over() as integer)`,
    })
    .from(feedback)
    .leftJoin(users, eq(users.id, feedback.userId));

type Row = Awaited<ReturnType<ReturnType<typeof selectFeedback>['execute']>>[number];
const present = (r: Row): z.infer<typeof feedbackOut> => ({
  id: r.row.id,
  user_id: r.row.userId,
  user_name: r.userName,
  message: r.row.message,
  rating: r.row.rating,
  read: r.row.readAt !== null,
  created_at: r.row.createdAt.toISOString(),
});

/** Feedback about the academy (/feedback): anyone signed in sends it; the dashboard's holders read it all. */
export const feedbackRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const visible = (actor: Actor, id: number) => and(eq(feedback.id, id), readable(actor));

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
      const actor = actorOf(request);
      // a guest's session (a test-taker registered on the spot, no account) sends no feedback into the admins' list
      if (actor.type === USER_TYPE.guest) throw forbidden();
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(feedback)
          .values({ userId: actor.id, message: request.body.message, rating: request.body.rating ?? null })
          .returning({ id: feedback.id });
        await writeLog(tx, {
          actorId: actor.id,
          action: 'create',
          entity: 'feedback',
          entityId: row.id,
          newValue: { rating: request.body.rating ?? null },
        });
        return row.id;
      });
      const [row] = await selectFeedback(db).where(eq(feedback.id, id));
      reply.code(201);
      return { message: 'Thank you for your feedback', key: 'app.notify.feedbackSent', feedback: present(row) };
    },
  );

  app.post(
    '/feedback',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['feedback'], body: feedbackListSchema, response: { 200: feedbackListOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const f = request.body;
      const columns = { created_at: feedback.createdAt, id: feedback.id, rating: feedback.rating };
      const rows = await selectFeedback(db)
        .where(
          and(
            f.mine ? eq(feedback.userId, actor.id) : readable(actor),
            searchCondition(f.search_text, [feedback.message, users.name]),
            f.status === undefined
              ? undefined
              : f.status === 0
                ? isNull(feedback.readAt)
                : sql`${feedback.readAt} is not null`,
          ),
        )
        .orderBy(orderBy(columns[f.order_by], f.order_direction), orderBy(feedback.id, f.order_direction))
        .limit(f.limit)
        .offset(f.offset);
      return { feedback: rows.map(present), count: rows[0]?.total ?? 0 };
    },
  );

  app.post(
    '/feedback/read/:id',
    {
      config: { access: 'access_dashboard' },
      schema: {
        tags: ['feedback'],
        params: idParams,
        response: { 200: z.object({ feedback: feedbackOut }), ...authErrors },
      },
    },
    async (request) => {
      const updated = await db
        .update(feedback)
        .set({ readAt: sql`coalesce(${feedback.readAt}, now())` })
        .where(visible(actorOf(request), request.params.id))
        .returning({ id: feedback.id });
      if (!updated.length) throw notFound();
      const [row] = await selectFeedback(db).where(eq(feedback.id, request.params.id));
      return { feedback: present(row) };
    },
  );

  app.delete(
    '/feedback/delete/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['feedback'], params: idParams, response: { 200: messageOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const [row] = await db.select().from(feedback).where(visible(actor, request.params.id));
      if (!row) throw notFound();
      if (!readsOthers(actor) && row.userId !== actor.id) throw forbidden();
      await db.transaction(async (tx) => {
        await tx.delete(feedback).where(eq(feedback.id, row.id));
        await writeLog(tx, {
          actorId: actor.id,
          action: 'delete',
          entity: 'feedback',
          entityId: row.id,
          oldValue: { user_id: row.userId, rating: row.rating },
        });
      });
      return { message: 'Deleted', key: 'app.notify.deleted' };
    },
  );
};
