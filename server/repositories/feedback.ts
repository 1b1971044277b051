import { and, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { feedbackListSchema } from '../../domain/schemas/activities';
import type { Actor } from '../auth/actor';
import { feedbackInScope } from '../auth/scope';
import type { Executor, Transaction } from '../db/client';
import { orderBy, searchCondition } from '../db/listing';
import { feedback, users } from '../db/schema';
import type { feedbackOut } from '../../domain/schemas/activities';

/**
 * Who reads others' feedback: the holders of access_dashboard, each the
 * feedback of the people in its own scope (feedbackInScope: the platform all
 * of it, a school admin its school's); everyone else reads their own.
 */
export const readsOthersFeedback = (actor: Actor) => actor.permissions.has('access_dashboard');
/** The feedback an actor reads: its scope's (access_dashboard), else its own. */
const readable = (actor: Actor) =>
  readsOthersFeedback(actor) ? feedbackInScope(actor) : eq(feedback.userId, actor.id);
const visible = (actor: Actor, id: number) => and(eq(feedback.id, id), readable(actor));

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
const presentFeedback = (r: Row): z.infer<typeof feedbackOut> => ({
  id: r.row.id,
  user_id: r.row.userId,
  user_name: r.userName,
  message: r.row.message,
  rating: r.row.rating,
  read: r.row.readAt !== null,
  created_at: r.row.createdAt.toISOString(),
});

/** One feedback, presented (with its author's name). */
export async function feedbackById(db: Executor, id: number) {
  const [row] = await selectFeedback(db).where(eq(feedback.id, id));
  return presentFeedback(row);
}

/** A page of the feedback the actor reads (or only their own: `mine`), searched, filtered by read status, sorted; with how many match. */
export async function feedbackList(db: Executor, actor: Actor, f: z.output<typeof feedbackListSchema>) {
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
  return { feedback: rows.map(presentFeedback), count: rows[0]?.total ?? 0 };
}

/** Marks a feedback the actor reads as read (kept when it already was); false when they cannot read it. */
export async function markFeedbackRead(db: Executor, actor: Actor, id: number): Promise<boolean> {
  const updated = await db
    .update(feedback)
    .set({ readAt: sql`coalesce(${feedback.readAt}, now())` })
    .where(visible(actor, id))
    .returning({ id: feedback.id });
  return updated.length > 0;
}

/** A feedback row the actor reads, or null. */
export async function readableFeedback(db: Executor, actor: Actor, id: number) {
  const [row] = await db.select().from(feedback).where(visible(actor, id));
  return row ?? null;
}

/** Keeps a feedback; answers its id. */
export async function insertFeedback(
  tx: Transaction,
  values: { userId: number; message: string; rating: number | null },
): Promise<number> {
  const [row] = await tx.insert(feedback).values(values).returning({ id: feedback.id });
  return row.id;
}

export async function deleteFeedbackRow(tx: Transaction, id: number): Promise<void> {
  await tx.delete(feedback).where(eq(feedback.id, id));
}
