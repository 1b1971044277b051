import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors';
import { actorOf } from '../plugins/access';
import { isPhotoVisibleTo } from '../repositories/photos';

/**
 * Photos of users and children. An unguessable name is not access control:
 * the caller must be signed in (401) and allowed to see the user (their card)
 * or the child the photo belongs to (404 otherwise); sent Cache-Control: private.
 */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/files/photos/:name',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['files'], params: z.object({ name: z.string().max(100) }) },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const { name } = request.params;
      if (!(await isPhotoVisibleTo(db, actor, name))) throw notFound();
      const file = await app.storage.read('photos', name);
      if (!file) throw notFound();
      return reply
        .type(file.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', file.size)
        .send(file.body);
    },
  );
};
