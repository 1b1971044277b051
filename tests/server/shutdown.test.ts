import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ROLE } from '../../domain/permissions';
import { DEMO_PASSWORD, demoAccount } from '../../server/seed/accounts';
import { freePort } from '../../bench/serverProcess';
import { startApiProcess } from './support/serverScript';

/**
 * A process told to stop (SIGTERM, as systemd, Docker and Kubernetes do before they replace it) finishes the
 * requests it is serving, refuses new ones, and exits 0 (server/main.ts, close-with-grace; docs/DEPLOY.md
 * "Stopping a process"). The signal's handling does not depend on the database: run on PGlite only.
 */
const onPostgres = process.env.TEST_DB === 'postgres';

let child: ChildProcess | undefined;
let dataDir: string | undefined;
afterAll(() => {
  if (child && child.exitCode === null) child.kill('SIGKILL');
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** A sign-in whose body is sent in two halves: the request is in flight between them. */
function signInInTwoHalves(port: number) {
  const body = Buffer.from(JSON.stringify({ email: demoAccount(ROLE.student).email, password: DEMO_PASSWORD }));
  let sendRest = () => {};
  const answer = new Promise<{ status: number; body: string; connection?: string }>((resolve, reject) => {
    const request = http.request(
      {
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/login',
        headers: { 'content-type': 'application/json', 'content-length': body.length },
      },
      (response) => {
        let text = '';
        response.on('data', (c) => (text += c));
        response.on('end', () =>
          resolve({ status: response.statusCode ?? 0, body: text, connection: response.headers.connection }),
        );
      },
    );
    request.on('error', reject);
    request.write(body.subarray(0, 10));
    sendRest = () => request.end(body.subarray(10));
  });
  return { answer, sendRest: () => sendRest() };
}

describe.skipIf(onPostgres)('stopping a process with SIGTERM', () => {
  it('finishes the request in flight, takes no new connection, and exits 0', async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neomi-shutdown-'));
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    child = await startApiProcess(
      { HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, NEOMI_DEMO: '1', LOG_LEVEL: 'warn' },
      url,
    );
    const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));

    const inFlight = signInInTwoHalves(port);
    // the server has the request's first half when the signal comes
    await new Promise((r) => setTimeout(r, 300));
    child.kill('SIGTERM');
    await new Promise((r) => setTimeout(r, 500));
    expect(child.exitCode, 'the process left with a request in flight').toBeNull();

    // a new connection is no longer taken
    await expect(fetch(`${url}/api/health`)).rejects.toThrow();

    inFlight.sendRest();
    const answer = await inFlight.answer;
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body).access_token).toMatch(/^[\w-]{32,}$/);
    // and its connection is closed with it: a client or proxy that keeps connections open (nginx does) would
    // otherwise hold the process until the grace period ends
    expect(answer.connection).toBe('close');

    expect(await exited).toBe(0);
  }, 180_000);
});
