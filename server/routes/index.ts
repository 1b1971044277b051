import type { FastifyPluginAsync } from 'fastify';
import { authRoutes } from './auth';
import { usersRoutes } from './users';
import { childrenRoutes } from './users/children';
import { teachersRoutes } from './users/teachers';
import { rolesRoutes } from './roles';
import { logsRoutes } from './logs';
import { filesRoutes } from './files';
import { teachingRoutes } from './teaching';
import { examRoutes } from './exams';
import { publicRoutes } from './public';
import { activitiesAreaRoutes } from './activities';
import { dictionaryRoutes } from './dictionary';
import { schoolsAreaRoutes } from './schools';
import { wordScoreRoutes } from './wordScores';
import { markingRoutes } from './marking';
import { reportsAreaRoutes } from './reports';
import { operationsRoutes } from './operations';

/** Every API route, by area. */
export const routes: FastifyPluginAsync = async (app) => {
  await app.register(authRoutes);
  await app.register(usersRoutes);
  await app.register(childrenRoutes);
  await app.register(teachersRoutes);
  await app.register(rolesRoutes);
  await app.register(logsRoutes);
  await app.register(filesRoutes);
  await app.register(teachingRoutes);
  await app.register(examRoutes);
  await app.register(publicRoutes);
  await app.register(activitiesAreaRoutes);
  await app.register(dictionaryRoutes);
  await app.register(schoolsAreaRoutes);
  await app.register(wordScoreRoutes);
  await app.register(markingRoutes);
  await app.register(reportsAreaRoutes);
  await app.register(operationsRoutes);
};
