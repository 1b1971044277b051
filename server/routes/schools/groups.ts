import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  groupListSchema,
  groupOut,
  studentOut,
  studentsToGroupSchema,
  teacherToGroupSchema,
} from '../../../domain/schemas/schools';
import { actorOf } from '../../plugins/access';
import { groupInScope, groupsOfSchool, presentedGroup, studentsOfGroup } from '../../repositories/schoolGroups';
import { targetSchool } from '../../repositories/schools';
import { addStudentsToGroup, assignGroupTeacher, removeStudentsFromGroup } from '../../services/schoolRoster';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, idParams } from '../schemas';

/** A school's groups (the teaching area's groups with this school) and who is in them. */
export const schoolGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/schools/get/groups',
    {
      config: { access: 'schools.manage' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['schools'],
        body: groupListSchema,
        response: { 200: z.object({ groups: z.array(groupOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const school = await targetSchool(db, actorOf(request), request.body.school_id);
      return groupsOfSchool(db, school.id, request.body);
    },
  );

  app.post(
    '/schools/get/group/:id',
    {
      config: { access: 'schools.manage' },
      schema: {
        tags: ['schools'],
        params: idParams,
        response: { 200: z.object({ group: groupOut, students: z.array(studentOut) }), ...authErrors },
      },
    },
    async (request) => {
      const group = await groupInScope(db, actorOf(request), request.params.id);
      const students = await studentsOfGroup(db, group.id);
      return { group: await presentedGroup(db, group.id), students };
    },
  );

  app.post(
    '/schools/add/students/group',
    {
      config: { access: 'schools.manage' },
      schema: {
        tags: ['schools'],
        body: studentsToGroupSchema,
        response: { 200: z.object({ group: groupOut, added: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const group = await groupInScope(db, actor, request.body.group_id);
      const added = await addStudentsToGroup(db, actor, group, request.body.student_ids);
      return { group: await presentedGroup(db, group.id), added };
    },
  );

  app.post(
    '/schools/remove/students/group',
    {
      config: { access: 'schools.manage' },
      schema: {
        tags: ['schools'],
        body: studentsToGroupSchema,
        response: { 200: z.object({ group: groupOut, removed: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const group = await groupInScope(db, actor, request.body.group_id);
      const removed = await removeStudentsFromGroup(db, actor, group, request.body.student_ids);
      return { group: await presentedGroup(db, group.id), removed };
    },
  );

  app.post(
    '/schools/assign/teacher/group',
    {
      config: { access: 'schools.manage' },
      schema: {
        tags: ['schools'],
        body: teacherToGroupSchema,
        response: { 200: z.object({ group: groupOut }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const group = await groupInScope(db, actor, request.body.group_id);
      // only a teacher of the group's own school
      await assignGroupTeacher(db, actor, group, request.body.teacher_id);
      return { group: await presentedGroup(db, group.id) };
    },
  );
};
