import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { loadConfig } from '../../server/config';
import { openConfiguredDatabase } from '../../server/db/open';
import { databaseUrl } from './support/globalSetup.postgres';

/**
 * Several API processes started at once on a new PostgreSQL database (docs/DEPLOY.md "Several processes"): one
 * migrates and bootstraps under an advisory lock, the others wait and find nothing to do. Needs the real server.
 */
describe.runIf(process.env.TEST_DB === 'postgres')('starting several processes on a new database', () => {
  it('migrates and bootstraps it once, whichever starts first, with no error', async () => {
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    const name = `neomi_migrate_${process.pid}`;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    try {
      const config = loadConfig({ DATABASE_URL: databaseUrl(inject('postgresUrl'), name), LOG_LEVEL: 'silent' });
      const handles = await Promise.all([1, 2, 3, 4].map(() => openConfiguredDatabase(config)));
      const check = new pg.Client({ connectionString: databaseUrl(inject('postgresUrl'), name) });
      await check.connect();
      const roles = await check.query('select key, count(*)::int as n from roles group by key order by key');
      expect(roles.rows.length).toBeGreaterThan(4);
      expect(roles.rows.every((r) => r.n === 1)).toBe(true);
      await check.end();
      await Promise.all(handles.map((h) => h.close()));
    } finally {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  }, 120_000);
});
