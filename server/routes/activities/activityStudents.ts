import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { studentDetailsOut } from '../../../domain/schemas/activities';
import { notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { studentDetails } from '../../repositories/studentDetails';
import { authErrors, idParams } from '../schemas';

/** /student-details/{id}: a child's details, the groups the caller may see them in, and their activities by status. */
export const activityStudentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.get(
    '/student/details/:id',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['activities'], params: idParams, response: { 200: studentDetailsOut, ...authErrors } },
    },
    async (request) => {
      const details = await studentDetails(db, actorOf(request), request.params.id);
      if (!details) throw notFound();
      return details;
    },
  );
};
