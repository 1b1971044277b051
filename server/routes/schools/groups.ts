import { and, asc, count, eq, inArray, isNotNull, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { groupListSchema, studentsToGroupSchema, teacherToGroupSchema } from '../../../domain/schemas/schools';
import type { Actor } from '../../auth/actor';
import { schoolColumnInScope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { children, courses, groupMembers, groups, schoolClasses, users } from '../../db/schema';
import { notFound } from '../../errors';
import { qualified as q } from '../../db/qualified';
import { actorOf } from '../../plugins/access';
import { presentStudent, studentColumns, targetSchool, teachersOfSchool } from '../../repositories/schools';
import { writeLog } from '../../services/audit';
import { orderBy, searchCondition } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, idParams } from '../schemas';
import { groupOut, studentOut } from './schemas';

const GROUP_ORDER = { id: groups.id, name: groups.name, created_at: groups.createdAt };

/** A group of a school the actor administers, or 404. */
export async function groupInScope(db: Executor, actor: Actor, id: number) {
  const [row] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.id, id), isNotNull(groups.schoolId), schoolColumnInScope(groups.schoolId, actor)));
  if (!row) throw notFound();
  return row;
}

const groupColumns = {
  id: groups.id,
  name: groups.name,
  school_id: groups.schoolId,
  course_id: groups.courseId,
  course_name: courses.name,
  teacher_id: groups.teacherId,
  teacher_name: users.name,
  status: groups.status,
  created_at: groups.createdAt,
  students_count: sql<number>`(select count(*)::int from ${groupMembers} where ${q(groupMembers.groupId)} = ${q(groups.id)})`,
};

const groupQuery = (db: Executor) =>
  db
    .select({ ...groupColumns, total: sql<number>`cast(count(*) over() as integer)` })
    .from(groups)
    .leftJoin(courses, eq(courses.id, groups.courseId))
    .leftJoin(users, eq(users.id, groups.teacherId));
const present = <R extends { created_at: Date; total?: number }>({ total: _t, ...r }: R) => ({
  ...r,
  created_at: r.created_at.toISOString(),
});

export async function oneGroup(db: Executor, id: number) {
  const [row] = await groupQuery(db).where(eq(groups.id, id));
  return present(row);
}

/** The school's students among these ids; 404 unless every one is. */
async function studentsOfSchool(db: Executor, schoolId: number, ids: number[]): Promise<number[]> {
  const unique = [...new Set(ids)];
  const rows = await db
    .select({ id: children.id })
    .from(children)
    .where(and(inArray(children.id, unique), eq(children.schoolId, schoolId)));
  if (rows.length !== unique.length) throw notFound();
  return unique;
}

/** A school's groups (the teaching area's groups with this school) and who is in them. */
export const schoolGroupRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/schools/get/groups',
    {
      config: { access: 'admin_schools' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['schools'],
        body: groupListSchema,
        response: { 200: z.object({ groups: z.array(groupOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const f = request.body;
      const school = await targetSchool(db, actorOf(request), f.school_id);
      const where: SQL | undefined = and(
        eq(groups.schoolId, school.id),
        searchCondition(f.search_text, [groups.name]),
        f.status === undefined ? undefined : eq(groups.status, f.status),
      );
      const rows = await groupQuery(db)
        .where(where)
        .orderBy(orderBy(GROUP_ORDER[f.order_by], f.order_direction), asc(groups.id))
        .limit(f.limit)
        .offset(f.offset);
      const total =
        rows[0]?.total ?? (f.offset > 0 ? (await db.select({ n: count() }).from(groups).where(where))[0].n : 0);
      return { groups: rows.map(present), count: total };
    },
  );

  app.post(
    '/schools/get/group/:id',
    {
      config: { access: 'admin_schools' },
      schema: {
        tags: ['schools'],
        params: idParams,
        response: { 200: z.object({ group: groupOut, students: z.array(studentOut) }), ...authErrors },
      },
    },
    async (request) => {
      const group = await groupInScope(db, actorOf(request), request.params.id);
      const students = await db
        .select(studentColumns)
        .from(children)
        .leftJoin(schoolClasses, eq(schoolClasses.id, children.classId))
        .where(
          sql`${children.id} in (select ${groupMembers.childId} from ${groupMembers} where ${groupMembers.groupId} = ${group.id})`,
        )
        .orderBy(children.name)
        .limit(1000);
      return { group: await oneGroup(db, group.id), students: students.map(presentStudent) };
    },
  );

  app.post(
    '/schools/add/students/group',
    {
      config: { access: 'admin_schools' },
      schema: {
        tags: ['schools'],
        body: studentsToGroupSchema,
        response: { 200: z.object({ group: groupOut, added: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const group = await groupInScope(db, actor, request.body.group_id);
      const added = await db.transaction(async (tx) => {
        const ids = await studentsOfSchool(tx, group.schoolId!, request.body.student_ids);
        const rows = await tx
          .insert(groupMembers)
          .values(ids.map((childId) => ({ groupId: group.id, childId })))
          .onConflictDoNothing()
          .returning({ id: groupMembers.childId });
        await writeLog(tx, {
          actorId: actor.id,
          action: 'add_students',
          entity: 'group',
          entityId: group.id,
          newValue: { students: rows.map((r) => r.id) },
        });
        return rows.length;
      });
      return { group: await oneGroup(db, group.id), added };
    },
  );

  app.post(
    '/schools/remove/students/group',
    {
      config: { access: 'admin_schools' },
      schema: {
        tags: ['schools'],
        body: studentsToGroupSchema,
        response: { 200: z.object({ group: groupOut, removed: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const group = await groupInScope(db, actor, request.body.group_id);
      const removed = await db.transaction(async (tx) => {
        const ids = await studentsOfSchool(tx, group.schoolId!, request.body.student_ids);
        const rows = await tx
          .delete(groupMembers)
          .where(and(eq(groupMembers.groupId, group.id), inArray(groupMembers.childId, ids)))
          .returning({ id: groupMembers.childId });
        await writeLog(tx, {
          actorId: actor.id,
          action: 'remove_students',
          entity: 'group',
          entityId: group.id,
          oldValue: { students: rows.map((r) => r.id) },
        });
        return rows.length;
      });
      return { group: await oneGroup(db, group.id), removed };
    },
  );

  app.post(
    '/schools/assign/teacher/group',
    {
      config: { access: 'admin_schools' },
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
      const [teacher] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.id, request.body.teacher_id), teachersOfSchool(group.schoolId!)));
      if (!teacher) throw notFound();
      await db.transaction(async (tx) => {
        await tx
          .update(groups)
          .set({ teacherId: teacher.id, updatedAt: sql`now()` })
          .where(eq(groups.id, group.id));
        await writeLog(tx, {
          actorId: actor.id,
          action: 'assign_teacher',
          entity: 'group',
          entityId: group.id,
          oldValue: { teacher_id: group.teacherId },
          newValue: { teacher_id: teacher.id },
        });
      });
      return { group: await oneGroup(db, group.id) };
    },
  );
};
