import { and, asc, count, eq, exists, or, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { ROLE } from '../../domain/permissions';
import type { regionListSchema } from '../../domain/schemas/schools';
import type { Actor } from '../auth/actor';
import { regionsInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { orderBy, searchCondition } from '../db/listing';
import { qualified as q } from '../db/qualified';
import { children, regions, roles, schoolQuotas, schools, userRoles, users } from '../db/schema';
import { notFound } from '../errors';

/** Queries of regions: the list with its counts and admins, one region in scope, a new region. */

export interface RegionRef {
  id: number;
  name: string;
}

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

/** A page of the regions in the actor's scope (searched by name, or by a name or email of one of its people). */
export async function regionPage(db: Executor, actor: Actor, f: z.infer<typeof regionListSchema>) {
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
  const where = and(regionsInScope(actor), search);
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
}

/** A region the actor administers (id and name), or 404. */
export async function regionInScope(db: Executor, actor: Actor, id: number): Promise<RegionRef> {
  const [row] = await db
    .select({ id: regions.id, name: regions.name })
    .from(regions)
    .where(and(eq(regions.id, id), regionsInScope(actor)));
  if (!row) throw notFound();
  return row;
}

export async function insertRegion(tx: Executor, name: string): Promise<RegionRef> {
  const [row] = await tx.insert(regions).values({ name }).returning({ id: regions.id, name: regions.name });
  return row;
}
