import type { Transaction } from '../db/client';
import { children } from '../db/schema';
import { conflict } from '../errors';
import { lockSeats, type Seats } from '../repositories/schools';

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
