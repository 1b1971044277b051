import { NOTIFICATION_KINDS, type NotificationKind } from '../../domain/activities';
import { NOTIFICATION_TIMEOUT_MS } from '../../domain/codes';
import type { Executor } from '../db/client';
import { notifications } from '../db/schema';

export type NotificationRow = typeof notifications.$inferSelect;

export interface NewNotification {
  userId: number;
  type: NotificationKind;
  /** the values the message shows (child name, activity title, sender...) */
  params?: Record<string, string | number>;
  /** the console address the notification opens */
  link?: string | null;
  studentId?: number | null;
  actorId?: number | null;
}

/** Tells users something in the top bar; call it inside the transaction that makes the change. */
export async function notify(db: Executor, ...entries: NewNotification[]): Promise<NotificationRow[]> {
  const rows = entries.filter((e) => e.userId);
  if (!rows.length) return [];
  return db
    .insert(notifications)
    .values(
      rows.map((e) => ({
        userId: e.userId,
        type: e.type,
        params: e.params ?? {},
        link: e.link ?? null,
        studentId: e.studentId ?? null,
        actorId: e.actorId ?? null,
      })),
    )
    .returning();
}

/**
 * A notification as the API sends it (docs/PRODUCT.md §3 "Notification"): message, title, icon,
 * type, timeout and position (title and message are i18n keys, with params),
 * and for a report notification its content (the report's link) and student_id.
 */
export function presentNotification(row: NotificationRow) {
  const kind = NOTIFICATION_KINDS[row.type as NotificationKind] ?? NOTIFICATION_KINDS.message;
  return {
    id: row.id,
    type: row.type,
    title: kind.titleKey,
    message: `app.notifications.messages.${row.type}`,
    params: (row.params ?? {}) as Record<string, string | number>,
    icon: kind.icon,
    link: row.link,
    content: row.type === 'report' ? row.link : null,
    student_id: row.studentId,
    read: row.readAt !== null,
    created_at: row.createdAt.toISOString(),
    timeout: NOTIFICATION_TIMEOUT_MS,
    position: 'top-right',
  };
}
