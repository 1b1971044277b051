import {
  FAILED_JOBS_KEPT_DAYS,
  JOB_ERROR_MAX,
  LONG_RUNNING_JOB_SECONDS,
  type BackgroundJobOut,
} from '../../domain/schemas/jobs';
import type { Executor } from '../db/client';
import { notFound } from '../errors';
import { failedJobQueue, watchedJobs, type WatchedJobRow } from '../repositories/jobQueues';
import { JOB_NAMES, type JobName, type Jobs } from './jobs';

/**
 * The platform admin's view of the background jobs (docs/api/jobs.md "Failed and long jobs"): the failed ones, with
 * a retry, and those running long, with nothing to do to them (a job whose process died is given to another by
 * pg-boss once it expires).
 */

const ADDRESS = /[^\s@<>()[\]"',;:]+@[^\s@<>()[\]"',;:]+\.[^\s@<>()[\]"',;:]+/g;

/** An error's message as shown: one line, any mail address masked (a mail server names the address it refused). */
export const shownError = (message: string | null): string | null =>
  message === null ? null : message.replace(ADDRESS, '…@…').replace(/\s+/g, ' ').trim().slice(0, JOB_ERROR_MAX) || null;

const present = (r: WatchedJobRow): BackgroundJobOut => ({
  id: r.id,
  queue: r.name,
  state: r.state,
  tries: r.retryCount + 1,
  // a job given one more try by a retry, or tried again after its process died, may have passed its limit
  max_tries: Math.max(r.retryLimit, r.retryCount) + 1,
  created_at: r.createdOn.toISOString(),
  started_at: r.startedOn?.toISOString() ?? null,
  finished_at: r.state === 'failed' ? (r.completedOn?.toISOString() ?? null) : null,
  duration_seconds: r.durationSeconds,
  error: shownError(r.error),
});

export async function listWatchedJobs(db: Executor, page: { limit: number; offset: number }) {
  const { rows, count } = await watchedJobs(db, {
    failedDays: FAILED_JOBS_KEPT_DAYS,
    longAfterSeconds: LONG_RUNNING_JOB_SECONDS,
    ...page,
  });
  return {
    jobs: rows.map(present),
    count,
    long_running_after_seconds: LONG_RUNNING_JOB_SECONDS,
    failed_kept_days: FAILED_JOBS_KEPT_DAYS,
  };
}

/** Sends a failed job again (one more try, at once); 404 when there is no failed job with that id. */
export async function retryFailedJob(db: Executor, jobs: Pick<Jobs, 'retry'>, id: string): Promise<void> {
  const queue = await failedJobQueue(db, id);
  if (!queue || !(JOB_NAMES as readonly string[]).includes(queue)) throw notFound();
  if (!(await jobs.retry(queue as JobName, id))) throw notFound();
}
