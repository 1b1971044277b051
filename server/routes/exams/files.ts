import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { actorOf } from '../../plugins/access';
import { readExamFile } from '../../services/examFiles';
import { idParams } from '../schemas';

// the marking routes serve a learner's drawing from the same folders
export { folderOf } from '../../services/examFiles';

/**
 * A test's files, only to whoever may see them: a question's figure or
 * model to every signed-in user, a learner's drawing, photo or model to
 * those with the learner in scope (404 otherwise). Sent private, never cached by proxies.
 */
export const examFileRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/exam/files/:id',
    {
      config: { access: 'signed-in', guest: true },
      schema: { tags: ['exams'], params: idParams, querystring: z.object({ variant: z.enum(['thumb']).optional() }) },
    },
    async (request, reply) => {
      const stored = await readExamFile(
        app.db,
        app.storage,
        actorOf(request),
        request.params.id,
        request.query.variant,
      );
      return reply
        .type(stored.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .header('content-length', stored.size)
        .send(stored.body);
    },
  );
};
