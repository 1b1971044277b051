import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../errors';

/** Uploaded photos under their generated, unguessable names. */
export const filesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/files/photos/:name', {
    config: { access: 'public' },
    schema: { tags: ['files'], params: z.object({ name: z.string().max(100) }) },
  }, async (request, reply) => {
    const file = await app.storage.read('photos', request.params.name);
    if (!file) throw notFound();
    return reply.type(file.mime).header('cache-control', 'private, max-age=86400').header('x-content-type-options', 'nosniff').send(file.data);
  });
};
