import { SEAT_STATUS } from '../../domain/schools';
import type { Actor } from '../auth/actor';
import type { Database, Transaction } from '../db/client';
import { children } from '../db/schema';
import { AppError, conflict } from '../errors';
import {
  insertSeatRequest,
  recordPlatformDecision,
  recordRegionDecision,
  seatRequestInScope,
  setApprovedSeats,
} from '../repositories/seatRequests';
import { lockSeats, type SchoolRow, type Seats } from '../repositories/schools';
import { writeLog } from './audit';

/**
 * The one seat rule (docs/api/schools.md "Seats"). A learner of a school is
 * a `children` row whose `school_id` is that school; the school's approved
 * seats bound how many there are. Every path that makes someone a learner of
 * a school (on-the-spot registration into a school's group, enrolling one
 * student, the xlsx import) inserts through `insertLearners`, which admits
 * them with `admitLearners` first, inside the caller's transaction. A learner
 * without a school (a family's child, a guest registered without a school
 * group) counts against no quota. tests/server/seat-rule.test.ts checks that
 * no other code inserts a learner or gives one a school.
 */

/**
 * Takes the school's seat lock (the quota row, SELECT … FOR UPDATE, held
 * until the caller's transaction ends) and refuses with 409
 * `app.schools.errors.noFreeSeats` when `count` more learners would not fit.
 * Answers the seats as they will be once the caller has inserted them.
 */
export async function admitLearners(tx: Transaction, schoolId: number, count: number): Promise<Seats> {
  const seats = await lockSeats(tx, schoolId);
  if (seats.used + count > seats.approved)
    throw conflict('app.schools.errors.noFreeSeats', { seats: 'app.schools.errors.noFreeSeats' });
  const used = seats.used + count;
  return { approved: seats.approved, used, free: Math.max(0, seats.approved - used) };
}

/** A learner's columns, without its school (that is `insertLearners`' argument). */
export type NewLearner = Omit<typeof children.$inferInsert, 'id' | 'schoolId'>;

/**
 * Inserts learners: of the school `schoolId` (admitted under its seat lock
 * first: all of them or, with 409, none), or of no school (`null`: outside any
 * quota). The only insert of `children` in the server.
 */
export async function insertLearners(tx: Transaction, schoolId: number | null, rows: NewLearner[]) {
  if (!rows.length) return [];
  if (schoolId !== null) await admitLearners(tx, schoolId, rows.length);
  const inserted: (typeof children.$inferSelect)[] = [];
  for (let i = 0; i < rows.length; i += 1000) {
    inserted.push(
      ...(await tx
        .insert(children)
        .values(rows.slice(i, i + 1000).map((r) => ({ ...r, schoolId })))
        .returning()),
    );
  }
  return inserted;
}

// ---- seat requests: a school asks, the region admin decides, then the platform admin ----

/** A school asks for more seats; answers the new request's id. */
export const requestSeats = (db: Database, actor: Actor, school: SchoolRow, ask: { seats: number; note?: string }) =>
  db.transaction(async (tx) => {
    const row = await insertSeatRequest(tx, {
      schoolId: school.id,
      seats: ask.seats,
      note: ask.note ?? null,
      requestedBy: actor.id,
    });
    await writeLog(tx, {
      actorId: actor.id,
      action: 'create',
      entity: 'seat_request',
      entityId: row.id,
      newValue: { school_id: school.id, seats: row.seats },
    });
    return row.id;
  });

/** The checks both steps share: in scope (404), not one's own (403). */
async function decidableRequest(db: Database, actor: Actor, id: number) {
  const row = await seatRequestInScope(db, actor, id);
  if (row.requestedBy === actor.id) throw new AppError(403, 'app.seats.errors.ownRequest');
  return row;
}

export interface SeatDecision {
  id: number;
  status: number;
  note?: string;
}

/** The region's step: its "no" ends the request, its "yes" passes it to the platform admin (409 when decided). */
export async function decideAtRegion(db: Database, actor: Actor, { id, status, note }: SeatDecision) {
  const before = await decidableRequest(db, actor, id);
  await db.transaction(async (tx) => {
    const row = await recordRegionDecision(tx, before.id, { status, by: actor.id, note: note ?? null });
    await writeLog(tx, {
      actorId: actor.id,
      action: status === SEAT_STATUS.approved ? 'region_approve' : 'region_decline',
      entity: 'seat_request',
      entityId: row.id,
      oldValue: { region_status: before.regionStatus },
      newValue: { region_status: status },
    });
  });
}

/**
 * The platform's step, after the region's (409 awaitingRegion before it, alreadyDecided after a decision);
 * an approval grows the school's quota under the same lock enrolments take.
 */
export async function decideAtPlatform(db: Database, actor: Actor, { id, status, note }: SeatDecision) {
  const before = await decidableRequest(db, actor, id);
  if (before.status === SEAT_STATUS.pending && before.regionStatus === SEAT_STATUS.pending)
    throw conflict('app.seats.errors.awaitingRegion');
  await db.transaction(async (tx) => {
    const row = await recordPlatformDecision(tx, before.id, { status, by: actor.id, note: note ?? null });
    if (status === SEAT_STATUS.approved) {
      const seats = await lockSeats(tx, row.schoolId);
      await setApprovedSeats(tx, row.schoolId, seats.approved + row.seats);
    }
    await writeLog(tx, {
      actorId: actor.id,
      action: status === SEAT_STATUS.approved ? 'admin_approve' : 'admin_decline',
      entity: 'seat_request',
      entityId: row.id,
      newValue: { status, seats: row.seats, school_id: row.schoolId },
    });
  });
}
