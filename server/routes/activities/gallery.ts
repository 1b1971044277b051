import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  answerGalleryQuerySchema,
  galleryOut,
  galleryQuerySchema,
  likeOut,
  likeSchema,
  mobileGalleryOut,
} from '../../../domain/schemas/activities';
import { actorOf } from '../../plugins/access';
import { answerGalleryOf, galleryOf } from '../../repositories/gallery';
import { likeActivity } from '../../services/gallery';
import { authErrors } from '../schemas';

/**
 * Galleries (docs/api/activities.md "Gallery"): accepted works with their
 * likes (/evaluation/gallery and its mobile form), and every image handed in
 * as an answer (/answer/gallery). Images come as thumbnails for the grid and
 * full size on demand, both through GET /evaluation/image/{id}.
 */
export const galleryRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/evaluation/gallery',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['gallery'], querystring: galleryQuerySchema, response: { 200: galleryOut, ...authErrors } },
    },
    async (request) => {
      const { items, count } = await galleryOf(db, actorOf(request), request.query);
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
      const q = request.query;
      const { items, count } = await galleryOf(db, actorOf(request), q);
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
      const { items, count } = await answerGalleryOf(db, actorOf(request), request.query);
      return { gallery: items, count };
    },
  );

  app.post(
    '/evaluation/likes',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['gallery'], body: likeSchema, response: { 200: likeOut, ...authErrors } },
    },
    async (request) => likeActivity(db, actorOf(request), request.body.activity_id, request.body.like),
  );
};
