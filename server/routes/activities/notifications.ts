import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  notificationListOut,
  notificationListSchema,
  notificationOut,
  notificationReadSchema,
  reportNotificationSchema,
} from '../../../domain/schemas/activities';
import { actorOf } from '../../plugins/access';
import { markNotificationsRead, notificationsOf, unreadNotifications } from '../../repositories/notifications';
import { sendReportNotification } from '../../services/reportNotification';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut } from '../schemas';

/**
 * The top bar's notifications (POST /users/notifications), marking them read,
 * and the report notification (docs/PRODUCT.md §3 "Report notification": a student's
 * report link sent to the family).
 */
export const notificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

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
    async (request) => notificationsOf(db, actorOf(request).id, request.body),
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
      await markNotificationsRead(db, actor.id, request.body.ids);
      return { unread: await unreadNotifications(db, actor.id) };
    },
  );

  app.post(
    '/users/notifications/report',
    {
      config: { access: 'reports.notify' },
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
      const { student_id, content } = request.body;
      const notification = await sendReportNotification(db, actorOf(request), student_id, content);
      reply.code(201);
      return {
        message: 'The report has been sent to the family',
        key: 'app.notify.reportSent',
        notification,
      };
    },
  );
};
