import { and, asc, count, eq, isNotNull, not, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notInGroupSchema, studentListSchema, studentSchema, type StudentInput } from '../../../domain/schemas/schools';
import type { Actor } from '../../auth/actor';
import { schoolColumnInScope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { children, groupMembers, groups, schoolClasses } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { presentStudent, studentColumns, targetSchool } from '../../repositories/schools';
import { insertLearners } from '../../services/seats';
import { writeLog } from '../../services/audit';
import { orderBy, pageAndTotal, searchCondition } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';
import { groupInScope } from './groups';
import { studentOut } from './schemas';

const STUDENT_ORDER = {
  id: children.id,
  name: children.name,
  national_id: children.nationalId,
  created_at: children.createdAt,
};
const listOut = z.object({ students: z.array(studentOut), count: z.number() });

/** A school student the actor may manage (a learner of a school in scope), or 404. */
export async function studentInScope(db: Executor, actor: Actor, id: number) {
  const [row] = await db
    .select()
    .from(children)
    .where(and(eq(children.id, id), isNotNull(children.schoolId), schoolColumnInScope(children.schoolId, actor)));
  if (!row) throw notFound();
  return row;
}

/** A class of this school, or 404 (a class id from elsewhere is not found here). */
async function classOfSchool(db: Executor, schoolId: number, classId: number | undefined) {
  if (classId === undefined) return null;
  const [row] = await db
    .select({ id: schoolClasses.id })
    .from(schoolClasses)
    .where(and(eq(schoolClasses.id, classId), eq(schoolClasses.schoolId, schoolId)));
  if (!row) throw notFound();
  return row.id;
}

const nationalIdTaken = () =>
  conflict('app.schools.errors.nationalIdTaken', { national_id: 'app.schools.errors.nationalIdTaken' });

/** Runs a write that may hit the national id's unique index: 409 instead of a database error. */
export async function uniqueNationalId<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error)) throw nationalIdTaken();
    throw error;
  }
}

/** A school student's own columns (its school is given apart: services/seats.ts). */
export const studentValues = (input: Omit<StudentInput, 'school_id' | 'class_id'>, classId: number | null) => ({
  name: input.name,
  nationalId: input.national_id,
  gender: input.gender,
  birthdate: input.birthdate,
  mobileNo: input.mobile_no ?? null,
  classId,
});

/** The student is in a group matching the condition. */
const membership = (status: SQL) =>
  sql`exists (select 1 from ${groupMembers} join ${groups} on ${groups.id} = ${groupMembers.groupId} where ${groupMembers.childId} = ${children.id} and ${status})`;

/** Status filter (docs/PRODUCT.md §3 "Membership"): 1 active (in an active group), 2 not active (in none), 3 hidden. */
const statusCondition = (status: number | undefined): SQL | undefined => {
  const active = membership(sql`${groupMembers.status} = 1 and ${groups.status} = 1`);
  if (status === 1) return active;
  if (status === 2) return not(active);
  if (status === 3) return membership(sql`${groupMembers.status} = 3`);
  return undefined;
};

export async function oneStudent(db: Executor, id: number) {
  const [row] = await db
    .select(studentColumns)
    .from(children)
    .leftJoin(schoolClasses, eq(schoolClasses.id, children.classId))
    .where(eq(children.id, id));
  return presentStudent(row);
}

async function pageOfStudents(db: Executor, where: SQL | undefined, order: SQL[], limit: number, offset: number) {
  const { rows, total } = await pageAndTotal(
    db
      .select(studentColumns)
      .from(children)
      .leftJoin(schoolClasses, eq(schoolClasses.id, children.classId))
      .where(where)
      .orderBy(...order)
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(children).where(where),
  );
  return { students: rows.map(presentStudent), count: total };
}

