import { sql } from 'drizzle-orm';
import type { Executor } from '../db/client';

/** A key's count in its current window and the milliseconds until the window ends. */
export interface RateLimitCount {
  hits: number;
  ttlMs: number;
}

/**
 * Counts one hit of `key` in its window, atomically (one statement, so N
 * API servers counting at once never lose a hit): the first hit opens a
 * window of `windowMs` on the database's clock, later hits add to it, and
 * a hit after the window ended opens a new one.
 */
export async function hitRateLimit(db: Executor, key: string, windowMs: number): Promise<RateLimitCount> {
  const { rows } = await db.execute<{ hits: number; ttl_ms: number }>(sql`
    insert into rate_limits as r (key, hits, reset_at)
    values (${key}, 1, now() + make_interval(secs => ${windowMs}::double precision / 1000))
    on conflict (key) do update set
      hits = case when r.reset_at <= now() then 1 else r.hits + 1 end,
      reset_at = case when r.reset_at <= now() then excluded.reset_at else r.reset_at end
    returning r.hits, cast(ceil(extract(epoch from r.reset_at - now()) * 1000) as integer) as ttl_ms`);
  return { hits: Number(rows[0].hits), ttlMs: Math.max(0, Number(rows[0].ttl_ms)) };
}

/** The count of `key` in its current window, without counting (0 when none is open). */
export async function readRateLimit(db: Executor, key: string): Promise<RateLimitCount> {
  const { rows } = await db.execute<{ hits: number; ttl_ms: number }>(sql`
    select hits, cast(ceil(extract(epoch from reset_at - now()) * 1000) as integer) as ttl_ms
    from rate_limits where key = ${key} and reset_at > now()`);
  return rows.length ? { hits: Number(rows[0].hits), ttlMs: Number(rows[0].ttl_ms) } : { hits: 0, ttlMs: 0 };
}

/** Deletes the rows of windows that are over. */
export async function pruneRateLimits(db: Executor): Promise<void> {
  await db.execute(sql`delete from rate_limits where reset_at <= now()`);
}
