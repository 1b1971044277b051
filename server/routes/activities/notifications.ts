import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationListSchema,
  notificationReadSchema,
  reportNotificationSchema,
} from '../../../domain/schemas/activities';
import { childrenInScope } from '../../auth/scope';
import { children, notifications } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { notify, presentNotification } from '../../services/notifications';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut } from '../schemas';
import { notificationListOut, notificationOut } from './schemas';

/**
 * The top bar's notifications (POST /users/notifications), marking them read,
 * and the report notification (docs/PRODUCT.md §3 "Report notification": a student's
 * report link sent to the family).
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;
  const unreadOf = async (userId: number) =>
    (
      await db
        .select({ n: count() })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
    )[0].n;

  app.post(
    '/users/notifications',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['notifications'],
        body: notificationListSchema,
        response: { 200: notificationListOut, ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const f = request.body;
      const rows = await db
        .select({ row: notifications, total: sql<number>`cast(count(*) over() as integer)` })
        .from(notifications)
        .where(
          and(
            eq(notifications.userId, actor.id),
            f.unread ? isNull(notifications.readAt) : undefined,
            f.type ? eq(notifications.type, f.type) : undefined,
          ),
        )
        .orderBy(desc(notifications.id))
        .limit(f.limit)
        .offset(f.offset);
      return {
        notifications: rows.map((r) => presentNotification(r.row)),
        count: rows[0]?.total ?? 0,
        unread: await unreadOf(actor.id),
      };
    },
  );

  app.post(
    '/users/notifications/read',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['notifications'],
        body: notificationReadSchema,
        response: { 200: z.object({ unread: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const ids = request.body.ids;
      await db
        .update(notifications)
        .set({ readAt: sql`now()` })
        .where(
          and(
            eq(notifications.userId, actor.id),
            isNull(notifications.readAt),
            ids ? (ids.length ? inArray(notifications.id, ids) : sql`false`) : undefined,
          ),
        );
      return { unread: await unreadOf(actor.id) };
    },
  );

  app.post(
    '/users/notifications/report',
    {
      config: { access: 'access_group' },
      schema: {
        tags: ['notifications'],
        body: reportNotificationSchema,
        response: {
          201: z.object({ message: z.string(), key: z.string(), notification: notificationOut }),
          ...authErrors,
          409: errorOut,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { student_id: studentId, content } = request.body;
      const [child] = await db
        .select({ id: children.id, name: children.name, parentId: children.parentId })
        .from(children)
        .where(and(eq(children.id, studentId), childrenInScope(actor)));
      if (!child) throw notFound();
      if (!child.parentId) throw conflict('app.notifications.noFamily');
      const [row] = await notify(db, {
        userId: child.parentId,
        type: 'report',
        actorId: actor.id,
        studentId: child.id,
        params: { child: child.name, sender: actor.name },
        link: content,
      });
      reply.code(201);
      return {
        message: 'The report has been sent to the family',
        key: 'app.notify.reportSent',
        notification: presentNotification(row),
      };
    },
  );
};
