import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SEAT_STATUS, seatStage } from '../../../domain/schools';
import { seatDecisionSchema, seatListSchema, seatRequestSchema } from '../../../domain/schemas/schools';
import type { Actor } from '../../auth/actor';
import { regionsInScope, schoolColumnInScope, scopeOf } from '../../auth/scope';
import type { Executor } from '../../db/client';
import { regions, schoolQuotas, schools, seatRequests } from '../../db/schema';
import { AppError, conflict, forbidden, notFound } from '../../errors';
import { actorOf } from '../../plugins/access';
import {
  lockSeats,
  presentSeatRequest,
  schoolInScope,
  seatRequestColumns,
  targetSchool,
} from '../../repositories/schools';
import { writeLog } from '../../services/audit';
import { orderBy, searchCondition } from '../../db/listing';
import { filterFromBodyOrQuery } from '../listing';
import { authErrors, errorOut } from '../schemas';
import { requireAny, seatRequestOut } from './schemas';

const SEAT_ORDER = { created_at: seatRequests.createdAt, id: seatRequests.id, seats: seatRequests.seats };
const listOut = z.object({ requests: z.array(seatRequestOut), count: z.number() });

const requestQuery = (db: Executor) =>
  db
    .select({ ...seatRequestColumns, total: sql<number>`cast(count(*) over() as integer)` })
    .from(seatRequests)
    .innerJoin(schools, eq(schools.id, seatRequests.schoolId))
    .innerJoin(regions, eq(regions.id, schools.regionId));
const present = <
  R extends Parameters<typeof presentSeatRequest>[0] & { total?: number; status: number; region_status: number },
>({
  total: _t,
  ...r
}: R) => ({ ...presentSeatRequest(r), stage: seatStage(r) });

async function oneRequest(db: Executor, id: number) {
  const [row] = await requestQuery(db).where(eq(seatRequests.id, id));
  return present(row);
}

/** Requests of the schools the actor administers. */
const inScope = (actor: Actor) => schoolColumnInScope(seatRequests.schoolId, actor);

/** A request the actor may see, or 404. */
async function requestInScope(db: Executor, actor: Actor, id: number) {
  const [row] = await db
    .select()
    .from(seatRequests)
    .where(and(eq(seatRequests.id, id), inScope(actor)));
  if (!row) throw notFound();
  return row;
}

/** Requests waiting for this actor: the region's at the region step, the platform's at the admin step, a school's own pending ones. */
function awaiting(actor: Actor): SQL {
  const pending = eq(seatRequests.status, SEAT_STATUS.pending);
  switch (scopeOf(actor).level) {
    case 'platform':
      return and(pending, sql`${seatRequests.regionStatus} <> ${SEAT_STATUS.pending}`)!;
    case 'region':
      return and(pending, eq(seatRequests.regionStatus, SEAT_STATUS.pending))!;
    default:
      return pending;
  }
}

const DECIDERS = ['admin_schools', 'admin_regions', 'access_dashboard'] as const;

