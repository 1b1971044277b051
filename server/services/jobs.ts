import type PgBoss from 'pg-boss';
import type { TextLocale } from '../../domain/texts';
import type { Mail, Mailer } from '../adapters/mailer';

/**
 * The background jobs of every API process (docs/DEPLOY.md "Background jobs"), on pg-boss in the app's own
 * database: a job is a row, so it outlives the request and the process that queued it; any process's worker
 * takes it; a failed one is retried with backoff, then kept as failed for the platform admin.
 *
 * - `mail`: one mail to one address, delivered through SMTP (or the outbox folder). Every mail the product
 *   sends is queued here (the app's `mailer` queues; server/app.ts), so a mail server that is down delays mail
 *   instead of losing it.
 * - `password-reset`: the lookup of a reset request and its mail, off the request, so that a known and an
 *   unknown address take the same time to answer.
 * - `erase-files`: the stored files of a deleted learner or account (server/services/erasure.ts), by key;
 *   removing a missing file is no error, so a retried job is harmless.
 * - `score`: one step of a scoring job (server/services/scoringJobs.ts): a few seconds of work on the job's
 *   questions from its cursor, then the next step is queued. A step whose process died is taken over by
 *   another process once it expires, and goes on from the cursor.
 * - `guest-retention`: every night, the guests past the platform's retention period leave with their tests and
 *   files (server/services/guestRetention.ts). A cron schedule in the queue's tables: one process sends it.
 * - `export`: a large export asked for in the console (server/services/exportJobs.ts): the workbook written to the
 *   object store, its progress in `export_jobs`.
 * - `export-cleanup`: every hour, the exports past their day leave, file and row (server/services/exportJobs.ts).
 */
export interface JobData {
  mail: Mail;
  'password-reset': { email: string; locale: TextLocale };
  'erase-files': { keys: string[] };
  score: { scoringJobId: number };
  'guest-retention': Record<string, never>;
  export: { exportJobId: number };
  'export-cleanup': Record<string, never>;
}
export type JobName = keyof JobData;
export const JOB_NAMES = [
  'mail',
  'password-reset',
  'erase-files',
  'score',
  'guest-retention',
  'export',
  'export-cleanup',
] as const satisfies readonly JobName[];

/** Which try of its job a handler runs: the last one when `retryCount` has reached `retryLimit`. */
export interface JobAttempt {
  retryCount: number;
  retryLimit: number;
}

export type JobHandlers = { [K in JobName]: (data: JobData[K], attempt: JobAttempt) => Promise<void> };

