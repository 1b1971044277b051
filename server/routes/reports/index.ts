import type { FastifyPluginAsync } from 'fastify';
import { exportRoutes } from './exports';
import { levelReportRoutes } from './levels';
import { learnerResultRoutes } from './learnerResults';
import { studentReportRoutes } from './student';

/** Reports, score calls, exports and prints of the Neomi test (docs/api/reports.md). */
export const reportsAreaRoutes: FastifyPluginAsync = async (app) => {
  await app.register(studentReportRoutes);
  await app.register(levelReportRoutes);
  await app.register(learnerResultRoutes);
  await app.register(exportRoutes);
};
