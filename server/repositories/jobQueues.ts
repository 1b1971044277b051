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