/** How often a job is tried, and how long a try may last before another process may take it over. */
const QUEUE_POLICY = {
  mail: { retryLimit: 8, retryDelay: 30, retryBackoff: true, expireInSeconds: 120 },
  'password-reset': { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 120 },
  'erase-files': { retryLimit: 10, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
  score: { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 120 },
  'guest-retention': { retryLimit: 5, retryDelay: 300, retryBackoff: true, expireInSeconds: 1800 },
  export: { retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 900 },
  'export-cleanup': { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 600 },
} satisfies Record<JobName, PgBoss.RetryOptions & PgBoss.ExpirationOptions>;

/**
 * A queue's policy (pg-boss): `score` is "stately", one waiting and one running job per key at most, the key
 * being the scoring job's id: a step and the next one it queues never run side by side.
 */
const QUEUE_KIND: Partial<Record<JobName, PgBoss.Queue['policy']>> = {
  score: 'stately',
  'guest-retention': 'singleton',
  'export-cleanup': 'singleton',
};

/** Queues sent by the clock (cron, UTC): pg-boss sends each once per time, whatever the number of processes. */
const QUEUE_SCHEDULE: Partial<Record<JobName, string>> = {
  'guest-retention': '30 2 * * *',
  'export-cleanup': '15 * * * *',
};

export interface SendOptions {
  /** jobs with the same key are one job while waiting (and, for `score`, while running) */
  singletonKey?: string;
  /** higher first */
  priority?: number;
}

export interface JobLog {
  info(obj: object, msg: string): void;
  error(obj: object, msg: string): void;
}

export interface Jobs {
  send<K extends JobName>(name: K, data: JobData[K], options?: SendOptions): Promise<void>;
  /** Runs every waiting job of every queue in this process until none waits or runs (tests, `npm run` scripts). */
  drain(): Promise<void>;
  /**
   * Sends a failed job again (pg-boss `retry`: one more try, at once); false when it is no longer a failed job of
   * that queue (docs/api/jobs.md).
   */
  retry(name: JobName, id: string): Promise<boolean>;
  start(): Promise<void>;
  /** Stops taking jobs and waits for the running ones (until `timeoutMs`), which are then handed back. */
  stop(timeoutMs: number): Promise<void>;
}

export interface JobsOptions {
  pollingIntervalSeconds: number;
  /** how long any try may last before another process may take it over, instead of each queue's own (tests) */
  expireInSeconds?: number;
}

/**
 * The queues this process works are those it has handlers for (every queue in a server; `npm run rescore`
 * works `score` alone); it may send to any.
 */
export function createJobs(boss: PgBoss, handlers: Partial<JobHandlers>, log: JobLog, options: JobsOptions): Jobs {
  const names = JOB_NAMES.filter((name) => handlers[name]);
  const policy = (name: JobName) => ({
    ...QUEUE_POLICY[name],
    ...(options.expireInSeconds ? { expireInSeconds: options.expireInSeconds } : {}),
  });
  const workerIds = new Map<JobName, string>();
  const run = async <K extends JobName>(name: K, job: PgBoss.JobWithMetadata<JobData[K]>) => {
    try {
      await handlers[name]!(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
    } catch (error) {
      log.error({ event: 'job.failed', queue: name, jobId: job.id, err: error }, 'background job failed');
      throw error;
    }
  };

  let started = false;
  return {
    async send(name, data, sendOptions = {}) {
      await boss.send(name, data as object, { ...policy(name), ...sendOptions });
      // a worker of this process looks at once rather than at its next poll
      const workerId = workerIds.get(name);
      if (workerId) boss.notifyWorker(workerId);
    },

    async drain() {
      for (let round = 0; round < 1000; round += 1) {
        let ran = 0;
        for (const name of names) {
          const fetched = await boss.fetch<JobData[typeof name]>(name, { batchSize: 10, includeMetadata: true });
          for (const job of fetched) {
            ran += 1;
            try {
              await run(name, job);
              await boss.complete(name, job.id);
            } catch (error) {
              await boss.fail(name, job.id, { message: (error as Error).message });
            }
          }
        }
        if (ran) continue;
        // a job a worker holds now (active), or one queued since this round's fetch (created, e.g. the mail a
        // running job has just queued): go on; a job waiting for its retry's time is not run early
        let busy = 0;
        for (const name of names)
          busy +=
            (await boss.getQueueSize(name, { before: 'completed' })) -
            (await boss.getQueueSize(name, { before: 'active' })) +
            (await boss.getQueueSize(name, { before: 'retry' }));
        if (!busy) return;
        await new Promise((r) => setTimeout(r, 50));
      }
    },

    async retry(name, id) {
      // pg-boss answers how many it changed, though its types say void
      const result = (await boss.retry(name, id)) as unknown as { affected: number };
      // pg-boss keeps the job's start time, which its last failure may have set to a backoff minutes ahead (a job
      // that has passed its limit: tried again after its process died): the admin's retry runs now
      if (result.affected)
        await boss
          .getDb()
          .executeSql(
            `update pgboss.job set start_after = now() where name = $1 and id = $2::uuid and state = 'retry'`,
            [name, id],
          );
      const workerId = workerIds.get(name);
      if (result.affected && workerId) boss.notifyWorker(workerId);
      return result.affected > 0;
    },

    async start() {
      await boss.start();
      started = true;
      for (const name of JOB_NAMES) await boss.createQueue(name, { name, policy: QUEUE_KIND[name], ...policy(name) });
      for (const name of names) {
        const workerId = await boss.work<JobData[typeof name]>(
          name,
          { pollingIntervalSeconds: options.pollingIntervalSeconds, batchSize: 1, includeMetadata: true },
          async ([job]) => run(name, job),
        );
        workerIds.set(name, workerId);
        const cron = QUEUE_SCHEDULE[name];
        if (cron) await boss.schedule(name, cron, {}, { tz: 'UTC' });
      }
    },

    async stop(timeoutMs) {
      if (!started) return;
      started = false;
      workerIds.clear();
      await boss.stop({ graceful: true, wait: true, timeout: Math.max(timeoutMs, 1) });
    },
  };
}

/** A mailer that queues: `send` stores the mail as a `mail` job and returns; a worker delivers it. */
export const queuedMailer = (jobs: Pick<Jobs, 'send'>): Mailer => ({ send: (mail) => jobs.send('mail', mail) });
