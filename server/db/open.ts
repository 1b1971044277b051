import path from 'node:path';
import type pg from 'pg';
import type { Config } from '../config';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './client';
import { bootstrapDatabase } from './bootstrap';

/** The advisory lock key under which one process at a time migrates and bootstraps a PostgreSQL database. */
export const MIGRATION_LOCK = 4_242_001;

/**
 * Opens the configured database (PGlite under DATA_DIR or DATABASE_URL), migrates and seeds the base data. On a
 * PostgreSQL server, several API processes may start at once (docs/DEPLOY.md "Several processes"): each waits for
 * the others' migration under one advisory lock, then finds nothing left to do.
 */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  const prepare = async () => {
    await migrateDatabase(handle);
    await bootstrapDatabase(handle.db);
  };
  if (handle.kind === 'pglite') {
    await prepare();
    return handle;
  }
  const lock = await (handle.db as unknown as { $client: pg.Pool }).$client.connect();
  try {
    await lock.query('select pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await prepare();
  } finally {
    await lock.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => {});
    lock.release();
  }
  return handle;
}
