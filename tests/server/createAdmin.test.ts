import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { describe, expect, inject, it } from 'vitest';
import { databaseUrl } from './support/globalSetup.postgres';
import { openDatabase } from '../../server/db/client';
import { users } from '../../server/db/schema';
import { verifyPassword } from '../../server/services/passwords';
import { serverScript } from './support/serverScript';

const run = (args: string[], env: Record<string, string>, input: string) =>
  new Promise<{ code: number; stdout: string; stderr: string }>((resolve) => {
    const child = execFile(
      process.execPath,
      [...serverScript('createAdmin'), ...args],
      { env: { ...process.env, ...env }, timeout: 60_000 },
      (error, stdout, stderr) => {
        resolve({ code: error ? ((error as { code?: number }).code ?? 1) : 0, stdout, stderr });
      },
    );
    child.stdin!.end(input);
  });

/** An empty database of the project's kind: a folder for PGlite, a new database on the real server. */
async function emptyDatabase(dataDir: string) {
  if (process.env.TEST_DB !== 'postgres') {
    return { databaseUrl: '', open: () => openDatabase({ pgliteDir: path.join(dataDir, 'db') }), drop: async () => {} };
  }
  const name = `neomi_admin_${process.pid}`;
  const admin = new pg.Client({ connectionString: inject('postgresUrl') });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const url = databaseUrl(inject('postgresUrl'), name);
  return {
    databaseUrl: url,
    open: () => openDatabase({ databaseUrl: url }),
    drop: async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    },
  };
}

describe('npm run create-admin', () => {
  it('with demo data off there is no account until the first admin is created', async () => {
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'neomi-admin-'));
    const database = await emptyDatabase(dataDir);
    const env = {
      DATA_DIR: dataDir,
      NEOMI_DEMO: '0',
      PUBLIC_URL: 'https://academy.example.org',
      DATABASE_URL: database.databaseUrl,
    };
    const short = await run(['first@example.org'], env, 'short\n');
    expect(short.code).not.toBe(0);
    expect(short.stderr).toContain('at least 8 characters');
    const noEmail = await run(['not-an-email'], env, 'long-enough-password\n');
    expect(noEmail.code).toBe(2);

    const made = await run(['first@example.org'], env, 'long-enough-password\n');
    expect(made.stdout).toContain('Admin first@example.org created');
    const again = await run(['FIRST@example.org'], env, 'long-enough-password\n');
    expect(again.stderr).toContain('already registered');

    const handle = await database.open();
    const rows = await handle.db.select().from(users);
    await handle.close();
    await database.drop();
    expect(rows.map((r) => r.email)).toEqual(['first@example.org']);
    expect(await verifyPassword(rows[0].passwordHash, 'long-enough-password')).toBe(true);
    await fs.rm(dataDir, { recursive: true, force: true });
  }, 120_000);
});
