import { and, count, desc, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { USER_STATUS, USER_TYPE } from '../../../domain/codes';
import { ROLE } from '../../../domain/permissions';
import { schoolAdminRegistrationSchema, schoolListSchema, schoolUpdateSchema } from '../../../domain/schemas/schools';
import { regionsInScope, scopeOf, schoolsInScope } from '../../auth/scope';
import { revokeAllTokens } from '../../auth/tokens';
import type { Executor } from '../../db/client';
import { children, groups, regions, schoolQuotas, schools, users } from '../../db/schema';
import { conflict, fieldError, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import { listSchools, schoolInScope } from '../../repositories/schools';
import { writeLog } from '../../services/audit';
import { hashPassword } from '../../services/passwords';
import { orderBy, searchCondition } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams, messageOut } from '../schemas';
import { createStaffAccount, presentAccount } from './accounts';
import { accountOut, schoolOut } from './schemas';
import type { Actor } from '../../auth/actor';

const SCHOOL_ORDER = { id: schools.id, name: schools.name, created_at: schools.createdAt };
const listOut = z.object({ schools: z.array(schoolOut), count: z.number() });

const schoolLogValue = (s: typeof schools.$inferSelect) => ({
  id: s.id,
  name: s.name,
  region_id: s.regionId,
  city: s.city,
  address: s.address,
});

/** The region of a new school: a region admin's own; a platform admin names one. */
async function regionForNewSchool(db: Executor, actor: Actor, regionId: number | undefined): Promise<number> {
  const scope = scopeOf(actor);
  const id = regionId ?? (scope.level === 'region' ? scope.regionId : undefined);
  if (id === undefined) throw fieldError('region_id', 'app.schools.errors.regionRequired');
  const [row] = await db
    .select({ id: regions.id })
    .from(regions)
    .where(and(eq(regions.id, id), regionsInScope(actor)));
  if (!row) throw notFound();
  return row.id;
}

/** Schools: the scoped list, a school admin's registration (with a new school or an existing one), edit and delete. */
export const schoolRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  const list = async (actor: Actor, f: z.infer<typeof schoolListSchema>) => {
    const where = and(
      schoolsInScope(actor),
      f.region_id === undefined ? undefined : eq(schools.regionId, f.region_id),
      searchCondition(f.search_text, [schools.name, schools.city]),
    );
    return listSchools(
      db,
      where,
      [orderBy(SCHOOL_ORDER[f.order_by], f.order_direction), desc(schools.id)],
      f.limit,
      f.offset,
    );
  };

  app.post(
    '/schools',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['schools'], body: schoolListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => list(actorOf(request), request.body),
  );

  app.get(
    '/schools',
    {
      config: { access: 'signed-in' },
      schema: { tags: ['schools'], querystring: schoolListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => list(actorOf(request), request.query),
  );

  app.post(
    '/school/registeration/admin',
    {
      config: { access: 'admin_regions' },
      schema: {
        tags: ['schools'],
        body: schoolAdminRegistrationSchema,
        response: { 201: z.object({ user: accountOut, school: schoolOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const input = request.body;
      const passwordHash = await hashPassword(input.password);
      const { user, schoolId } = await db.transaction(async (tx) => {
        let schoolId: number;
        if (input.school_id !== undefined) {
          schoolId = (await schoolInScope(tx, actor, input.school_id)).id;
        } else {
          const regionId = await regionForNewSchool(tx, actor, input.region_id);
          const [school] = await tx
            .insert(schools)
            .values({ name: input.school_name!, regionId, city: input.city ?? null, address: input.address ?? null })
            .returning();
          await tx.insert(schoolQuotas).values({ schoolId: school.id });
          await writeLog(tx, {
            actorId: actor.id,
            action: 'create',
            entity: 'school',
            entityId: school.id,
            newValue: schoolLogValue(school),
          });
          schoolId = school.id;
        }
        const row = await createStaffAccount(tx, actor, {
          name: input.name,
          email: input.email,
          passwordHash,
          role: ROLE.schoolAdmin,
          schoolId,
        });
        return { user: row, schoolId };
      });
      request.log.info(
        { event: 'school.admin.registered', userId: user.id, schoolId, by: actor.id },
        'school admin registered',
      );
      const {
        schools: [school],
      } = await listSchools(db, eq(schools.id, schoolId), [desc(schools.id)], 1, 0);
      reply.code(201);
      return { user: presentAccount(user), school };
    },
  );

  app.post(
    '/region/school/update/:id',
    {
      config: { access: 'admin_regions' },
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
      const input = request.body;
      await db.transaction(async (tx) => {
        const [after] = await tx
          .update(schools)
          .set({
            name: input.name,
            ...(input.city !== undefined ? { city: input.city } : {}),
            ...(input.address !== undefined ? { address: input.address } : {}),
          })
          .where(eq(schools.id, before.id))
          .returning();
        await writeLog(tx, {
          actorId: actor.id,
          action: 'update',
          entity: 'school',
          entityId: before.id,
          oldValue: schoolLogValue(before),
          newValue: schoolLogValue(after),
        });
      });
      const {
        schools: [school],
      } = await listSchools(db, eq(schools.id, before.id), [desc(schools.id)], 1, 0);
      return { school };
    },
  );

  app.delete(
    '/region/school/delete/:id',
    {
      config: { access: 'admin_regions' },
      schema: { tags: ['schools'], params: idParams, response: { 200: messageOut, ...authErrors, 409: errorOut } },
    },
    async (request) => {
      const actor = actorOf(request);
      const before = await schoolInScope(db, actor, request.params.id);
      await db.transaction(async (tx) => {
        // students and teachers are people with a history: they are moved or removed first, never with the school
        const [{ n: students }] = await tx
          .select({ n: count() })
          .from(children)
          .where(eq(children.schoolId, before.id));
        const [{ n: staff }] = await tx
          .select({ n: count() })
          .from(users)
          .where(and(eq(users.schoolId, before.id), eq(users.type, USER_TYPE.teacher)));
        const [{ n: groupCount }] = await tx.select({ n: count() }).from(groups).where(eq(groups.schoolId, before.id));
        if (students + staff + groupCount > 0) throw conflict('app.schools.errors.schoolNotEmpty');
        // its admins lose the school they administered: detached and deactivated
        const admins = await tx
          .update(users)
          .set({ schoolId: null, removed: USER_STATUS.inactive, updatedAt: sql`now()` })
          .where(eq(users.schoolId, before.id))
          .returning({ id: users.id });
        for (const a of admins) await revokeAllTokens(tx, a.id);
        await tx.delete(schools).where(eq(schools.id, before.id));
        await writeLog(tx, {
          actorId: actor.id,
          action: 'delete',
          entity: 'school',
          entityId: before.id,
          oldValue: { ...schoolLogValue(before), admins: admins.map((a) => a.id) },
        });
      });
      request.log.info({ event: 'school.deleted', schoolId: before.id, by: actor.id }, 'school deleted');
      return { message: 'Deleted', key: 'app.notify.deleted' };
    },
  );
};
