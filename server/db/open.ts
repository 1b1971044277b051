import path from 'node:path';
import type { Config } from '../config';
import { migrateDatabase, openDatabase, type DatabaseHandle } from './client';
import { bootstrapDatabase } from './bootstrap';

/** Opens the configured database (PGlite under DATA_DIR or DATABASE_URL), migrates and seeds the base data. */
export async function openConfiguredDatabase(config: Config): Promise<DatabaseHandle> {
  const handle = await openDatabase({ databaseUrl: config.databaseUrl, pgliteDir: path.join(config.dataDir, 'db') });
  await migrateDatabase(handle);
  await bootstrapDatabase(handle.db);
  return handle;
}
