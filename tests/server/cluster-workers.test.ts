import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { freePort } from '../../bench/serverProcess';
import { serverScript, startApiProcess } from './support/serverScript';
import { ROLE } from '../../domain/permissions';
import { workersFromEnv } from '../../server/cluster';
import { ConfigError } from '../../server/config';
import { DEMO_PASSWORD, demoAccount } from '../../server/seed/accounts';
import { databaseUrl } from './support/globalSetup.postgres';

/**
 * `WORKERS=N` (server/cluster.ts, docs/DEPLOY.md "Several processes on one machine"): server/main.ts as the primary
 * of two workers on one port, on a database of the real PostgreSQL server. New connections are answered by both
 * workers (each names itself in `X-Neomi-Worker`); a worker killed with SIGKILL is replaced by a new one; SIGTERM to
 * the primary lets the request in flight finish and ends with exit code 0. Without DATABASE_URL, WORKERS above 1
 * refuses to start. server-pg only.
 */
const ROOT = path.resolve(__dirname, '../..');

/** The pids of a process's children (Linux /proc). */
const childrenOf = (pid: number) =>
  fs.readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').split(' ').filter(Boolean).map(Number).sort();

/** GET on a new connection (no keep-alive: the primary hands each new connection to the next worker). */
const getOnNewConnection = (port: number, pathname: string) =>
  new Promise<{ status: number; worker: string | undefined }>((resolve, reject) => {
    const request = http.get({ host: '127.0.0.1', port, path: pathname, agent: false }, (response) => {
      response.resume();
      response.on('end', () =>
        resolve({ status: response.statusCode ?? 0, worker: response.headers['x-neomi-worker'] as string | undefined }),
      );
    });
    request.on('error', reject);
  });

/** The workers that answer `count` new connections. */
const answeringWorkers = async (port: number, count = 12) => {
  const workers = new Set<string>();
  for (let i = 0; i < count; i++) {
    const res = await getOnNewConnection(port, '/api/health');
    expect(res.status).toBe(200);
    workers.add(res.worker!);
  }
  return workers;
};

/** Runs server/main.ts with `env` until it exits; its exit code and what it wrote. */
const runToExit = (env: Record<string, string | undefined>) =>
  new Promise<{ code: number | null; output: string }>((resolve) => {
    const child = spawn(process.execPath, serverScript('main'), {
      cwd: ROOT,
      env: env as NodeJS.ProcessEnv,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout?.on('data', (c) => (output += c));
    child.stderr?.on('data', (c) => (output += c));
    // a server that does start (it should not) is stopped rather than left running after the test
    const timer = setTimeout(() => child.kill('SIGKILL'), 45_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, output });
    });
  });

