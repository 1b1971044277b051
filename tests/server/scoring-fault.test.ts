import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../bench/serverProcess';
import { startApiProcess } from './support/serverScript';
import { DEMO_PASSWORD, demoAccount } from '../../server/seed/accounts';
import { databaseUrl } from './support/globalSetup.postgres';

/**
 * A rescoring job outlives the process working it (docs/DEPLOY.md "Background jobs"): an API process is killed
 * with SIGKILL in the middle of a job of a few thousand questions; another process, started afterwards on the
 * same PostgreSQL database, takes the step the dead one held once it expires and finishes the job from its
 * cursor, every question scored once. On the real PostgreSQL server only (two processes share one database).
 */
const QUESTIONS = 3000;
const onPostgres = process.env.TEST_DB === 'postgres';

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let dataDir: string;
let admin: pg.Client;
let db: pg.Client;
let env: Record<string, string>;
const processes: ChildProcess[] = [];
let dbName = '';

async function startProcess(): Promise<string> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  processes.push(await startApiProcess({ ...env, PORT: String(port) }, url, 240_000));
  return url;
}

const killed = (child: ChildProcess) =>
  new Promise<void>((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    child.once('exit', () => resolve());
    child.kill('SIGKILL');
  });

describe.runIf(onPostgres)('a process killed in the middle of a rescoring job', () => {
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neomi-scoring-fault-'));
    admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    dbName = `neomi_scoring_fault_${process.pid}`;
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName}`);
    env = {
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl(inject('postgresUrl'), dbName),
      NEOMI_DEMO: '1',
      LOG_LEVEL: 'warn',
      // a lost step is taken over within seconds here (in production: the queue's 120 s, maintenance every 60 s)
      JOB_POLL_SECONDS: '1',
      JOB_MAINTENANCE_SECONDS: '1',
      JOB_EXPIRE_SECONDS: '5',
    };
    db = new pg.Client({ connectionString: env.DATABASE_URL });
  }, 60_000);

  afterAll(async () => {
    await Promise.all(processes.map(killed));
    await db?.end().catch(() => {});
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.end();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('the job finishes on the other process, each question scored once', async () => {
    const first = await startProcess();
    await db.connect();
    // a few thousand more word questions in one of the demo's dictionaries: a job that lasts several seconds
    await db.query(
      `with added as (
         insert into exam_questions (exam_type, challenge, stage, kind, text, position)
         select 1, 1, 3, 'free_text', '{"en": "Another use?"}'::jsonb, 100 + n from generate_series(1, $1) n
         returning id)
       insert into question_category_sets (question_id, set_id)
       select added.id, (select min(id) from category_sets) from added`,
      [QUESTIONS],
    );
    const linked = Number((await db.query('select count(*) as n from question_category_sets')).rows[0].n);

    const login = await fetch(`${first}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: demoAccount('admin').email, password: DEMO_PASSWORD }),
    });
    const { access_token: token } = (await login.json()) as { access_token: string };
    const queued = await fetch(`${first}/api/scores/rescore`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: '{}',
    });
    expect(queued.status).toBe(202);
    const jobId = ((await queued.json()) as { job: { id: number } }).job.id;

    const jobRow = async () =>
      (
        await db.query<{ status: string; processed: number; total: number; cursor: number }>(
          'select status, processed, total, cursor from scoring_jobs where id = $1',
          [jobId],
        )
      ).rows[0];
    // SIGKILL once the job is under way: no shutdown of any kind, the step stays "active" in the queue
    let atKill = await jobRow();
    for (let i = 0; atKill.processed < 5; i += 1) {
      expect(i, 'the job did not start').toBeLessThan(1200);
      await sleep(50);
      atKill = await jobRow();
    }
    await killed(processes[0]);
    atKill = await jobRow();
    expect(atKill.status).toBe('running');
    expect(atKill.processed).toBeLessThan(linked);

    await startProcess();
    let end = await jobRow();
    for (let i = 0; end.status === 'running' || end.status === 'pending'; i += 1) {
      expect(i, `the job did not finish: ${JSON.stringify(end)}`).toBeLessThan(900);
      await sleep(200);
      end = await jobRow();
    }
    expect(end).toMatchObject({ status: 'done', total: linked, processed: linked });
    // the step the dead process held was tried again (pg-boss counts the retry of an expired step)
    const steps = await db.query<{ retry_count: number }>(
      `select retry_count from pgboss.job where name = 'score' and singleton_key = $1`,
      [`scoring-${jobId}`],
    );
    expect(steps.rows.some((s) => s.retry_count > 0)).toBe(true);
  }, 420_000);
});
