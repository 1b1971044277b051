import { and, asc, count, eq, isNotNull, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_TYPE } from '../../../domain/codes';
import { ROLE } from '../../../domain/permissions';
import { schoolOnlySchema, teacherListSchema, teacherSchema } from '../../../domain/schemas/schools';
import type { Actor } from '../../auth/actor';
import { schoolColumnInScope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { groups, users } from '../../db/schema';
import { notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { presentTeacher, targetSchool, teacherColumns, teachersOfSchool } from '../../repositories/schools';
import { writeLog } from '../../services/audit';
import { hashPassword } from '../../services/passwords';
import { orderBy, searchCondition } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';
import { createStaffAccount } from './accounts';
import { teacherOut } from './schemas';

const TEACHER_ORDER = { id: users.id, name: users.name, email: users.email, created_at: users.createdAt };

/** A teacher of a school the actor administers, or 404. */
export async function teacherInScope(db: Executor, actor: Actor, id: number) {
  const [row] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, id),
        eq(users.type, USER_TYPE.teacher),
        isNotNull(users.schoolId),
        schoolColumnInScope(users.schoolId, actor),
      ),
    );
  if (!row) throw notFound();
  return row;
}

const oneTeacher = async (db: Executor, id: number) =>
  presentTeacher((await db.select(teacherColumns).from(users).where(eq(users.id, id)))[0]);

/** School teachers: accounts with the teacher role and the school, made by its admin. */
export const teacherRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/schools/add/teacher',
    {
      config: { access: 'admin_schools' },
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
      const passwordHash = await hashPassword(input.password);
      const row = await db.transaction((tx) =>
        createStaffAccount(tx, actor, {
          name: input.name,
          email: input.email,
          passwordHash,
          role: ROLE.teacher,
          schoolId: school.id,
          gender: input.gender,
          mobileNo: input.mobile_no ?? null,
        }),
      );
      reply.code(201);
      return { teacher: await oneTeacher(db, row.id) };
    },
  );

  app.post(
    '/schools/get/teachers',
    {
      config: { access: 'admin_schools' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['schools'],
        body: teacherListSchema,
        response: { 200: z.object({ teachers: z.array(teacherOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const f = request.body;
      const school = await targetSchool(db, actorOf(request), f.school_id);
      const where = and(
        teachersOfSchool(school.id),
        searchCondition(f.search_text, [users.name, users.email]),
        f.status === undefined ? undefined : f.status === 0 ? eq(users.removed, 0) : sql`${users.removed} <> 0`,
      );
      const rows = await db
        .select({ ...teacherColumns, total: sql<number>`cast(count(*) over() as integer)` })
        .from(users)
        .where(where)
        .orderBy(orderBy(TEACHER_ORDER[f.order_by], f.order_direction), asc(users.id))
        .limit(f.limit)
        .offset(f.offset);
      const total =
        rows[0]?.total ?? (f.offset > 0 ? (await db.select({ n: count() }).from(users).where(where))[0].n : 0);
      return { teachers: rows.map(({ total: _t, ...r }) => presentTeacher(r)), count: total };
    },
  );

  app.post(
    '/schools/get/teachers/lookup',
    {
      config: { access: 'admin_schools' },
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
      const teachers = await db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(and(teachersOfSchool(school.id), eq(users.removed, 0)))
        .orderBy(users.name)
        .limit(1000);
      return { teachers };
    },
  );

  app.post(
    '/schools/delete/teacher/:id',
    {
      config: { access: 'admin_schools' },
      schema: { tags: ['schools'], params: idParams, response: { 200: messageOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await teacherInScope(db, actor, request.params.id);
      await db.transaction(async (tx) => {
        // the account keeps its history (evaluations); it leaves the school and the school's groups
        await tx
          .update(groups)
          .set({ teacherId: null, updatedAt: sql`now()` })
          .where(and(eq(groups.teacherId, before.id), eq(groups.schoolId, before.schoolId!)));
        await tx
          .update(users)
          .set({ schoolId: null, updatedAt: sql`now()` })
          .where(eq(users.id, before.id));
        await writeLog(tx, {
          actorId: actor.id,
          action: 'leave_school',
          entity: 'user',
          entityId: before.id,
          oldValue: { school_id: before.schoolId },
          newValue: { school_id: null },
        });
      });
      return { message: 'Deleted', key: 'app.notify.deleted' };
    },
  );
};
