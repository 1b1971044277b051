import { migrateDatabase, type DatabaseHandle } from '../../../server/db/client';
import { bootstrapDatabase } from '../../../server/db/bootstrap';
import { seedDemo } from '../../../server/seed/demo';

/** The database every test file starts from: migrated, with base and demo data. */
export async function prepareTemplate(handle: DatabaseHandle) {
  await migrateDatabase(handle);
  await bootstrapDatabase(handle.db);
  await seedDemo(handle.db);
}