describe.runIf(process.env.TEST_DB === 'postgres')('WORKERS=2: two worker processes on one port', () => {
  const dbName = `neomi_workers_${process.pid}`;
  let admin: pg.Client | undefined;
  let primary: ChildProcess | undefined;
  let dataDir = '';
  let port = 0;

  beforeAll(async () => {
    admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    await admin.query(`drop database if exists ${dbName} with (force)`);
    await admin.query(`create database ${dbName} template ${inject('postgresTemplate')}`);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neomi-workers-'));
    port = await freePort();
    primary = await startApiProcess(
      {
        HOST: '127.0.0.1',
        PORT: String(port),
        DATABASE_URL: databaseUrl(inject('postgresUrl'), dbName),
        DATA_DIR: dataDir,
        NEOMI_DEMO: '0',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'warn',
        WORKERS: '2',
      },
      `http://127.0.0.1:${port}`,
    );
    // the second worker starts once the first listens
    const deadline = Date.now() + 60_000;
    while (childrenOf(primary.pid!).length < 2 || (await answeringWorkers(port, 6)).size < 2) {
      if (Date.now() > deadline) throw new Error('the second worker did not start');
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 180_000);

  afterAll(async () => {
    if (primary && primary.exitCode === null && primary.signalCode === null) {
      for (const pid of childrenOf(primary.pid!)) process.kill(pid, 'SIGKILL');
      primary.kill('SIGKILL');
    }
    if (admin) {
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
    if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
  }, 60_000);

  it('two worker processes answer on the one port', async () => {
    const pids = childrenOf(primary!.pid!);
    expect(pids).toHaveLength(2);
    expect(pids).not.toContain(primary!.pid);
    expect(await answeringWorkers(port)).toEqual(new Set(['1', '2']));
  });

  it('a worker killed with SIGKILL is replaced by a new one', async () => {
    const [victim, survivor] = childrenOf(primary!.pid!);
    process.kill(victim, 'SIGKILL');
    const deadline = Date.now() + 60_000;
    let now = childrenOf(primary!.pid!);
    let workers = new Set<string>();
    while (now.length < 2 || now.includes(victim) || !workers.has('3')) {
      if (Date.now() > deadline) throw new Error(`no replacement: children ${now}, workers ${[...workers]}`);
      await new Promise((r) => setTimeout(r, 250));
      now = childrenOf(primary!.pid!);
      if (now.length === 2 && !now.includes(victim)) workers = await answeringWorkers(port);
    }
    // the survivor goes on; the new worker (number 3) takes the place of the dead one
    expect(now).toContain(survivor);
    expect(workers.size).toBe(2);
    expect(primary!.exitCode).toBeNull();
  }, 90_000);

  it('SIGTERM: the request in flight is answered, every worker stops, the primary exits 0', async () => {
    const body = Buffer.from(JSON.stringify({ email: demoAccount(ROLE.student).email, password: DEMO_PASSWORD }));
    // one connection, first used for a whole request: it is a worker's (not one the primary has yet to hand over)
    // when the sign-in's first half goes on it
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await new Promise<void>((resolve, reject) =>
      http
        .get({ host: '127.0.0.1', port, path: '/api/health', agent }, (response) => {
          response.resume();
          response.on('end', () => resolve());
        })
        .on('error', reject),
    );
    let sendRest = () => {};
    const answer = new Promise<{ status: number; body: string }>((resolve, reject) => {
      const request = http.request(
        {
          host: '127.0.0.1',
          port,
          method: 'POST',
          path: '/api/login',
          agent,
          headers: { 'content-type': 'application/json', 'content-length': body.length },
        },
        (response) => {
          let text = '';
          response.on('data', (c) => (text += c));
          response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
        },
      );
      request.on('error', reject);
      request.write(body.subarray(0, 10));
      sendRest = () => request.end(body.subarray(10));
    });
    const workers = childrenOf(primary!.pid!);
    const exited = new Promise<number | null>((resolve) => primary!.once('exit', (code) => resolve(code)));
    // a worker has the request's first half when the signal comes
    await new Promise((r) => setTimeout(r, 300));
    primary!.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    expect(primary!.exitCode, 'the primary left with a request in flight').toBeNull();
    sendRest();
    const answered = await answer;
    // the client lets its connection go (kept open, the worker would wait for it until SHUTDOWN_GRACE_MS)
    agent.destroy();
    expect(answered.status).toBe(200);
    expect(JSON.parse(answered.body).access_token).toMatch(/^[\w-]{32,}$/);
    expect(await exited).toBe(0);
    // no worker is left behind
    for (const pid of workers) expect(fs.existsSync(`/proc/${pid}`)).toBe(false);
  }, 90_000);
});

describe('WORKERS: settings that cannot work refuse to start', () => {
  const base = {
    ...process.env,
    HOST: '127.0.0.1',
    PORT: '0',
    LOG_LEVEL: 'warn',
    NEOMI_DEMO: '0',
    PUBLIC_URL: 'http://127.0.0.1',
  };

  it('WORKERS above 1 without DATABASE_URL: the embedded database is one process', async () => {
    const { code, output } = await runToExit({ ...base, DATABASE_URL: undefined, WORKERS: '2' });
    expect(code).toBe(1);
    expect(output).toContain('WORKERS: above 1 needs DATABASE_URL');
  }, 60_000);

  it('WORKERS that is not a whole number from 1 to 64', () => {
    for (const bad of ['two', '0', '65', '1.5', '-1']) {
      expect(() => workersFromEnv({ WORKERS: bad, DATABASE_URL: 'postgres://db/neomi' })).toThrow(
        `WORKERS: a whole number from 1 to 64 (API processes on this machine), not "${bad}"`,
      );
    }
    expect(() => workersFromEnv({ WORKERS: '3' })).toThrow(ConfigError);
    expect(workersFromEnv({})).toBe(1);
    expect(workersFromEnv({ WORKERS: '1' })).toBe(1);
    expect(workersFromEnv({ WORKERS: ' 4 ', DATABASE_URL: 'postgres://db/neomi' })).toBe(4);
  });
});
