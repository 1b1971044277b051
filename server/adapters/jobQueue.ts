import PgBoss from 'pg-boss';
import type pg from 'pg';
import type { PGlite } from '@electric-sql/pglite';
import type { Database } from '../db/client';

/**
 * pg-boss on the app's own database (docs/DEPLOY.md "Background jobs"): its tables live in the schema `pgboss` of
 * the same PostgreSQL server, or of the embedded PGlite database for `npm start`. Jobs survive a restart and a
 * killed process (an active job whose process died is given to another after its expiry), and failed jobs are
 * retried with backoff.
 */

type SqlResult = { rows: unknown[]; rowCount: number };

const isPglite = (client: unknown): client is PGlite =>
  typeof (client as PGlite).exec === 'function' && typeof (client as PGlite).query === 'function';

/** pg-boss's one need of a database: run SQL, several statements when there are no parameters (its migrations). */
export function sqlExecutorOf(db: Database): PgBoss.Db {
  // looked up at the first query: an app built for its OpenAPI document alone has no database (and runs no job)
  const client = () => (db as unknown as { $client: unknown }).$client;
  return {
    async executeSql(text: string, values: unknown[] = []): Promise<SqlResult> {
      const target = client();
      if (!isPglite(target)) {
        const result = await (target as pg.Pool).query(text, values);
        return { rows: result.rows, rowCount: result.rowCount ?? 0 };
      }
      if (!values.length) {
        const results = await target.exec(text);
        const last = results[results.length - 1];
        return { rows: last?.rows ?? [], rowCount: last?.affectedRows ?? 0 };
      }
      const result = await target.query(text, values);
      return { rows: result.rows, rowCount: result.affectedRows ?? result.rows.length };
    },
  };
}

export interface JobQueueOptions {
  /** seconds between a worker's looks for new jobs */
  pollingIntervalSeconds: number;
  /** seconds between pg-boss's maintenance runs (expiring the jobs of dead processes, archiving) */
  maintenanceIntervalSeconds: number;
}

/** A pg-boss instance on the app's database; start() creates or updates its schema. */
export function createJobQueue(db: Database, options: JobQueueOptions): PgBoss {
  return new PgBoss({
    db: sqlExecutorOf(db),
    schema: 'pgboss',
    // cron schedules (the nightly guest retention, server/services/jobs.ts): pg-boss checks them every 30 s
    schedule: true,
    maintenanceIntervalSeconds: options.maintenanceIntervalSeconds,
    // completed jobs leave the table after a day, failed ones stay a week for the platform admin to see
    archiveCompletedAfterSeconds: 24 * 3600,
    archiveFailedAfterSeconds: 7 * 24 * 3600,
    deleteAfterDays: 7,
  });
}
