import type { FastifyPluginAsync } from 'fastify';
import { coursesRoutes } from './courses';
import { documentsRoutes } from './documents';
import { groupsRoutes } from './groups';
import { lessonsRoutes } from './lessons';
import { membersRoutes } from './members';

/** Teaching: courses, lessons and their activities, groups and their students, requests, certificates (docs/api/teaching.md). */
export const teachingRoutes: FastifyPluginAsync = async (app) => {
  await app.register(coursesRoutes);
  await app.register(lessonsRoutes);
  await app.register(groupsRoutes);
  await app.register(membersRoutes);
  await app.register(documentsRoutes);
};
