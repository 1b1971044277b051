import { and, count, desc, eq, sql, type SQL } from 'drizzle-orm';
import type { z } from 'zod';
import { SEAT_STATUS, seatStage } from '../../domain/schools';
import type { seatListSchema } from '../../domain/schemas/schools';
import type { Actor } from '../auth/actor';
import { schoolColumnInScope } from '../auth/scope';
import type { Executor } from '../db/client';
import { orderBy, searchCondition } from '../db/listing';
import { regions, schoolQuotas, schools, seatRequests } from '../db/schema';
import { conflict, notFound } from '../errors';
import { presentSeatRequest, seatRequestColumns } from './schools';

/** Queries of seat requests: a school asks, the region admin decides, then the platform admin. */

export type SeatRequestRow = typeof seatRequests.$inferSelect;
export type SeatListInput = z.infer<typeof seatListSchema>;

const SEAT_ORDER = { created_at: seatRequests.createdAt, id: seatRequests.id, seats: seatRequests.seats };

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

/** A request as the API presents it, with its school, region, deciders and stage. */
export async function presentedSeatRequest(db: Executor, id: number) {
  const [row] = await requestQuery(db).where(eq(seatRequests.id, id));
  return present(row);
}

/** Requests of the schools the actor administers. */
const inScope = (actor: Actor) => schoolColumnInScope(seatRequests.schoolId, actor);

/** A request the actor may see, or 404. */
export async function seatRequestInScope(db: Executor, actor: Actor, id: number): Promise<SeatRequestRow> {
  const [row] = await db
    .select()
    .from(seatRequests)
    .where(and(eq(seatRequests.id, id), inScope(actor)));
  if (!row) throw notFound();
  return row;
}

/** A page of the requests in the actor's scope, filtered (`extra`: a further condition) and their total. */
export async function seatRequestPage(db: Executor, actor: Actor, f: SeatListInput, extra?: SQL) {
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

export async function insertSeatRequest(
  tx: Executor,
  values: { schoolId: number; seats: number; note: string | null; requestedBy: number },
) {
  const [row] = await tx.insert(seatRequests).values(values).returning();
  return row;
}

const alreadyDecided = () => conflict('app.seats.errors.alreadyDecided');

/**
 * The region's step on a request still pending at the region (409 alreadyDecided otherwise).
 * A region's "no" ends the request; its "yes" passes it to the platform admin.
 */
export async function recordRegionDecision(
  tx: Executor,
  id: number,
  decision: { status: number; by: number; note: string | null },
): Promise<SeatRequestRow> {
  const [row] = await tx
    .update(seatRequests)
    .set({
      regionStatus: decision.status,
      regionDecidedBy: decision.by,
      regionDecidedAt: sql`now()`,
      regionNote: decision.note,
      updatedAt: sql`now()`,
      ...(decision.status === SEAT_STATUS.declined ? { status: decision.status } : {}),
    })
    .where(
      and(
        eq(seatRequests.id, id),
        eq(seatRequests.status, SEAT_STATUS.pending),
        eq(seatRequests.regionStatus, SEAT_STATUS.pending),
      ),
    )
    .returning();
  if (!row) throw alreadyDecided();
  return row;
}

/** The platform's step on a request the region approved and still pending (409 alreadyDecided otherwise). */
export async function recordPlatformDecision(
  tx: Executor,
  id: number,
  decision: { status: number; by: number; note: string | null },
): Promise<SeatRequestRow> {
  const [row] = await tx
    .update(seatRequests)
    .set({
      status: decision.status,
      adminDecidedBy: decision.by,
      adminDecidedAt: sql`now()`,
      adminNote: decision.note,
      updatedAt: sql`now()`,
    })
    .where(
      and(
        eq(seatRequests.id, id),
        eq(seatRequests.status, SEAT_STATUS.pending),
        eq(seatRequests.regionStatus, SEAT_STATUS.approved),
      ),
    )
    .returning();
  if (!row) throw alreadyDecided();
  return row;
}

/** Sets a school's approved seats; the caller holds the seat lock (lockSeats). */
export async function setApprovedSeats(tx: Executor, schoolId: number, approved: number) {
  await tx
    .update(schoolQuotas)
    .set({ approvedSeats: approved, updatedAt: sql`now()` })
    .where(eq(schoolQuotas.schoolId, schoolId));
}
