import type { Actor } from '../auth/actor';
import type { Executor } from '../db/client';
import { conflict, notFound } from '../errors';
import { learnerWithFamily } from '../repositories/notifications';
import { notify, presentNotification } from './notifications';

/**
 * The report notification (docs/PRODUCT.md §3 "Report notification"): a
 * learner's report link sent to their family's top bar, from someone who
 * sees the learner (404 otherwise); 409 when the learner has no family.
 */
export async function sendReportNotification(db: Executor, actor: Actor, studentId: number, link: string) {
  const child = await learnerWithFamily(db, actor, studentId);
  if (!child) throw notFound();
  if (!child.parentId) throw conflict('app.notifications.noFamily');
  const [row] = await notify(db, {
    userId: child.parentId,
    type: 'report',
    actorId: actor.id,
    studentId: child.id,
    params: { child: child.name, sender: actor.name },
    link,
  });
  return presentNotification(row);
}
