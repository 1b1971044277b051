import type { FastifyPluginAsync } from 'fastify';
import { activityRoutes } from './activities';
import { activityStudentRoutes } from './activityStudents';
import { dashboardRoutes } from './dashboard';
import { evaluationRoutes } from './evaluation';
import { feedbackRoutes } from './feedback';
import { galleryRoutes } from './gallery';
import { messageRoutes } from './messages';
import { notificationRoutes } from './notifications';

/** The activities area: activities and evaluations, gallery, messages, notifications, feedback, the overview (docs/api/activities.md). */
export const activitiesAreaRoutes: FastifyPluginAsync = async (app) => {
  await app.register(activityRoutes);
  await app.register(evaluationRoutes);
  await app.register(galleryRoutes);
  await app.register(messageRoutes);
  await app.register(notificationRoutes);
  await app.register(feedbackRoutes);
  await app.register(dashboardRoutes);
  await app.register(activityStudentRoutes);
};
