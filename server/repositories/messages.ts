import { and, count, eq, isNull, ne, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { messageListSchema } from '../../domain/schemas/activities';
import type { Actor } from '../auth/actor';
import { recipientsInScope } from '../auth/scope';
import type { Executor, Transaction } from '../db/client';
import { orderBy, searchCondition } from '../db/listing';
import { messages, users } from '../db/schema';
import type { mailOut } from '../../domain/schemas/activities';
import { roleNamesByUser } from './users';

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
const presentMail = (row: MailRow): z.infer<typeof mailOut> => ({
  id: row.message.id,
  subject: row.message.subject,
  content: row.message.content,
  sender: { id: row.message.senderId, name: row.senderName },
  recipient: { id: row.message.recipientId, name: row.recipientName },
  reply_to_id: row.message.replyToId,
  read: row.message.readAt !== null,
  created_at: row.message.createdAt.toISOString(),
});

/** How many messages to this user are unread. */
export const unreadMessages = async (db: Executor, userId: number) =>
  (
    await db
      .select({ n: count() })
      .from(messages)
      .where(and(eq(messages.recipientId, userId), isNull(messages.readAt)))
  )[0].n;

/** A message by id, presented (its sender's and recipient's names). */
export async function mailById(db: Executor, id: number) {
  const [row] = await selectMails(db).where(eq(messages.id, id));
  return presentMail(row);
}

/** A user the actor may write to (an account not removed, in recipientsInScope), or null. */
export async function recipientFor(db: Executor, actor: Actor, userId: number) {
  const [to] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.id, userId), eq(users.removed, 0), recipientsInScope(actor)));
  return to ?? null;
}

/** Whether a message was sent by `senderId` to `recipientId` (the one a reply answers). */
export async function isMessageBetween(db: Executor, id: number, senderId: number, recipientId: number) {
  const [original] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(and(eq(messages.id, id), eq(messages.recipientId, recipientId), eq(messages.senderId, senderId)));
  return !!original;
}

/** Keeps a message; answers its id. */
export async function insertMessage(tx: Transaction, values: typeof messages.$inferInsert): Promise<number> {
  const [row] = await tx.insert(messages).values(values).returning({ id: messages.id });
  return row.id;
}

/** A page of the user's inbox or sent box, searched and filtered by read status, with how many match and how many are unread. */
export async function mailsOf(db: Executor, userId: number, f: z.output<typeof messageListSchema>) {
  const where = and(
    f.box === 'inbox' ? eq(messages.recipientId, userId) : eq(messages.senderId, userId),
    searchCondition(f.search_text, [
      messages.subject,
      messages.content,
      f.box === 'inbox' ? sender.name : recipient.name,
    ]),
    f.status === undefined ? undefined : f.status === 0 ? isNull(messages.readAt) : sql`${messages.readAt} is not null`,
  );
  const rows = await selectMails(db)
    .where(where)
    .orderBy(
      orderBy(f.order_by === 'id' ? messages.id : messages.createdAt, f.order_direction),
      orderBy(messages.id, f.order_direction),
    )
    .limit(f.limit)
    .offset(f.offset);
  return { messages: rows.map(presentMail), count: rows[0]?.total ?? 0, unread: await unreadMessages(db, userId) };
}

/** A message the user sent or received (404 as null otherwise); reading one received marks it read. */
export async function readMail(db: Executor, userId: number, id: number) {
  const [row] = await selectMails(db).where(
    and(eq(messages.id, id), or(eq(messages.recipientId, userId), eq(messages.senderId, userId))),
  );
  if (!row) return null;
  if (row.message.recipientId === userId && !row.message.readAt) {
    await db
      .update(messages)
      .set({ readAt: sql`now()` })
      .where(eq(messages.id, row.message.id));
    row.message.readAt = new Date();
  }
  return presentMail(row);
}

/** Up to 20 people the actor may write to whose name matches the search, with their roles. */
export async function recipientsMatching(db: Executor, actor: Actor, search: string) {
  const rows = await db
    .select({ id: users.id, name: users.name, type: users.type })
    .from(users)
    .where(
      and(
        recipientsInScope(actor),
        ne(users.id, actor.id),
        eq(users.removed, 0),
        searchCondition(search || undefined, [users.name]),
      ),
    )
    .orderBy(users.name)
    .limit(20);
  const roles = await roleNamesByUser(
    db,
    rows.map((r) => r.id),
  );
  return { users: rows.map((r) => ({ ...r, roles: roles.get(r.id) ?? [] })) };
}
