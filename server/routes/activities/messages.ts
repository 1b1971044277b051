import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  mailListOut,
  mailOut,
  messageListSchema,
  recipientSearchSchema,
  recipientsOut,
  sendMessageSchema,
} from '../../../domain/schemas/activities';
import { notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { mailsOf, readMail, recipientsMatching } from '../../repositories/messages';
import { requestLocale } from '../../services/mailText';
import { sendMessage } from '../../services/messages';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, idParams } from '../schemas';

/**
 * Messages between users: POST /users/send_mail keeps the message, tells the
 * recipient in the top bar and mails it; /messages lists the inbox or the
 * sent box; GET /messages/{id} reads one (and marks it read).
 */
export const messageRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/users/send_mail',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['messages'],
        body: sendMessageSchema,
        response: { 201: z.object({ message: z.string(), key: z.string(), mail: mailOut }), ...authErrors },
      },
    },
    async (request, reply) => {
      const mailing = { mailer: app.mailer, publicUrl: app.config.publicUrl, log: request.log };
      const mail = await sendMessage(db, mailing, actorOf(request), request.body, requestLocale(request));
      reply.code(201);
      return { message: 'Your message has been sent', key: 'app.notify.messageSent', mail };
    },
  );

  app.post(
    '/messages',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['messages'], body: messageListSchema, response: { 200: mailListOut, ...authErrors } },
    },
    async (request) => mailsOf(db, actorOf(request).id, request.body),
  );

  app.get(
    '/messages/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['messages'], params: idParams, response: { 200: z.object({ mail: mailOut }), ...authErrors } },
    },
    async (request) => {
      const mail = await readMail(db, actorOf(request).id, request.params.id);
      if (!mail) throw notFound();
      return { mail };
    },
  );

  app.post(
    '/messages/recipients',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['messages'], body: recipientSearchSchema, response: { 200: recipientsOut, ...authErrors } },
    },
    async (request) => recipientsMatching(db, actorOf(request), request.body.search),
  );
};
