import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { schoolOnlySchema, teacherListSchema, teacherOut, teacherSchema } from '../../../domain/schemas/schools';
import { actorOf } from '../../plugins/access';
import {
  activeTeachersOfSchool,
  presentedTeacher,
  teacherInScope,
  teachersOfSchoolPage,
} from '../../repositories/schoolTeachers';
import { targetSchool } from '../../repositories/schools';
import { hashPassword } from '../../services/passwords';
import { addSchoolTeacher, removeSchoolTeacher } from '../../services/schoolRoster';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';

/** School teachers: accounts with the teacher role and the school, made by its admin. */
export const schoolTeacherRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/schools/add/teacher',
    {
      config: { access: 'schools.manage' },
      schema: {
        tags: ['schools'],
        body: teacherSchema,
        response: { 201: z.object({ teacher: teacherOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const input = request.body;
      const school = await targetSchool(db, actor, input.school_id);
      const row = await addSchoolTeacher(db, actor, school, {
        name: input.name,
        email: input.email,
        passwordHash: await hashPassword(input.password),
        gender: input.gender,
        mobileNo: input.mobile_no ?? null,
      });
      reply.code(201);
      return { teacher: await presentedTeacher(db, row.id) };
    },
  );

  app.post(
    '/schools/get/teachers',
    {
      config: { access: 'schools.manage' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['schools'],
        body: teacherListSchema,
        response: { 200: z.object({ teachers: z.array(teacherOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const school = await targetSchool(db, actorOf(request), request.body.school_id);
      return teachersOfSchoolPage(db, school.id, request.body);
    },
  );

  app.post(
    '/schools/get/teachers/lookup',
    {
      config: { access: 'schools.manage' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['schools'],
        body: schoolOnlySchema,
        response: {
          200: z.object({ teachers: z.array(z.object({ id: z.number(), name: z.string() })) }),
          ...authErrors,
        },
      },
    },
    async (request) => {
      const school = await targetSchool(db, actorOf(request), request.body.school_id);
      return { teachers: await activeTeachersOfSchool(db, school.id) };
    },
  );

  app.post(
    '/schools/delete/teacher/:id',
    {
      config: { access: 'schools.manage' },
      schema: { tags: ['schools'], params: idParams, response: { 200: messageOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      await removeSchoolTeacher(db, actor, await teacherInScope(db, actor, request.params.id));
      return { message: 'Deleted', key: 'app.notify.deleted' };
    },
  );
};
