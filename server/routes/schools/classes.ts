import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { classListSchema, classSchema } from '../../../domain/schemas/schools';
import type { Actor } from '../../auth/actor';
import { schoolColumnInScope } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { isUniqueViolation } from '../../db/errors';
import { children, schoolClasses } from '../../db/schema';
import { conflict, notFound } from '../../errors';
import { qualified as q } from '../../db/qualified';
import { actorOf } from '../../plugins/access';
import { targetSchool } from '../../repositories/schools';
import { writeLog } from '../../services/audit';
import { orderBy, searchCondition } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';
import { classOut } from './schemas';

const CLASS_ORDER = { number: schoolClasses.number, name: schoolClasses.name, id: schoolClasses.id };
const classColumns = {
  id: schoolClasses.id,
  school_id: schoolClasses.schoolId,
  name: schoolClasses.name,
  number: schoolClasses.number,
  created_at: schoolClasses.createdAt,
  students_count: sql<number>`(select count(*)::int from ${children} where ${q(children.classId)} = ${q(schoolClasses.id)})`,
};
const present = <R extends { created_at: Date }>(r: R) => ({ ...r, created_at: r.created_at.toISOString() });

/** A class of a school the actor administers, or 404. */
export async function classInScope(db: Executor, actor: Actor, id: number) {
  const [row] = await db
    .select()
    .from(schoolClasses)
    .where(and(eq(schoolClasses.id, id), schoolColumnInScope(schoolClasses.schoolId, actor)));
  if (!row) throw notFound();
  return row;
}

const oneClass = async (db: Executor, id: number) =>
  present((await db.select(classColumns).from(schoolClasses).where(eq(schoolClasses.id, id)))[0]);

const saveClass = async <T>(work: () => Promise<T>): Promise<T> => {
  try {
    return await work();
  } catch (error) {
    if (isUniqueViolation(error))
      throw conflict('app.schools.errors.classNameTaken', { name: 'app.schools.errors.classNameTaken' });
    throw error;
  }
};

/** Classes of a school: name and number (the school year); students belong to one. */
export const classRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/schools/add/class',
    {
      config: { access: 'admin_schools' },
      schema: {
        tags: ['schools'],
        body: classSchema,
        response: { 201: z.object({ class: classOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const school = await targetSchool(db, actor, request.body.school_id);
      const row = await saveClass(() =>
        db.transaction(async (tx) => {
          const [created] = await tx
            .insert(schoolClasses)
            .values({ schoolId: school.id, name: request.body.name, number: request.body.number })
            .returning();
          await writeLog(tx, {
            actorId: actor.id,
            action: 'create',
            entity: 'school_class',
            entityId: created.id,
            newValue: { school_id: school.id, name: created.name, number: created.number },
          });
          return created;
        }),
      );
      reply.code(201);
      return { class: await oneClass(db, row.id) };
    },
  );

  app.post(
    '/schools/get/classes',
    {
      config: { access: 'admin_schools' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['schools'],
        body: classListSchema,
        response: { 200: z.object({ classes: z.array(classOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const f = request.body;
      const school = await targetSchool(db, actorOf(request), f.school_id);
      const where = and(eq(schoolClasses.schoolId, school.id), searchCondition(f.search_text, [schoolClasses.name]));
      const rows = await db
        .select({ ...classColumns, total: sql<number>`cast(count(*) over() as integer)` })
        .from(schoolClasses)
        .where(where)
        .orderBy(orderBy(CLASS_ORDER[f.order_by], f.order_direction), asc(schoolClasses.name))
        .limit(f.limit)
        .offset(f.offset);
      const total =
        rows[0]?.total ?? (f.offset > 0 ? (await db.select({ n: count() }).from(schoolClasses).where(where))[0].n : 0);
      return { classes: rows.map(({ total: _t, ...r }) => present(r)), count: total };
    },
  );

  app.get(
    '/schools/class/:id',
    {
      config: { access: 'admin_schools' },
      schema: { tags: ['schools'], params: idParams, response: { 200: z.object({ class: classOut }), ...authErrors } },
    },
    async (request) => ({
      class: await oneClass(db, (await classInScope(db, actorOf(request), request.params.id)).id),
    }),
  );

  app.post(
    '/schools/update/class/:id',
    {
      config: { access: 'admin_schools' },
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
      await saveClass(() =>
        db.transaction(async (tx) => {
          await tx
            .update(schoolClasses)
            .set({ name: request.body.name, number: request.body.number })
            .where(eq(schoolClasses.id, before.id));
          await writeLog(tx, {
            actorId: actor.id,
            action: 'update',
            entity: 'school_class',
            entityId: before.id,
            oldValue: { name: before.name, number: before.number },
            newValue: request.body,
          });
        }),
      );
      return { class: await oneClass(db, before.id) };
    },
  );

  app.delete(
    '/schools/delete/class/:id',
    {
      config: { access: 'admin_schools' },
      schema: { tags: ['schools'], params: idParams, response: { 200: messageOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await classInScope(db, actor, request.params.id);
      await db.transaction(async (tx) => {
        // its students stay in the school, without a class
        await tx.delete(schoolClasses).where(eq(schoolClasses.id, before.id));
        await writeLog(tx, {
          actorId: actor.id,
          action: 'delete',
          entity: 'school_class',
          entityId: before.id,
          oldValue: { school_id: before.schoolId, name: before.name, number: before.number },
        });
      });
      return { message: 'Deleted', key: 'app.notify.deleted' };
    },
  );
};
