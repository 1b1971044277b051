import { count, sql } from 'drizzle-orm';
import type { Executor } from '../db/client';
import { scoringJobs } from '../db/schema';
import type { QueueCount } from '../services/metrics';

/** How many scoring jobs are in each state (pending, running, done, failed), for the metrics. */
export async function scoringJobCounts(db: Executor): Promise<QueueCount[]> {
  const rows = await db
    .select({ state: scoringJobs.status, count: count() })
    .from(scoringJobs)
    .groupBy(scoringJobs.status);
  return rows.map((r) => ({ queue: 'scoring', state: r.state, count: r.count }));
}

/** pg-boss's jobs (server/services/jobs.ts) by queue and state: created, retry, active, completed, failed. */
export async function backgroundJobCounts(db: Executor): Promise<QueueCount[]> {
  const result = await db.execute(sql`select name, state::text as state, count(*)::int as count
    from pgboss.job group by name, state order by name, state`);
  const rows = (result as unknown as { rows: { name: string; state: string; count: number }[] }).rows;
  return rows.map((r) => ({ queue: r.name, state: r.state, count: Number(r.count) }));
}

/** A row of the platform admin's list of jobs (docs/api/jobs.md "Failed and long jobs"). */
export interface WatchedJobRow {
  id: string;
  name: string;
  state: 'failed' | 'active';
  retryCount: number;
  retryLimit: number;
  createdOn: Date;
  startedOn: Date | null;
  completedOn: Date | null;
  durationSeconds: number | null;
  error: string | null;
}

const asDate = (v: unknown): Date | null => (v === null || v === undefined ? null : new Date(v as string));

/**
 * The jobs the platform admin watches, newest first, in one query with their count: the failed ones of the last
 * `failedDays` days (pg-boss keeps them that long), and those running for more than `longAfterSeconds`. Never the
 * job's data (a mail's address and text): only its queue, id, tries, times and the last error's message.
 */
export async function watchedJobs(
  db: Executor,
  options: { failedDays: number; longAfterSeconds: number; limit: number; offset: number },
): Promise<{ rows: WatchedJobRow[]; count: number }> {
  const result = await db.execute(sql`select id::text as id, name, state::text as state,
      retry_count, retry_limit, created_on, started_on, completed_on,
      extract(epoch from (case when state = 'active' then now() else completed_on end) - started_on)::float8
        as duration_seconds,
      case when state = 'failed' then left(output->>'message', 2000) end as error,
      count(*) over()::int as total
    from pgboss.job
    where (state = 'failed' and completed_on > now() - make_interval(days => ${options.failedDays}))
       or (state = 'active' and started_on < now() - make_interval(secs => ${options.longAfterSeconds}))
    order by coalesce(completed_on, started_on, created_on) desc, id
    limit ${options.limit} offset ${options.offset}`);
  const rows = (result as unknown as { rows: Record<string, unknown>[] }).rows;
  return {
    count: rows.length ? Number(rows[0].total) : 0,
    rows: rows.map((r) => ({
      id: String(r.id),
      name: String(r.name),
      state: r.state as WatchedJobRow['state'],
      retryCount: Number(r.retry_count),
      retryLimit: Number(r.retry_limit),
      createdOn: asDate(r.created_on)!,
      startedOn: asDate(r.started_on),
      completedOn: asDate(r.completed_on),
      durationSeconds: r.duration_seconds === null ? null : Math.max(0, Math.round(Number(r.duration_seconds))),
      error: (r.error as string | null) ?? null,
    })),
  };
}

/** The queue of a failed job the platform admin may retry, or null (no such job, or no longer failed). */
export async function failedJobQueue(db: Executor, id: string): Promise<string | null> {
  const result = await db.execute(sql`select name from pgboss.job where id = ${id}::uuid and state = 'failed'`);
  const rows = (result as unknown as { rows: { name: string }[] }).rows;
  return rows[0]?.name ?? null;
}
