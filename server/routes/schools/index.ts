import type { FastifyPluginAsync } from 'fastify';
import { classRoutes } from './classes';
import { schoolGroupRoutes } from './groups';
import { importRoutes } from './imports';
import { regionRoutes } from './regions';
import { schoolReportRoutes } from './schoolReports';
import { schoolRoutes } from './schools';
import { seatRoutes } from './seats';
import { schoolStudentRoutes } from './schoolStudents';
import { schoolTeacherRoutes } from './schoolTeachers';

/** Schools, regions and seats (docs/api/schools.md). */
export const schoolsAreaRoutes: FastifyPluginAsync = async (app) => {
  await app.register(regionRoutes);
  await app.register(schoolRoutes);
  await app.register(classRoutes);
  await app.register(schoolStudentRoutes);
  await app.register(schoolTeacherRoutes);
  await app.register(schoolGroupRoutes);
  await app.register(seatRoutes);
  await app.register(schoolReportRoutes);
  await app.register(importRoutes);
};
