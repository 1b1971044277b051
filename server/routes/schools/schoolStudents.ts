import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notInGroupSchema, studentListSchema, studentOut, studentSchema } from '../../../domain/schemas/schools';
import { actorOf } from '../../plugins/access';
import { groupInScope } from '../../repositories/schoolGroups';
import {
  presentedStudent,
  studentInScope,
  studentsOfSchoolPage,
  studentsOutsideGroup,
} from '../../repositories/schoolStudents';
import { targetSchool } from '../../repositories/schools';
import { changeStudent, enrolStudent, removeStudent } from '../../services/schoolRoster';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';

const listOut = z.object({ students: z.array(studentOut), count: z.number() });

/** School students: enrol one (within the seats), list, those not in a group, edit, remove. */
export const schoolStudentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/schools/add/student',
    {
      config: { access: 'schools.manage' },
      schema: {
        tags: ['schools'],
        body: studentSchema,
        response: { 201: z.object({ student: studentOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const school = await targetSchool(db, actor, request.body.school_id);
      const id = await enrolStudent(db, actor, school, request.body);
      reply.code(201);
      return { student: await presentedStudent(db, id) };
    },
  );

  app.post(
    '/schools/get/student',
    {
      config: { access: 'schools.manage' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['schools'], body: studentListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => {
      const school = await targetSchool(db, actorOf(request), request.body.school_id);
      return studentsOfSchoolPage(db, school.id, request.body);
    },
  );

  app.post(
    '/schools/get/not/in/group',
    {
      config: { access: 'schools.manage' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['schools'], body: notInGroupSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const f = request.body;
      // with a group: its school's students outside it; without: the school's students in no group
      const group = f.group_id === undefined ? null : await groupInScope(db, actor, f.group_id);
      const school = await targetSchool(db, actor, group?.schoolId ?? f.school_id);
      return studentsOutsideGroup(db, school.id, group?.id ?? null, f);
    },
  );

  app.get(
    '/schools/student/:id',
    {
      config: { access: 'schools.manage' },
      schema: {
        tags: ['schools'],
        params: idParams,
        response: { 200: z.object({ student: studentOut }), ...authErrors },
      },
    },
    async (request) => ({
      student: await presentedStudent(db, (await studentInScope(db, actorOf(request), request.params.id)).id),
    }),
  );

  app.post(
    '/schools/update/student/:id',
    {
      config: { access: 'schools.manage' },
      schema: {
        tags: ['schools'],
        params: idParams,
        body: studentSchema.omit({ school_id: true }),
        response: { 200: z.object({ student: studentOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await studentInScope(db, actor, request.params.id);
      await changeStudent(db, actor, before, request.body);
      return { student: await presentedStudent(db, before.id) };
    },
  );

  app.post(
    '/schools/delete/student/:id',
    {
      config: { access: 'schools.manage' },
      schema: { tags: ['schools'], params: idParams, response: { 200: messageOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      await removeStudent(db, { jobs: app.jobs }, actor, await studentInScope(db, actor, request.params.id));
      return { message: 'Deleted', key: 'app.notify.deleted' };
    },
  );
};
