import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import type { answerGalleryQuerySchema, galleryQuerySchema } from '../../domain/schemas/activities';
import type { Actor } from '../auth/actor';
import { activitiesInScope } from '../auth/scope';
import type { Executor, Transaction } from '../db/client';
import { activities, activityLikes } from '../db/schema';
import { activityImageUrl, selectActivities, shownInGallery, type ActivityShown } from './activities';

const likesOf = sql<number>`(select cast(count(*) as integer) from ${activityLikes} where ${activityLikes.activityId} = ${activities.id})`;
const likedBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${activityLikes} where ${activityLikes.activityId} = ${activities.id} and ${activityLikes.userId} = ${userId})`;

/** The gallery shows a child by first name only: classmates' families see it too. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

type Row = ActivityShown & { likes: number; liked: boolean; total: number };
const presentGalleryItem = (row: Row) => ({
  id: row.activity.id,
  kind: 'activity' as const,
  title: row.activity.title,
  child_id: row.activity.childId,
  child_name: firstName(row.childName),
  group_id: row.activity.groupId,
  group_name: row.groupName,
  course_name: row.courseName,
  status: row.activity.status,
  badge_id: row.activity.badgeId,
  image: activityImageUrl(row.activity)!,
  thumb: activityImageUrl(row.activity, 'thumb')!,
  likes: Number(row.likes),
  liked: Boolean(row.liked),
  created_at: row.activity.createdAt.toISOString(),
});

/** A page of activities with their likes (and whether the actor liked each), newest first or most liked first, and how many match. */
async function galleryPage(
  db: Executor,
  actor: Actor,
  where: SQL | undefined,
  options: { limit: number; offset: number; byLikes?: boolean },
) {
  const rows = (await selectActivities(db, {
    likes: likesOf.as('likes'),
    liked: likedBy(actor.id).as('liked'),
    total: sql<number>`cast(count(*) over() as integer)`.as('total'),
  })
    .where(where)
    .orderBy(...(options.byLikes ? [desc(likesOf)] : []), desc(activities.createdAt), desc(activities.id))
    .limit(options.limit)
    .offset(options.offset)) as unknown as Row[];
  let count = rows.length ? Number(rows[0].total) : 0;
  if (!rows.length && options.offset > 0) {
    count = (
      await db
        .select({ n: sql<number>`cast(count(*) as integer)` })
        .from(activities)
        .where(where)
    )[0].n;
  }
  return { items: rows.map(presentGalleryItem), count };
}

/** The actor's gallery (accepted works with an image, in their gallery scope), filtered by group, course or child. */
export function galleryOf(db: Executor, actor: Actor, q: z.output<typeof galleryQuerySchema>) {
  const where = and(
    shownInGallery(actor),
    q.group_id ? eq(activities.groupId, q.group_id) : undefined,
    q.course_id ? eq(activities.courseId, q.course_id) : undefined,
    q.child_id ? eq(activities.childId, q.child_id) : undefined,
  );
  return galleryPage(db, actor, where, { limit: q.limit, offset: q.offset, byLikes: q.order_by === 'likes' });
}

/** Every image handed in as an answer within the actor's scope, filtered by status, group, child or lesson task. */
export function answerGalleryOf(db: Executor, actor: Actor, q: z.output<typeof answerGalleryQuerySchema>) {
  const where = and(
    activitiesInScope(actor),
    sql`${activities.image} is not null`,
    q.status === undefined ? undefined : eq(activities.status, q.status),
    q.group_id ? eq(activities.groupId, q.group_id) : undefined,
    q.child_id ? eq(activities.childId, q.child_id) : undefined,
    q.lesson_activity_id ? eq(activities.lessonActivityId, q.lesson_activity_id) : undefined,
  );
  return galleryPage(db, actor, where, { limit: q.limit, offset: q.offset });
}

/** Whether an activity is in the actor's gallery (only those can be liked). */
export async function isInGalleryOf(db: Executor, actor: Actor, id: number): Promise<boolean> {
  const [shown] = await db
    .select({ id: activities.id })
    .from(activities)
    .where(and(eq(activities.id, id), shownInGallery(actor)));
  return !!shown;
}

/**
 * Sets a user's like of an activity (`like` undefined: toggles it) and
 * answers it with the activity's likes after the change.
 */
export async function setLike(tx: Transaction, activityId: number, userId: number, like: boolean | undefined) {
  const mine = and(eq(activityLikes.activityId, activityId), eq(activityLikes.userId, userId));
  const [existing] = await tx.select({ id: activityLikes.activityId }).from(activityLikes).where(mine);
  const liked = like ?? !existing;
  if (liked) await tx.insert(activityLikes).values({ activityId, userId }).onConflictDoNothing();
  else await tx.delete(activityLikes).where(mine);
  const [{ n }] = await tx
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(activityLikes)
    .where(eq(activityLikes.activityId, activityId));
  return { activity_id: activityId, liked, likes: n };
}
