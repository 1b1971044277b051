import { USER_TYPE } from '../../domain/codes';
import type { Actor } from '../auth/actor';
import type { Database } from '../db/client';
import { forbidden, notFound } from '../errors';
import {
  deleteFeedbackRow,
  feedbackById,
  insertFeedback,
  readableFeedback,
  readsOthersFeedback,
} from '../repositories/feedback';
import { writeLog } from './audit';

/**
 * Feedback about the academy from anyone signed in, logged in the same
 * transaction; a guest's session (a test-taker registered on the spot, no
 * account) sends none into the admins' list (403). Answers it presented.
 */
export async function sendFeedback(db: Database, actor: Actor, input: { message: string; rating?: number | null }) {
  if (actor.type === USER_TYPE.guest) throw forbidden();
  const rating = input.rating ?? null;
  const id = await db.transaction(async (tx) => {
    const feedbackId = await insertFeedback(tx, { userId: actor.id, message: input.message, rating });
    await writeLog(tx, {
      actorId: actor.id,
      action: 'create',
      entity: 'feedback',
      entityId: feedbackId,
      newValue: { rating },
    });
    return feedbackId;
  });
  return feedbackById(db, id);
}

/** Deletes a feedback the actor reads (404 otherwise): their own, or any in scope for the dashboard's holders; logged. */
export async function deleteFeedback(db: Database, actor: Actor, id: number): Promise<void> {
  const row = await readableFeedback(db, actor, id);
  if (!row) throw notFound();
  if (!readsOthersFeedback(actor) && row.userId !== actor.id) throw forbidden();
  await db.transaction(async (tx) => {
    await deleteFeedbackRow(tx, row.id);
    await writeLog(tx, {
      actorId: actor.id,
      action: 'delete',
      entity: 'feedback',
      entityId: row.id,
      oldValue: { user_id: row.userId, rating: row.rating },
    });
  });
}
