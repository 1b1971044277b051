import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  accountOut,
  schoolAdminRegistrationSchema,
  schoolListSchema,
  schoolOut,
  schoolUpdateSchema,
} from '../../../domain/schemas/schools';
import { actorOf } from '../../plugins/access';
import { presentedSchool, schoolInScope, schoolsOfActor } from '../../repositories/schools';
import { hashPassword } from '../../services/passwords';
import { changeSchool, registerSchoolAdmin, removeSchool } from '../../services/schoolAdmin';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';

const listOut = z.object({ schools: z.array(schoolOut), count: z.number() });

/** Schools: the scoped list, a school admin's registration (with a new school or an existing one), edit and delete. */
export const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/schools',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['schools'], body: schoolListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => schoolsOfActor(db, actorOf(request), request.body),
  );

  app.get(
    '/schools',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['schools'], querystring: schoolListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => schoolsOfActor(db, actorOf(request), request.query),
  );

  app.post(
    '/school/registeration/admin',
    {
      config: { access: 'regions.manage' },
      schema: {
        tags: ['schools'],
        body: schoolAdminRegistrationSchema,
        response: { 201: z.object({ user: accountOut, school: schoolOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const passwordHash = await hashPassword(request.body.password);
      const { user, schoolId } = await registerSchoolAdmin(db, actor, request.body, passwordHash);
      request.log.info(
        { event: 'school.admin.registered', userId: user.id, schoolId, by: actor.id },
        'school admin registered',
      );
      reply.code(201);
      return { user, school: await presentedSchool(db, schoolId) };
    },
  );

  app.post(
    '/region/school/update/:id',
    {
      config: { access: 'regions.manage' },
      schema: {
        tags: ['schools'],
        params: idParams,
        body: schoolUpdateSchema,
        response: { 200: z.object({ school: schoolOut }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await schoolInScope(db, actor, request.params.id);
      await changeSchool(db, actor, before, request.body);
      return { school: await presentedSchool(db, before.id) };
    },
  );

  app.delete(
    '/region/school/delete/:id',
    {
      config: { access: 'regions.manage' },
      schema: { tags: ['schools'], params: idParams, response: { 200: messageOut, ...authErrors, 409: errorOut } },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await schoolInScope(db, actor, request.params.id);
      await removeSchool(db, actor, before);
      request.log.info({ event: 'school.deleted', schoolId: before.id, by: actor.id }, 'school deleted');
      return { message: 'Deleted', key: 'app.notify.deleted' };
    },
  );
};
