import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { answerGalleryQuerySchema, galleryQuerySchema, likeSchema } from '../../../domain/schemas/activities';
import type { Actor } from '../../auth/actor';
import { activitiesInScope } from '../../auth/scope';
import { activities, activityLikes } from '../../db/schema';
import { notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { activityImageUrl, selectActivities, shownInGallery, type ActivityShown } from '../../repositories/activities';
import { authErrors } from '../schemas';
import { galleryOut, likeOut, mobileGalleryOut } from './schemas';

const likesOf = sql<number>`(select cast(count(*) as integer) from ${activityLikes} where ${activityLikes.activityId} = ${activities.id})`;
const likedBy = (userId: number) =>
  sql<boolean>`exists (select 1 from ${activityLikes} where ${activityLikes.activityId} = ${activities.id} and ${activityLikes.userId} = ${userId})`;

/** The gallery shows a child by first name only: classmates' families see it too. */
const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? name;

type Row = ActivityShown & { likes: number; liked: boolean; total: number };
const present = (row: Row) => ({
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

/**
 * Galleries (docs/api/activities.md "Gallery"): accepted works with their
 * likes (/evaluation/gallery and its mobile form), and every image handed in
 * as an answer (/answer/gallery). Images come as thumbnails for the grid and
 * full size on demand, both through GET /evaluation/image/{id}.
 */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  async function page(
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
    return { items: rows.map(present), count };
  }

  const galleryWhere = (actor: Actor, q: { group_id?: number; course_id?: number; child_id?: number }) =>
    and(
      shownInGallery(actor),
      q.group_id ? eq(activities.groupId, q.group_id) : undefined,
      q.course_id ? eq(activities.courseId, q.course_id) : undefined,
      q.child_id ? eq(activities.childId, q.child_id) : undefined,
    );

  app.get(
    '/evaluation/gallery',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['gallery'], querystring: galleryQuerySchema, response: { 200: galleryOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const q = request.query;
      const { items, count } = await page(actor, galleryWhere(actor, q), {
        limit: q.limit,
        offset: q.offset,
        byLikes: q.order_by === 'likes',
      });
      return { gallery: items, count };
    },
  );

  app.get(
    '/evaluation/mobile/gallery',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['gallery'],
        querystring: galleryQuerySchema,
        response: { 200: mobileGalleryOut, ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const q = request.query;
      const { items, count } = await page(actor, galleryWhere(actor, q), {
        limit: q.limit,
        offset: q.offset,
        byLikes: q.order_by === 'likes',
      });
      return {
        data: items.map(({ id, title, child_name, badge_id, image, thumb, likes, liked, created_at }) => ({
          id,
          title,
          child_name,
          badge_id,
          image,
          thumb,
          likes,
          liked,
          created_at,
        })),
        count,
        next_offset: q.offset + items.length < count ? q.offset + items.length : null,
      };
    },
  );

  app.get(
    '/answer/gallery',
    {
      config: { access: 'signed-in' },
      schema: {
        tags: ['gallery'],
        querystring: answerGalleryQuerySchema,
        response: { 200: galleryOut, ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const q = request.query;
      const where = and(
        activitiesInScope(actor),
        sql`${activities.image} is not null`,
        q.status === undefined ? undefined : eq(activities.status, q.status),
        q.group_id ? eq(activities.groupId, q.group_id) : undefined,
        q.child_id ? eq(activities.childId, q.child_id) : undefined,
        q.lesson_activity_id ? eq(activities.lessonActivityId, q.lesson_activity_id) : undefined,
      );
      const { items, count } = await page(actor, where, { limit: q.limit, offset: q.offset });
      return { gallery: items, count };
    },
  );

  app.post(
    '/evaluation/likes',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['gallery'], body: likeSchema, response: { 200: likeOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const id = request.body.activity_id;
      const [shown] = await db
        .select({ id: activities.id })
        .from(activities)
        .where(and(eq(activities.id, id), shownInGallery(actor)));
      if (!shown) throw notFound();
      return db.transaction(async (tx) => {
        const mine = and(eq(activityLikes.activityId, id), eq(activityLikes.userId, actor.id));
        const [existing] = await tx.select({ id: activityLikes.activityId }).from(activityLikes).where(mine);
        const like = request.body.like ?? !existing;
        if (like) await tx.insert(activityLikes).values({ activityId: id, userId: actor.id }).onConflictDoNothing();
        else await tx.delete(activityLikes).where(mine);
        const [{ n }] = await tx
          .select({ n: sql<number>`cast(count(*) as integer)` })
          .from(activityLikes)
          .where(eq(activityLikes.activityId, id));
        return { activity_id: id, liked: like, likes: n };
      });
    },
  );
};
