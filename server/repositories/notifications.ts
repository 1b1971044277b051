import { and, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { notificationListSchema } from '../../domain/schemas/activities';
import type { Actor } from '../auth/actor';
import { childrenInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { children, notifications } from '../db/schema';
import { presentNotification } from '../services/notifications';

/** How many of the user's notifications are unread. */
export const unreadNotifications = async (db: Executor, userId: number) =>
  (
    await db
      .select({ n: count() })
      .from(notifications)
      .where(and(eq(notifications.userId, userId), isNull(notifications.readAt)))
  )[0].n;

/** A page of the user's notifications, newest first (only unread ones, or of one type, when asked), with how many match and how many are unread. */
export async function notificationsOf(db: Executor, userId: number, f: z.output<typeof notificationListSchema>) {
  const rows = await db
    .select({ row: notifications, total: sql<number>`cast(count(*) over() as integer)` })
    .from(notifications)
    .where(
      and(
        eq(notifications.userId, userId),
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
    unread: await unreadNotifications(db, userId),
  };
}

/** Marks the user's unread notifications read: those of `ids`, or all of them when no ids are given. */
export async function markNotificationsRead(db: Executor, userId: number, ids: number[] | undefined): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(
      and(
        eq(notifications.userId, userId),
        isNull(notifications.readAt),
        ids ? (ids.length ? inArray(notifications.id, ids) : sql`false`) : undefined,
      ),
    );
}

/** A learner in the actor's scope with their family (parent) id, or null. */
export async function learnerWithFamily(db: Executor, actor: Actor, childId: number) {
  const [child] = await db
    .select({ id: children.id, name: children.name, parentId: children.parentId })
    .from(children)
    .where(and(eq(children.id, childId), childrenInScope(actor)));
  return child ?? null;
}
