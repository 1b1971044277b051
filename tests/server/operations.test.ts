import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { children } from '../../server/db/schema';
import { bank, form, stageEntries } from './support/exams';
import { pngImage } from './support/files';
import { withApp } from './support/withApp';
import { enqueueScoring } from '../../server/services/scoringJobs';

/**
 * What an operator relies on (docs/DEPLOY.md "Operations"): the health calls, the Prometheus metrics behind
 * their token, and overload answered at once with 503 and Retry-After.
 */
const METRICS_TOKEN = 'metrics-token-for-the-tests-0123456789abcdef';

describe('health', () => {
  const t = withApp();

  it('GET /api/health and /api/ready answer anyone: alive, and the database and storage reachable', async () => {
    const health = await t.inject({ url: '/api/health' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: true, storage: true } });
    expect(ready.headers['cache-control']).toBe('no-store');
  });

  it('without METRICS_TOKEN there is no /metrics', async () => {
    expect((await t.inject({ url: '/metrics' })).statusCode).toBe(404);
  });
});

describe('ready when the storage cannot be written', () => {
  const t = withApp(async () => {
    // the uploads folder is a file: nothing can be stored under it
    const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'neomi-ready-'));
    await fs.writeFile(path.join(dataDir, 'uploads'), 'not a folder');
    return { env: { DATA_DIR: dataDir } };
  });

  it('GET /api/ready answers 503 and names the storage; /api/health still answers 200', async () => {
    const ready = await t.inject({ url: '/api/ready' });
    expect(ready.statusCode).toBe(503);
    expect(ready.json()).toEqual({ status: 'unavailable', checks: { database: true, storage: false } });
    expect((await t.inject({ url: '/api/health' })).statusCode).toBe(200);
  });
});

describe('metrics', () => {
  const t = withApp({ env: { METRICS_TOKEN } });
  const scrape = (authorization?: string) =>
    t.app.inject({ url: '/metrics', headers: authorization ? { authorization } : {} });

  it('are not public: without the bearer token, or with another, /metrics is a 404', async () => {
    expect((await scrape()).statusCode).toBe(404);
    expect((await scrape(`Bearer ${METRICS_TOKEN.replace('0', '1')}`)).statusCode).toBe(404);
    expect((await scrape(`Basic ${METRICS_TOKEN}`)).statusCode).toBe(404);
    // a signed-in admin's session is not the token either
    expect((await t.inject({ url: '/metrics', as: 'admin' })).statusCode).toBe(404);
  });

  it('count requests by route pattern, stage submissions and the scoring queue, in the Prometheus format', async () => {
    await t.inject({ url: '/api/health' });
    await t.inject({ url: '/api/users/show/999999', as: 'admin' });
    const laila = (await t.db.select({ id: children.id }).from(children).where(eq(children.name, 'Laila')))[0].id;
    const questions = await bank(t.app, await t.token('family'));
    const entries = stageEntries(1, questions[1], [
      ['student_id', String(laila)],
      ['exam_type', '1'],
      ['challenge', '1'],
    ]);
    const stage = form(entries, { name: 'img', filename: 'drawing.png', data: await pngImage(120, 90) });
    const send = () =>
      t.inject({
        method: 'POST',
        url: '/api/answers/add',
        payload: stage.body,
        headers: { ...stage.headers, 'idempotency-key': 'metrics-stage-1' },
        as: 'family',
      });
    expect(
      (
        await t.inject({
          method: 'POST',
          url: '/api/exam/start',
          payload: { student_id: laila, exam_type: 1, challenge: 1 },
          as: 'family',
        })
      ).statusCode,
    ).toBe(200);
    expect((await send()).statusCode).toBe(201);
    expect((await send()).statusCode).toBe(200); // the same stage sent again: stored once

    await enqueueScoring(t.db, { scope: 'all' });
    const res = await scrape(`Bearer ${METRICS_TOKEN}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    const text = res.body;
    expect(text).toMatch(
      /neomi_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status="200"\} [1-9]/,
    );
    // the pattern, never the id: one series per route however many ids are asked for
    expect(text).toMatch(/route="\/api\/users\/show\/:id",status="404"/);
    expect(text).not.toMatch(/route="[^"]*999999/);
    expect(text).toMatch(/neomi_stage_submissions_total\{outcome="stored"\} 1\b/);
    expect(text).toMatch(/neomi_stage_submissions_total\{outcome="resent"\} 1\b/);
    // the queue's depth is read from PostgreSQL at each scrape
    expect(text).toMatch(/neomi_job_queue_jobs\{queue="scoring",state="(pending|running|done)"\} [1-9]/);
    expect(text).toMatch(/process_cpu_seconds_total/);
  });
});

describe('overload', () => {
  // a short sample so that the test sees the busy interval; the limits as in production otherwise
  const t = withApp({ env: { OVERLOAD_SAMPLE_INTERVAL_MS: '20', OVERLOAD_MAX_EVENT_LOOP_UTILIZATION: '0.9' } });

  const busyFor = (ms: number) => {
    const end = Date.now() + ms;
    while (Date.now() < end) {
      // the event loop is held, as a burst of CPU-heavy work holds it
    }
  };
  const idleFor = (ms: number) => new Promise((r) => setTimeout(r, ms));

  it('an overloaded process answers 503 with Retry-After and a translated message at once; health still answers', async () => {
    // signed in before the burst, once the app is calm: its start (migrations, the job workers) on the embedded
    // database works on the event loop, so a sample taken then may already count as overload
    for (let round = 0; round < 100 && (await t.inject({ url: '/api/me' })).statusCode === 503; round += 1) {
      await idleFor(40);
    }
    await t.token('admin');
    let refused;
    // the sample that sees the busy time is taken on the first timer after it: a few rounds
    for (let round = 0; round < 20 && !refused; round += 1) {
      busyFor(120);
      await idleFor(1); // the overdue sample is taken before the request is read, as on a real server
      const res = await t.inject({ url: '/api/me', as: 'admin' });
      if (res.statusCode === 503) refused = res;
      else expect(res.statusCode).toBe(200);
      const health = await t.inject({ url: '/api/health' });
      expect(health.statusCode).toBe(200);
    }
    expect(refused, 'no 503 while the event loop was held').toBeDefined();
    expect(refused!.headers['retry-after']).toBe('5');
    expect(refused!.json()).toMatchObject({
      key: 'app.errors.busy',
      message: 'The server is busy: your work is kept, and it is sent again in a few seconds',
    });

    // once the burst is over, the same call is served again
    let served = false;
    for (let round = 0; round < 50 && !served; round += 1) {
      await idleFor(40);
      served = (await t.inject({ url: '/api/me', as: 'admin' })).statusCode === 200;
    }
    expect(served).toBe(true);
  });
});