/** School students: enrol one (within the seats), list, those not in a group, edit, remove. */
export const studentRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/schools/add/student',
    {
      config: { access: 'admin_schools' },
      schema: {
        tags: ['schools'],
        body: studentSchema,
        response: { 201: z.object({ student: studentOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const input = request.body;
      const school = await targetSchool(db, actor, input.school_id);
      const classId = await classOfSchool(db, school.id, input.class_id);
      const id = await uniqueNationalId(() =>
        db.transaction(async (tx) => {
          // the seat check and the insert under one lock of the school's quota row (409 noFreeSeats when full)
          const [row] = await insertLearners(tx, school.id, [studentValues(input, classId)]);
          await writeLog(tx, {
            actorId: actor.id,
            action: 'enrol',
            entity: 'child',
            entityId: row.id,
            newValue: { id: row.id, school_id: school.id, class_id: classId },
          });
          return row.id;
        }),
      );
      reply.code(201);
      return { student: await oneStudent(db, id) };
    },
  );

  app.post(
    '/schools/get/student',
    {
      config: { access: 'admin_schools' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['schools'], body: studentListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => {
      const f = request.body;
      const school = await targetSchool(db, actorOf(request), f.school_id);
      const where = and(
        eq(children.schoolId, school.id),
        f.class_id === undefined ? undefined : eq(children.classId, f.class_id),
        f.group_id === undefined ? undefined : membership(sql`${groupMembers.groupId} = ${f.group_id}`),
        statusCondition(f.status),
        searchCondition(f.search_text, [children.name, children.nationalId]),
      );
      return pageOfStudents(
        db,
        where,
        [orderBy(STUDENT_ORDER[f.order_by], f.order_direction), asc(children.id)],
        f.limit,
        f.offset,
      );
    },
  );

  app.post(
    '/schools/get/not/in/group',
    {
      config: { access: 'admin_schools' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['schools'], body: notInGroupSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const f = request.body;
      // with a group: its school's students outside it; without: the school's students in no group
      const group = f.group_id === undefined ? null : await groupInScope(db, actor, f.group_id);
      const school = await targetSchool(db, actor, group?.schoolId ?? f.school_id);
      const where = and(
        eq(children.schoolId, school.id),
        not(membership(group ? sql`${groupMembers.groupId} = ${group.id}` : sql`true`)),
        f.class_id === undefined ? undefined : eq(children.classId, f.class_id),
        searchCondition(f.search_text, [children.name, children.nationalId]),
      );
      const order = f.order_by === 'name' ? children.name : children.id;
      return pageOfStudents(db, where, [orderBy(order, f.order_direction), asc(children.id)], f.limit, f.offset);
    },
  );

  app.get(
    '/schools/student/:id',
    {
      config: { access: 'admin_schools' },
      schema: {
        tags: ['schools'],
        params: idParams,
        response: { 200: z.object({ student: studentOut }), ...authErrors },
      },
    },
    async (request) => ({
      student: await oneStudent(db, (await studentInScope(db, actorOf(request), request.params.id)).id),
    }),
  );

  app.post(
    '/schools/update/student/:id',
    {
      config: { access: 'admin_schools' },
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
      const classId = await classOfSchool(db, before.schoolId!, request.body.class_id);
      await uniqueNationalId(() =>
        db.transaction(async (tx) => {
          await tx
            .update(children)
            .set({ ...studentValues(request.body, classId), updatedAt: sql`now()` })
            .where(eq(children.id, before.id));
          await writeLog(tx, {
            actorId: actor.id,
            action: 'update',
            entity: 'child',
            entityId: before.id,
            newValue: { fields: Object.keys(request.body) },
          });
        }),
      );
      return { student: await oneStudent(db, before.id) };
    },
  );

  app.post(
    '/schools/delete/student/:id',
    {
      config: { access: 'admin_schools' },
      schema: { tags: ['schools'], params: idParams, response: { 200: messageOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await studentInScope(db, actor, request.params.id);
      await db.transaction(async (tx) => {
        if (before.parentId === null) {
          // a learner of the school only: removed with its activities
          await tx.delete(children).where(eq(children.id, before.id));
        } else {
          // a family's child stays the family's: it leaves the school and the school's groups
          await tx
            .delete(groupMembers)
            .where(
              and(
                eq(groupMembers.childId, before.id),
                sql`${groupMembers.groupId} in (select ${groups.id} from ${groups} where ${groups.schoolId} = ${before.schoolId})`,
              ),
            );
          await tx
            .update(children)
            .set({ schoolId: null, classId: null, nationalId: null, updatedAt: sql`now()` })
            .where(eq(children.id, before.id));
        }
        await writeLog(tx, {
          actorId: actor.id,
          action: before.parentId === null ? 'delete' : 'leave_school',
          entity: 'child',
          entityId: before.id,
          oldValue: { id: before.id, school_id: before.schoolId, class_id: before.classId },
        });
      });
      if (before.parentId === null && before.image) await app.storage.remove('photos', before.image);
      return { message: 'Deleted', key: 'app.notify.deleted' };
    },
  );
};
