import { count } from 'drizzle-orm';
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
