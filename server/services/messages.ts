import type { z } from 'zod';
import type { TextLocale } from '../../domain/texts';
import type { sendMessageSchema } from '../../domain/schemas/activities';
import type { Mailer } from '../adapters/mailer';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/client';
import { AppError, notFound } from '../errors';
import { insertMessage, isMessageBetween, mailById, recipientFor } from '../repositories/messages';
import { mailIn, mailLocales } from './mailText';
import { notify } from './notifications';

/** What sending a message needs besides the database: the mailer, the console's address, a log for a failed mail. */
export interface MessageMailing {
  mailer: Mailer;
  publicUrl: string;
  log: { warn(obj: object, msg: string): void };
}

/**
 * POST /users/send_mail: keeps a message to a user the actor may write to
 * (a reply only to a message that user sent the actor), tells the recipient in
 * the top bar in the same transaction, and mails a copy in `locale` (the
 * sender's language; the recipient's is not stored) and a second language.
 * A failed mail is logged: the message is kept and shown in the console.
 */
export async function sendMessage(
  db: Database,
  mailing: MessageMailing,
  actor: Actor,
  input: z.output<typeof sendMessageSchema>,
  locale: TextLocale,
) {
  if (input.user_id === actor.id)
    throw new AppError(400, 'app.messages.notToSelf', { user_id: 'app.messages.notToSelf' });
  const to = await recipientFor(db, actor, input.user_id);
  if (!to) throw notFound();
  if (input.reply_to && !(await isMessageBetween(db, input.reply_to, to.id, actor.id))) throw notFound();
  const id = await db.transaction(async (tx) => {
    const messageId = await insertMessage(tx, {
      senderId: actor.id,
      recipientId: to.id,
      subject: input.subject,
      content: input.content,
      replyToId: input.reply_to ?? null,
    });
    await notify(tx, {
      userId: to.id,
      type: 'message',
      actorId: actor.id,
      params: { sender: actor.name, subject: input.subject },
      link: `/message?id=${messageId}`,
    });
    return messageId;
  });
  try {
    const mail = mailIn(mailLocales(locale, false), (t) => ({
      subject: t('mail.message.subject', { subject: input.subject }),
      lines: [
        t('mail.message.intro', { sender: actor.name }),
        '',
        input.content,
        '',
        t('mail.message.open', { url: `${mailing.publicUrl}/message?id=${id}` }),
      ],
    }));
    await mailing.mailer.send({ to: to.email, ...mail });
  } catch (error) {
    mailing.log.warn({ event: 'mail.failed', messageId: id, error: (error as Error).message }, 'message mail not sent');
  }
  return mailById(db, id);
}