/** Seat requests: a school asks, the region admin decides, then the platform admin; approval adds to the quota. */
export const seatRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.db;

  async function page(actor: Actor, f: z.infer<typeof seatListSchema>, extra?: SQL) {
    // naming a school or a region outside the caller's scope answers 404, as everywhere
    if (f.school_id !== undefined) await schoolInScope(db, actor, f.school_id);
    if (f.region_id !== undefined) {
      const [region] = await db
        .select({ id: regions.id })
        .from(regions)
        .where(and(eq(regions.id, f.region_id), regionsInScope(actor)));
      if (!region) throw notFound();
    }
    const where = and(
      inScope(actor),
      extra,
      f.school_id === undefined ? undefined : eq(seatRequests.schoolId, f.school_id),
      f.region_id === undefined ? undefined : eq(schools.regionId, f.region_id),
      f.status === undefined ? undefined : eq(seatRequests.status, f.status),
      searchCondition(f.search_text, [schools.name, regions.name]),
    );
    const rows = await requestQuery(db)
      .where(where)
      .orderBy(orderBy(SEAT_ORDER[f.order_by], f.order_direction), desc(seatRequests.id))
      .limit(f.limit)
      .offset(f.offset);
    const total =
      rows[0]?.total ??
      (f.offset > 0
        ? (
            await db
              .select({ n: count() })
              .from(seatRequests)
              .innerJoin(schools, eq(schools.id, seatRequests.schoolId))
              .innerJoin(regions, eq(regions.id, schools.regionId))
              .where(where)
          )[0].n
        : 0);
    return { requests: rows.map(present), count: total };
  }

  app.post(
    '/schools/add/request',
    {
      config: { access: 'admin_schools' },
      schema: {
        tags: ['seats'],
        body: seatRequestSchema,
        response: { 201: z.object({ request: seatRequestOut }), ...authErrors },
      },
    },
    async (request, reply) => {
      const actor = actorOf(request);
      const school = await targetSchool(db, actor, request.body.school_id);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx
          .insert(seatRequests)
          .values({
            schoolId: school.id,
            seats: request.body.seats,
            note: request.body.note ?? null,
            requestedBy: actor.id,
          })
          .returning();
        await writeLog(tx, {
          actorId: actor.id,
          action: 'create',
          entity: 'seat_request',
          entityId: row.id,
          newValue: { school_id: school.id, seats: row.seats },
        });
        return row.id;
      });
      request.log.info(
        { event: 'seats.requested', requestId: id, schoolId: school.id, seats: request.body.seats },
        'seats requested',
      );
      reply.code(201);
      return { request: await oneRequest(db, id) };
    },
  );

  app.post(
    '/schools/get/requests',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['seats'], body: seatListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      requireAny(actor, DECIDERS);
      return page(actor, { ...request.body, status: undefined }, awaiting(actor));
    },
  );

  app.post(
    '/schools/get/history/requests',
    {
      config: { access: 'signed-in' },
      preValidation: filterFromBodyOrQuery,
      schema: { tags: ['seats'], body: seatListSchema, response: { 200: listOut, ...authErrors } },
    },
    async (request) => {
      const actor = actorOf(request);
      requireAny(actor, DECIDERS);
      return page(actor, request.body);
    },
  );

  /** The checks both steps share: in scope (404), not one's own (403). */
  async function decidable(actor: Actor, id: number) {
    const row = await requestInScope(db, actor, id);
    if (row.requestedBy === actor.id) throw new AppError(403, 'app.seats.errors.ownRequest');
    return row;
  }

  app.post(
    '/schools/approve/region/request',
    {
      config: { access: 'admin_regions' },
      schema: {
        tags: ['seats'],
        body: seatDecisionSchema,
        response: { 200: z.object({ request: seatRequestOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      const { id, status, note } = request.body;
      const before = await decidable(actor, id);
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(seatRequests)
          .set({
            regionStatus: status,
            regionDecidedBy: actor.id,
            regionDecidedAt: sql`now()`,
            regionNote: note ?? null,
            updatedAt: sql`now()`,
            // a region's "no" ends the request; its "yes" passes it to the platform admin
            ...(status === SEAT_STATUS.declined ? { status } : {}),
          })
          .where(
            and(
              eq(seatRequests.id, before.id),
              eq(seatRequests.status, SEAT_STATUS.pending),
              eq(seatRequests.regionStatus, SEAT_STATUS.pending),
            ),
          )
          .returning();
        if (!row) throw conflict('app.seats.errors.alreadyDecided');
        await writeLog(tx, {
          actorId: actor.id,
          action: status === SEAT_STATUS.approved ? 'region_approve' : 'region_decline',
          entity: 'seat_request',
          entityId: row.id,
          oldValue: { region_status: before.regionStatus },
          newValue: { region_status: status },
        });
      });
      request.log.info(
        { event: 'seats.region.decided', requestId: id, status, by: actor.id },
        'seat request decided by the region',
      );
      return { request: await oneRequest(db, id) };
    },
  );

  app.post(
    '/schools/approve/admin/request',
    {
      config: { access: 'access_dashboard' },
      schema: {
        tags: ['seats'],
        body: seatDecisionSchema,
        response: { 200: z.object({ request: seatRequestOut }), ...authErrors, 409: errorOut },
      },
    },
    async (request) => {
      const actor = actorOf(request);
      if (scopeOf(actor).level !== 'platform') throw forbidden();
      const { id, status, note } = request.body;
      const before = await decidable(actor, id);
      if (before.status === SEAT_STATUS.pending && before.regionStatus === SEAT_STATUS.pending)
        throw conflict('app.seats.errors.awaitingRegion');
      await db.transaction(async (tx) => {
        const [row] = await tx
          .update(seatRequests)
          .set({
            status,
            adminDecidedBy: actor.id,
            adminDecidedAt: sql`now()`,
            adminNote: note ?? null,
            updatedAt: sql`now()`,
          })
          .where(
            and(
              eq(seatRequests.id, before.id),
              eq(seatRequests.status, SEAT_STATUS.pending),
              eq(seatRequests.regionStatus, SEAT_STATUS.approved),
            ),
          )
          .returning();
        if (!row) throw conflict('app.seats.errors.alreadyDecided');
        if (status === SEAT_STATUS.approved) {
          // the quota grows under the same lock enrolments take
          const seats = await lockSeats(tx, row.schoolId);
          await tx
            .update(schoolQuotas)
            .set({ approvedSeats: seats.approved + row.seats, updatedAt: sql`now()` })
            .where(eq(schoolQuotas.schoolId, row.schoolId));
        }
        await writeLog(tx, {
          actorId: actor.id,
          action: status === SEAT_STATUS.approved ? 'admin_approve' : 'admin_decline',
          entity: 'seat_request',
          entityId: row.id,
          newValue: { status, seats: row.seats, school_id: row.schoolId },
        });
      });
      request.log.info(
        { event: 'seats.admin.decided', requestId: id, status, by: actor.id },
        'seat request decided by the platform admin',
      );
      return { request: await oneRequest(db, id) };
    },
  );
};
