/**
 * `npm run seed:large`: the configured database (DATABASE_URL, or PGlite
 * under DATA_DIR) migrated, with the base and demo data, then the large
 * benchmark data of server/seed/large.ts (100,000 learners, 500,000
 * activities). A second run changes nothing.
 */
import { loadConfig } from '../config';
import { openConfiguredDatabase } from '../db/open';
import { seedDemo } from '../seed/demo';
import { LARGE, seedLarge } from '../seed/large';

async function main() {
  const config = loadConfig();
  const database = await openConfiguredDatabase(config);
  try {
    await seedDemo(database.db);
    const started = Date.now();
    process.stdout.write(
      `seed:large on ${database.kind === 'postgres' ? 'PostgreSQL' : `PGlite in ${config.dataDir}`}\n`,
    );
    const made = await seedLarge(database.db, (line) => process.stdout.write(`${line}\n`));
    process.stdout.write(
      made
        ? `done in ${((Date.now() - started) / 1000).toFixed(1)} s: ${LARGE.learners} learners, ${LARGE.families} families, ${LARGE.groups} groups, ${LARGE.learners * LARGE.activitiesPerLearner} activities\n`
        : 'the large data is already there: nothing changed\n',
    );
  } finally {
    await database.close();
  }
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
