import { migrateDatabase, type DatabaseHandle } from '../../../server/db/client';
import { seedBase } from '../../../server/db/bootstrap';
import { seedDemo } from '../../../server/seed/demo';

/** The database every test file starts from: migrated, with base and demo data. */
export async function prepareTemplate(handle: DatabaseHandle) {
  await migrateDatabase(handle);
  await seedBase(handle.db);
  await seedDemo(handle.db);
}
