import { eq, sql } from 'drizzle-orm';
import pg from 'pg';
import { inject } from 'vitest';
import { children, schoolQuotas, schools } from '../../../server/db/schema';
import { databaseUrl } from './globalSetup.postgres';
import type { TestApp } from './testApp';

/**
 * The seat setup of tests/server/seats.test.ts and seat-rule.test.ts: a demo
 * school's id, its learners, its approved seats, and a burst of requests
 * that really race for the school's seat lock (server/services/seats.ts).
 */

/** The id of a demo school, by its name. */
export async function schoolIdOf(t: TestApp, name: string): Promise<number> {
  const [row] = await t.db.select({ id: schools.id }).from(schools).where(eq(schools.name, name));
  return row.id;
}

/** The learners of a school. */
export async function studentsAt(t: TestApp, schoolId: number): Promise<number> {
  const [row] = await t.db
    .select({ n: sql<number>`cast(count(*) as integer)` })
    .from(children)
    .where(eq(children.schoolId, schoolId));
  return Number(row.n);
}

/** Leaves the school exactly `free` seats (its approved seats: the learners it has plus `free`); answers the learners it had. */
export async function leaveFree(t: TestApp, schoolId: number, free: number): Promise<number> {
  const used = await studentsAt(t, schoolId);
  await t.db
    .update(schoolQuotas)
    .set({ approvedSeats: used + free })
    .where(eq(schoolQuotas.schoolId, schoolId));
  return used;
}

/**
 * Runs `burst` (requests sent at once) so that they race for the school's seat
 * lock. On PostgreSQL another connection holds the quota row first, so every
 * request's transaction is open at the same time and queued on the lock (the
 * pool's real concurrency: its 10 connections); PGlite has one connection and
 * runs them one after another.
 */
export async function raceForSeats<T>(t: TestApp, schoolId: number, burst: () => Promise<T>): Promise<T> {
  if (t.kind !== 'postgres') return burst();
  const res = await t.db.execute(sql`select current_database() as name`);
  const url = databaseUrl(inject('postgresUrl'), (res as unknown as { rows: { name: string }[] }).rows[0].name);
  const holder = new pg.Client({ connectionString: url });
  await holder.connect();
  try {
    await holder.query('begin');
    await holder.query('select * from school_quotas where school_id = $1 for update', [schoolId]);
    const answers = burst();
    // wait until the pool's 10 connections all wait on the held row lock, then let them race
    // (asked on a third connection: activity statistics are a snapshot within the holder's transaction)
    const watcher = new pg.Client({ connectionString: url });
    await watcher.connect();
    try {
      await waitFor(
        async () =>
          (
            await watcher.query(
              "select count(*)::int as n from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'",
            )
          ).rows[0].n === 10,
      );
    } finally {
      await watcher.end();
    }
    await holder.query('commit');
    return await answers;
  } finally {
    await holder.end();
  }
}

async function waitFor(check: () => Promise<boolean>, ms = 20_000) {
  const deadline = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error('timed out waiting for the condition');
    await new Promise((r) => setTimeout(r, 20));
  }
}
