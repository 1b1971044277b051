import { and, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { messageListSchema, recipientSearchSchema, sendMessageSchema } from '../../../domain/schemas/activities';
import { recipientsInScope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { messages, users } from '../../db/schema';
import { AppError, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { roleNamesByUser } from '../../repositories/users';
import { mailIn, mailLocales, requestLocale } from '../../services/mailText';
import { notify } from '../../services/notifications';
import { orderBy, searchCondition } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, idParams } from '../schemas';
import { mailListOut, mailOut, recipientsOut } from './schemas';

const sender = alias(users, 'sender');
const recipient = alias(users, 'recipient');

const selectMails = (db: Executor) =>
  db
    .select({
      message: messages,
      senderName: sender.name,
      recipientName: recipient.name,
      total: sql<number>`cast(count(*) over() as integer)`,
    })
    .from(messages)
    .innerJoin(sender, eq(sender.id, messages.senderId))
    .innerJoin(recipient, eq(recipient.id, messages.recipientId));

type MailRow = Awaited<ReturnType<ReturnType<typeof selectMails>['execute']>>[number];
const present = (row: MailRow): z.infer<typeof mailOut> => ({
  id: row.message.id,
  subject: row.message.subject,
  content: row.message.content,
  sender: { id: row.message.senderId, name: row.senderName },
  recipient: { id: row.message.recipientId, name: row.recipientName },
  reply_to_id: row.message.replyToId,
  read: row.message.readAt !== null,
  created_at: row.message.createdAt.toISOString(),
});

const unreadOf = async (db: Executor, userId: number) =>
  (
    await db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.recipientId, userId), isNull(messages.readAt)))
  )[0].n;

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
      const actor = actorOf(request);
      const input = request.body;
      if (input.user_id === actor.id)
        throw new AppError(400, 'app.messages.notToSelf', { user_id: 'app.messages.notToSelf' });
      const [to] = await db
        .select({ id: users.id, name: users.name, email: users.email })
        .from(users)
        .where(and(eq(users.id, input.user_id), eq(users.removed, 0), recipientsInScope(actor)));
      if (!to) throw notFound();
      if (input.reply_to) {
        const [original] = await db
          .select({ id: messages.id })
          .from(messages)
          .where(
            and(eq(messages.id, input.reply_to), eq(messages.recipientId, actor.id), eq(messages.senderId, to.id)),
          );
        if (!original) throw notFound();
      }
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(messages)
          .values({
            senderId: actor.id,
            recipientId: to.id,
            subject: input.subject,
            content: input.content,
            replyToId: input.reply_to ?? null,
          })
          .returning({ id: messages.id });
        await notify(tx, {
          userId: to.id,
          type: 'message',
          actorId: actor.id,
          params: { sender: actor.name, subject: input.subject },
          link: `/message?id=${row.id}`,
        });
        return row.id;
      });
      const base = app.config.publicUrl;
      try {
        // led by the sender's language (the recipient's is not stored), then a second language
        const mail = mailIn(mailLocales(requestLocale(request), false), (t) => ({
          subject: t('mail.message.subject', { subject: input.subject }),
          lines: [
            t('mail.message.intro', { sender: actor.name }),
            '',
            input.content,
            '',
            t('mail.message.open', { url: `${base}/message?id=${id}` }),
          ],
        }));
        await app.mailer.send({ to: to.email, ...mail });
      } catch (error) {
        // the message is kept and shown in the console; only the mail copy failed
        request.log.warn(
          { event: 'mail.failed', messageId: id, error: (error as Error).message },
          'message mail not sent',
        );
      }
      const [row] = await selectMails(db).where(eq(messages.id, id));
      reply.code(201);
      return { message: 'Your message has been sent', key: 'app.notify.messageSent', mail: present(row) };
    },
  );

  app.post(
    '/messages',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['messages'], body: messageListSchema, response: { 200: mailListOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const f = request.body;
      const where = and(
        f.box === 'inbox' ? eq(messages.recipientId, actor.id) : eq(messages.senderId, actor.id),
        searchCondition(f.search_text, [
          messages.subject,
          messages.content,
          f.box === 'inbox' ? sender.name : recipient.name,
        ]),
        f.status === undefined
          ? undefined
          : f.status === 0
            ? isNull(messages.readAt)
            : sql`${messages.readAt} is not null`,
      );
      const rows = await selectMails(db)
        .where(where)
        .orderBy(
          orderBy(f.order_by === 'id' ? messages.id : messages.createdAt, f.order_direction),
          orderBy(messages.id, f.order_direction),
        )
        .limit(f.limit)
        .offset(f.offset);
      return { messages: rows.map(present), count: rows[0]?.total ?? 0, unread: await unreadOf(db, actor.id) };
    },
  );

  app.get(
    '/messages/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['messages'], params: idParams, response: { 200: z.object({ mail: mailOut }), ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const mine = and(
        eq(messages.id, request.params.id),
        or(eq(messages.recipientId, actor.id), eq(messages.senderId, actor.id)),
      );
      const [row] = await selectMails(db).where(mine);
      if (!row) throw notFound();
      if (row.message.recipientId === actor.id && !row.message.readAt) {
        await db
          .update(messages)
          .set({ readAt: sql`now()` })
          .where(eq(messages.id, row.message.id));
        row.message.readAt = new Date();
      }
      return { mail: present(row) };
    },
  );

  app.post(
    '/messages/recipients',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['messages'], body: recipientSearchSchema, response: { 200: recipientsOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const rows = await db
        .select({ id: users.id, name: users.name, type: users.type })
        .from(users)
        .where(
          and(
            recipientsInScope(actor),
            ne(users.id, actor.id),
            eq(users.removed, 0),
            searchCondition(request.body.search || undefined, [users.name]),
          ),
        )
        .orderBy(users.name)
        .limit(20);
      const roles = await roleNamesByUser(
        db,
        rows.map((r) => r.id),
      );
      return { users: rows.map((r) => ({ ...r, roles: roles.get(r.id) ?? [] })) };
    },
  );
};
