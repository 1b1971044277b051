import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../../../server/db/client';
import { prepareTemplate } from './template';

export const TEMPLATE_DB = 'neomi_test_template';

/**
 * A database of the test server; every session in UTC (as PGlite's always is, and as
 * scripts/with-postgres.sh starts its server), whatever the time zone of a server given by TEST_DATABASE_URL.
 */
export const databaseUrl = (base: string, name: string) => {
  const url = new URL(base);
  url.pathname = `/${name}`;
  url.searchParams.set('options', '-c TimeZone=UTC');
  return url.toString();
};

/** Creates a migrated, seeded template database on the real server; each test file clones it. */
export default async function setup(project: TestProject) {
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DATABASE_URL is not set: .ci/run starts a PostgreSQL server and sets it');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${TEMPLATE_DB} with (force)`);
  await admin.query(`create database ${TEMPLATE_DB}`);
  const handle = await openDatabase({ databaseUrl: databaseUrl(adminUrl, TEMPLATE_DB) });
  await prepareTemplate(handle);
  await handle.close();
  await admin.end();
  project.provide('postgresTemplate', TEMPLATE_DB);
  project.provide('postgresUrl', adminUrl);
}
