import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ROLE } from '../../domain/permissions';
import { DEMO_PASSWORD, demoAccount } from '../../server/seed/accounts';
import { databaseUrl } from './support/globalSetup.postgres';
import { stageFormData } from './support/exams';
import { serverScript } from './support/serverScript';

/**
 * Nothing a child gives may be lost: a real server process, killed with
 * SIGKILL (no shutdown of any kind) right after a stage was stored, then
 * after the next one; after each restart every submitted stage and its
 * image are there. On PGlite with its data folder on disk, and on the real
 * PostgreSQL server in the server-pg project.
 */
const ROOT = path.resolve(__dirname, '../..');
const onPostgres = process.env.TEST_DB === 'postgres';

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

let dataDir: string;
let port: number;
let url: string;
let env: Record<string, string>;
let child: ChildProcess | null = null;
let dropDatabase = async () => {};

async function startServer() {
  // one process (node itself, on the server built for the run), so SIGKILL reaches the server and leaves nothing behind
  child = spawn(process.execPath, serverScript('main'), {
    cwd: ROOT,
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (c) => (output += c));
  child.stderr?.on('data', (c) => (output += c));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server stopped:\n${output}`);
    try {
      if ((await fetch(`${url}/api/me`)).status === 401) return;
    } catch {
      // not yet listening
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function killServer() {
  const proc = child!;
  // the port is free once the process is gone: a restart cannot reach a survivor
  const exited = new Promise((r) => proc.once('exit', r));
  proc.kill('SIGKILL');
  await exited;
  child = null;
}

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neomi-crash-'));
  port = await freePort();
  url = `http://127.0.0.1:${port}`;
  env = { HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, NEOMI_DEMO: '1', LOG_LEVEL: 'warn' };
  if (onPostgres) {
    const admin = new pg.Client({ connectionString: inject('postgresUrl') });
    await admin.connect();
    const name = `neomi_crash_${process.pid}`;
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.query(`create database ${name}`);
    env.DATABASE_URL = databaseUrl(inject('postgresUrl'), name);
    dropDatabase = async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
}, 120_000);

afterAll(async () => {
  if (child) await killServer();
  await dropDatabase();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const call = async (token: string, pathname: string, init: RequestInit = {}) =>
  fetch(`${url}/api${pathname}`, {
    ...init,
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body instanceof FormData ? {} : { 'content-type': 'application/json' }),
    },
  });

describe(`a server killed between two stage submissions (${onPostgres ? 'PostgreSQL' : 'PGlite on disk'})`, () => {
  it('keeps every submitted stage and its image across SIGKILL and restart', async () => {
    await startServer();
    const login = (await (
      await fetch(`${url}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: demoAccount(ROLE.student).email, password: DEMO_PASSWORD }),
      })
    ).json()) as { access_token: string };
    const token = login.access_token;
    const { students } = (await (await call(token, '/answers/get/mobile/exam/groups/user')).json()) as {
      students: { id: number; name: string }[];
    };
    const laila = students.find((s) => s.name === 'Laila')!.id;
    const { questions } = (await (await call(token, '/questions?exam_type=1&challenge=1')).json()) as {
      questions: Record<string, { id: number; kind: string; options: { key: string }[] }[]>;
    };
    const images = await Promise.all(
      ['#d64545', '#2f80ed'].map((c) =>
        sharp({ create: { width: 200, height: 150, channels: 3, background: c } })
          .png()
          .toBuffer(),
      ),
    );

    const send = async (stage: number) => {
      const form = stageFormData(
        stage,
        questions[stage],
        { studentId: laila, submissionKey: `crash-stage-${stage}-key` },
        images[stage - 1],
      );
      return call(token, stage === 1 ? '/answers/add' : '/answers/add/second', { method: 'POST', body: form });
    };

    expect((await send(1)).status).toBe(201);
    await killServer();
    await startServer();
    const afterFirst = (await (
      await call(token, '/getAnswers', {
        method: 'POST',
        body: JSON.stringify({ student_id: laila, exam_type: 1, challenge: 1 }),
      })
    ).json()) as { exams: { stages: { stage: number; image: { url: string } }[] }[] };
    expect(afterFirst.exams[0].stages.map((s) => s.stage)).toEqual([1]);

    expect((await send(2)).status).toBe(201);
    await killServer();
    await startServer();
    const answers = (await (
      await call(token, '/getAnswers', {
        method: 'POST',
        body: JSON.stringify({ student_id: laila, exam_type: 1, challenge: 1 }),
      })
    ).json()) as {
      exams: {
        exam: { current_stage: number };
        stages: { stage: number; answers: unknown[]; image: { url: string } }[];
      }[];
    };
    const [exam] = answers.exams;
    expect(exam.exam.current_stage).toBe(3);
    expect(exam.stages.map((s) => [s.stage, s.answers.length])).toEqual([
      [1, 2],
      [2, 10],
    ]);
    for (const [i, s] of exam.stages.entries()) {
      const image = await fetch(`${url}${s.image.url}`, { headers: { authorization: `Bearer ${token}` } });
      expect(image.status).toBe(200);
      const stats = await sharp(Buffer.from(await image.arrayBuffer())).stats();
      // the picture is the one sent: red for stage 1, blue for stage 2
      const [r, , b] = stats.channels.map((c) => c.mean);
      expect(i === 0 ? r > b : b > r).toBe(true);
    }
    // a retry of a stage sent just before the crash is recognised, not stored twice
    const retry = await send(2);
    expect(retry.status).toBe(200);
    expect(((await retry.json()) as { replayed: boolean }).replayed).toBe(true);
  }, 240_000);
});
