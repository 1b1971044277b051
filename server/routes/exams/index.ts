import type { FastifyPluginAsync } from 'fastify';
import { answerRoutes } from './answers';
import { examFileRoutes } from './files';
import { guestRoutes } from './guests';
import { questionRoutes } from './questions';
import { takingRoutes } from './taking';

/** The Neomi test (docs/api/exams.md): question bank, taking a test, answers and tools, guests, files. */
export const examRoutes: FastifyPluginAsync = async (app) => {
  await app.register(questionRoutes);
  await app.register(takingRoutes);
  await app.register(answerRoutes);
  await app.register(guestRoutes);
  await app.register(examFileRoutes);
};
