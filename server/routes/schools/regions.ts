import { and, asc, count, desc, eq, exists, or, sql } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ROLE } from '../../../domain/permissions';
import { regionAdminRegistrationSchema, regionListSchema, schoolListSchema } from '../../../domain/schemas/schools';
import { regionsInScope, requirePlatformLevel } from '../../auth/scope';
import { children, regions, roles, schoolQuotas, schools, userRoles, users } from '../../db/schema';
import { notFound } from '../../errors';
import { qualified as q } from '../../db/qualified';
import { actorOf } from '../../plugins/access';
import { listSchools } from '../../repositories/schools';
import { writeLog } from '../../services/audit';
import { hashPassword } from '../../services/passwords';
import { orderBy, searchCondition } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut, idParams } from '../schemas';
import { createStaffAccount, presentAccount } from './accounts';
import { accountOut, regionOut, schoolOut } from './schemas';

const int = (query: ReturnType<typeof sql>) => sql<number>`coalesce((${query}), 0)::int`;

const isRegionAdmin = sql`exists (select 1 from ${userRoles} join ${roles} on ${q(roles.id)} = ${q(userRoles.roleId)} where ${q(userRoles.userId)} = ${q(users.id)} and ${q(roles.key)} = ${ROLE.regionAdmin})`;

const regionColumns = {
  id: regions.id,
  name: regions.name,
  created_at: regions.createdAt,
  schools_count: int(sql`select count(*) from ${schools} where ${q(schools.regionId)} = ${q(regions.id)}`),
  students_count: int(
    sql`select count(*) from ${children} join ${schools} on ${q(schools.id)} = ${q(children.schoolId)} where ${q(schools.regionId)} = ${q(regions.id)}`,
  ),
  seats_approved: int(
    sql`select sum(${q(schoolQuotas.approvedSeats)}) from ${schoolQuotas} join ${schools} on ${q(schools.id)} = ${q(schoolQuotas.schoolId)} where ${q(schools.regionId)} = ${q(regions.id)}`,
  ),
  admins: sql<
    { id: number; name: string; email: string }[]
  >`coalesce((select json_agg(json_build_object('id', ${q(users.id)}, 'name', ${q(users.name)}, 'email', ${q(users.email)}) order by ${q(users.id)})
    from ${users} where ${q(users.regionId)} = ${q(regions.id)} and ${isRegionAdmin}), '[]'::json)`,
};

const REGION_ORDER = { id: regions.id, name: regions.name, created_at: regions.createdAt };
const SCHOOL_ORDER = { id: schools.id, name: schools.name, created_at: schools.createdAt };

/** Regions and their admins (platform admin), and a region's schools (its admin or the platform admin). */
export const regionRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  app.post(
    '/region/admins',
    {
      config: { access: 'access_dashboard' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['regions'],
        body: regionListSchema,
        response: { 200: z.object({ regions: z.array(regionOut), count: z.number() }), ...authErrors },
      },
    },
    async (request) => {
      const f = request.body;
      const search = f.search_text
        ? or(
            searchCondition(f.search_text, [regions.name]),
            exists(
              db
                .select({ one: sql`1` })
                .from(users)
                .where(and(eq(users.regionId, regions.id), searchCondition(f.search_text, [users.name, users.email]))),
            ),
          )
        : undefined;
      const where = and(regionsInScope(actorOf(request)), search);
      const rows = await db
        .select({ ...regionColumns, total: sql<number>`cast(count(*) over() as integer)` })
        .from(regions)
        .where(where)
        .orderBy(orderBy(REGION_ORDER[f.order_by], f.order_direction), asc(regions.id))
        .limit(f.limit)
        .offset(f.offset);
      const total =
        rows[0]?.total ?? (f.offset > 0 ? (await db.select({ n: count() }).from(regions).where(where))[0].n : 0);
      return {
        regions: rows.map(({ total: _t, ...r }) => ({ ...r, created_at: r.created_at.toISOString() })),
        count: total,
      };
    },
  );

  app.post(
    '/region/registeration/admin',
    {
      config: { access: 'access_dashboard' },
      schema: {
        tags: ['regions'],
        body: regionAdminRegistrationSchema,
        response: {
          201: z.object({ user: accountOut, region: z.object({ id: z.number(), name: z.string() }) }),
          ...authErrors,
          409: errorOut,
        },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      // a region, and an account placed in one, are the platform's to make, whatever permission opened the route
      requirePlatformLevel(actor);
      const input = request.body;
      const passwordHash = await hashPassword(input.password);
      const result = await db.transaction(async (tx) => {
        let region: { id: number; name: string };
        if (input.region_id !== undefined) {
          const [row] = await tx
            .select({ id: regions.id, name: regions.name })
            .from(regions)
            .where(and(eq(regions.id, input.region_id), regionsInScope(actor)));
          if (!row) throw notFound();
          region = row;
        } else {
          [region] = await tx
            .insert(regions)
            .values({ name: input.region_name! })
            .returning({ id: regions.id, name: regions.name });
          await writeLog(tx, {
            actorId: actor.id,
            action: 'create',
            entity: 'region',
            entityId: region.id,
            newValue: region,
          });
        }
        const user = await createStaffAccount(tx, actor, {
          name: input.name,
          email: input.email,
          passwordHash,
          role: ROLE.regionAdmin,
          regionId: region.id,
        });
        return { user: presentAccount(user), region };
      });
      request.log.info(
        { event: 'region.admin.registered', userId: result.user.id, regionId: result.region.id, by: actor.id },
        'region admin registered',
      );
      reply.code(201);
      return result;
    },
  );

  app.post(
    '/region/admins/schools/:id',
    {
      config: { access: 'admin_regions' },
      preValidation: filterFromBodyOrQuery,
      schema: {
        tags: ['regions'],
        params: idParams,
        body: schoolListSchema.omit({ region_id: true }),
        response: {
          200: z.object({
            region: z.object({ id: z.number(), name: z.string() }),
            schools: z.array(schoolOut),
            count: z.number(),
          }),
          ...authErrors,
        },
      },
    },
    async (request) => {
      const [region] = await db
        .select({ id: regions.id, name: regions.name })
        .from(regions)
        .where(and(eq(regions.id, request.params.id), regionsInScope(actorOf(request))));
      if (!region) throw notFound();
      const f = request.body;
      const where = and(eq(schools.regionId, region.id), searchCondition(f.search_text, [schools.name, schools.city]));
      const page = await listSchools(
        db,
        where,
        [orderBy(SCHOOL_ORDER[f.order_by], f.order_direction), desc(schools.id)],
        f.limit,
        f.offset,
      );
      return { region, ...page };
    },
  );
};
