import { eq } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { examFiles } from '../../db/schema';
import { notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { learnerInScope } from '../../repositories/exams';
import { seedFigurePng } from '../../seed/examFigures';
import { idParams } from '../schemas';
import { QUESTION_IMAGE_FOLDER } from './questions';
import { MODEL_FOLDER, STAGE_IMAGE_FOLDER } from './submit';

export const folderOf = (f: { kind: string; questionId: number | null }) =>
  f.kind === 'model' ? MODEL_FOLDER : f.questionId ? QUESTION_IMAGE_FOLDER : STAGE_IMAGE_FOLDER;

/**
 * A test's files, only to whoever may see them: a question's figure or
 * model to every signed-in user, a learner's drawing, photo or model to
 * those with the learner in scope (404 otherwise). Sent private, never cached by proxies.
 */
export const examFileRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/exam/files/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['exams'], params: idParams, querystring: z.object({ variant: z.enum(['thumb']).optional() }) },
    },
    async (request, reply) => {
      const [file] = await db.select().from(examFiles).where(eq(examFiles.id, request.params.id));
      if (!file) throw notFound();
      if (file.childId) await learnerInScope(db, actorOf(request), file.childId);
      else if (!file.questionId) throw notFound();
      const variant = file.kind === 'image' ? request.query.variant : undefined;
      const stored =
        (await app.storage.read(folderOf(file), file.name, variant)) ??
        (await seedFigurePng(file.name, variant)?.then((data) => ({ data, mime: 'image/png' })));
      if (!stored) throw notFound();
      return reply
        .type(stored.mime)
        .header('cache-control', 'private, max-age=3600')
        .header('x-content-type-options', 'nosniff')
        .send(stored.data);
    },
  );
};
