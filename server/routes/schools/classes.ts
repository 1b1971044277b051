import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { classListSchema, classOut, classSchema } from '../../../domain/schemas/schools';
import { actorOf } from '../../plugins/access';
import { classInScope, classesOfSchool, presentedClass } from '../../repositories/schoolClasses';
import { targetSchool } from '../../repositories/schools';
import { addClass, changeClass, removeClass } from '../../services/schoolRoster';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';

/** Classes of a school: name and number (the school year); students belong to one. */
export const classRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/schools/add/class',
    {
      config: { access: 'schools.manage' },
      schema: {
        tags: ['schools'],
        body: classSchema,
        response: { 201: z.object({ class: classOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const school = await targetSchool(db, actor, request.body.school_id);
      const row = await addClass(db, actor, school, request.body);
      reply.code(201);
      return { class: await presentedClass(db, row.id) };
    },
  );

  app.post(
    '/schools/get/classes',
    {
      config: { access: 'schools.manage' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['schools'],
        body: classListSchema,
        response: { 200: z.object({ classes: z.array(classOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const school = await targetSchool(db, actorOf(request), request.body.school_id);
      return classesOfSchool(db, school.id, request.body);
    },
  );

  app.get(
    '/schools/class/:id',
    {
      config: { access: 'schools.manage' },
      schema: { tags: ['schools'], params: idParams, response: { 200: z.object({ class: classOut }), ...authErrors } },
    },
    async (request) => ({
      class: await presentedClass(db, (await classInScope(db, actorOf(request), request.params.id)).id),
    }),
  );

  app.post(
    '/schools/update/class/:id',
    {
      config: { access: 'schools.manage' },
      schema: {
        tags: ['schools'],
        params: idParams,
        body: classSchema.omit({ school_id: true }),
        response: { 200: z.object({ class: classOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await classInScope(db, actor, request.params.id);
      await changeClass(db, actor, before, request.body);
      return { class: await presentedClass(db, before.id) };
    },
  );

  app.delete(
    '/schools/delete/class/:id',
    {
      config: { access: 'schools.manage' },
      schema: { tags: ['schools'], params: idParams, response: { 200: messageOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      await removeClass(db, actor, await classInScope(db, actor, request.params.id));
      return { message: 'Deleted', key: 'app.notify.deleted' };
    },
  );
};
