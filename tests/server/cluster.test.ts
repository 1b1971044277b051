import fs from 'node:fs';
import path from 'node:path';
import type pg from 'pg';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { UPLOAD_LIMIT_BYTES } from '../../domain/codes';
import { ROLE } from '../../domain/permissions';
import { DEMO_PASSWORD, type DemoRole, demoAccount } from '../../server/seed/accounts';
import { type Cluster, type ClusterApi, startCluster } from './support/cluster';
import { stageFormData } from './support/exams';
import type { TestS3 } from './support/s3';

/**
 * Several API processes behind nginx (docs/DEPLOY.md "Several processes"): two processes of server/main.ts on one
 * real PostgreSQL server, their files in one S3 bucket (s3rver), each with a data folder of its own and
 * TRUST_PROXY=1, and Debian's nginx in front on 127.0.0.1 with the shipped deploy/nginx.conf (included as it is;
 * the test writes only the two site files it includes, neomi/upstream.conf and neomi/server.conf, with its own
 * ports and paths: tests/server/support/cluster.ts and bench/nginx.ts). Directly per process and through nginx: a
 * drawing stored through one is served by the other, a token issued by one works on the other, a login limit
 * reached through one holds on the other, and each is ready; last, with one process killed, nginx passes the
 * requests it sent there on to the other. Which process served a request through nginx is read from nginx's access
 * log (the shipped log format names the upstream). server-pg only: it needs the PostgreSQL server.
 */
// three failures from one address close logins from it (server/services/loginThrottle.ts)
const LIMITS = {
  LOGIN_MAX_FAILURES_PER_ADDRESS: '3',
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '50',
  LOGIN_CHALLENGE_AFTER_FAILURES: '50',
};

describe.runIf(process.env.TEST_DB === 'postgres')('two API processes behind nginx (PostgreSQL, S3)', () => {
  let cluster: Cluster;
  let apis: ClusterApi[] = [];
  let [A, B] = apis;
  let s3: TestS3 | undefined;
  let bucket = '';
  let front = '';
  let app: pg.Client | undefined;

  beforeAll(async () => {
    cluster = await startCluster({ adminUrl: inject('postgresUrl'), names: ['A', 'B'], env: LIMITS });
    ({ apis, s3, bucket, front, db: app } = cluster);
    [A, B] = apis;
  }, 300_000);

  afterAll(async () => {
    await cluster?.stop();
  }, 60_000);

  /** The upstream (`127.0.0.1:port`) that served each request through nginx so far, in order, with its status. */
  const served = () => cluster.served();
  const nameOf = (upstream: string) => cluster.nameOf(upstream);

  const call = (base: string, token: string, pathname: string, init: RequestInit = {}) =>
    fetch(`${base}/api${pathname}`, {
      ...init,
      headers: {
        authorization: `Bearer ${token}`,
        ...(init.body instanceof FormData ? {} : { 'content-type': 'application/json' }),
        ...(init.headers as Record<string, string>),
      },
    });
  const login = async (base: string, email: string, password: string, forwardedFor?: string) =>
    fetch(`${base}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(forwardedFor ? { 'x-forwarded-for': forwardedFor } : {}) },
      body: JSON.stringify({ email, password }),
    });
  const tokenFrom = async (base: string, role: DemoRole) => {
    const res = await login(base, demoAccount(role).email, DEMO_PASSWORD);
    expect(res.status).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  };

  it('each process and nginx answer /api/ready: the database and the bucket are reachable', async () => {
    for (const base of [A.url, B.url, front]) {
      const res = await fetch(`${base}/api/ready`);
      expect(res.status).toBe(200);
      expect(await res.json()).toEqual({ status: 'ready', checks: { database: true, storage: true } });
    }
    // /metrics counts one process: nginx does not pass it on
    expect((await fetch(`${front}/metrics`)).status).toBe(404);
  });

  it('a token issued by one process works on the other, directly and through nginx', async () => {
    const fromA = await tokenFrom(A.url, ROLE.teacher);
    const me = await call(B.url, fromA, '/me');
    expect(me.status).toBe(200);
    expect(((await me.json()) as { user: { email: string } }).user.email).toBe(demoAccount(ROLE.teacher).email);
    const fromB = await tokenFrom(B.url, ROLE.schoolAdmin);
    expect((await call(A.url, fromB, '/me')).status).toBe(200);
    // a token no process issued works on none
    for (const api of apis) expect((await call(api.url, `${fromA}x`, '/me')).status).toBe(401);

    const before = served().length;
    const fromFront = await tokenFrom(front, ROLE.teacher);
    for (let i = 0; i < 4; i++) expect((await call(front, fromFront, '/me')).status).toBe(200);
    const log = served().slice(before);
    const loginBy = nameOf(log[0].upstream);
    expect(log[0].request).toMatch(/^POST \/api\/login /);
    // the calls after the login went to both processes, so to the one that did not issue the token as well
    const meBy = new Set(log.slice(1).map((entry) => nameOf(entry.upstream)));
    expect(meBy).toEqual(new Set(['A', 'B']));
    expect(loginBy).toBeDefined();
  });

  it('a drawing stored through one process is served by the other, from the bucket', async () => {
    const token = await tokenFrom(A.url, ROLE.student);
    const { students } = (await (await call(A.url, token, '/answers/get/mobile/exam/groups/user')).json()) as {
      students: { id: number; name: string }[];
    };
    const laila = students.find((s) => s.name === 'Laila')!.id;
    const { questions } = (await (await call(A.url, token, '/questions?exam_type=1&challenge=1')).json()) as {
      questions: Record<string, { id: number; kind: string; options: { key: string }[] }[]>;
    };
    const colours = ['#d64545', '#2f80ed'];
    const images = await Promise.all(
      colours.map((background) =>
        sharp({ create: { width: 200, height: 150, channels: 3, background } })
          .png()
          .toBuffer(),
      ),
    );
    const send = (base: string, stage: number) => {
      const form = stageFormData(
        stage,
        questions[stage],
        { studentId: laila, submissionKey: `cluster-stage-${stage}-key` },
        images[stage - 1],
      );
      return call(base, token, stage === 1 ? '/answers/add' : '/answers/add/second', { method: 'POST', body: form });
    };
    const imageOf = async (base: string, stage: number) => {
      const answers = (await (
        await call(base, token, '/getAnswers', {
          method: 'POST',
          body: JSON.stringify({ student_id: laila, exam_type: 1, challenge: 1 }),
        })
      ).json()) as { exams: { stages: { stage: number; image: { url: string } }[] }[] };
      return answers.exams[0].stages.find((s) => s.stage === stage)!.image.url;
    };
    /** red drawing (stage 1) or blue drawing (stage 2), as read back */
    const expectPicture = async (res: Response, stage: number) => {
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^image\//);
      const [r, , b] = (await sharp(Buffer.from(await res.arrayBuffer())).stats()).channels.map((c) => c.mean);
      expect(stage === 1 ? r > b : b > r).toBe(true);
    };

    // directly: stored through A, read through B
    expect((await send(A.url, 1)).status).toBe(201);
    const first = await imageOf(B.url, 1);
    await expectPicture(await fetch(`${B.url}${first}`, { headers: { authorization: `Bearer ${token}` } }), 1);
    // without the token, B refuses it like A would
    expect((await fetch(`${B.url}${first}`)).status).toBe(401);

    // through nginx: stored by whichever process took the upload, read back by both
    const before = served().length;
    expect((await send(front, 2)).status).toBe(201);
    const second = await imageOf(front, 2);
    for (let i = 0; i < 4; i++) {
      await expectPicture(await fetch(`${front}${second}`, { headers: { authorization: `Bearer ${token}` } }), 2);
    }
    const log = served().slice(before);
    const upload = log.find((entry) => entry.request.startsWith('POST /api/answers/add/second '))!;
    expect(upload.status).toBe(201);
    const reads = log.filter((entry) => entry.request.startsWith(`GET ${second} `));
    expect(reads.map((entry) => entry.status)).toEqual([200, 200, 200, 200]);
    const other = apis.find((api) => api.name !== nameOf(upload.upstream))!.name;
    expect(reads.some((entry) => nameOf(entry.upstream) === other)).toBe(true);

    // the files are in the bucket, and in neither process's folder
    // (the two drawings, each with its thumbnail)
    const keys = await s3!.keys(bucket, 'exams/');
    expect(keys.filter((key) => !key.startsWith('exams/thumbs/'))).toHaveLength(2);
    for (const api of apis) expect(fs.existsSync(path.join(api.dataDir, 'uploads'))).toBe(false);

    // a file past UPLOAD_LIMIT_BYTES goes through nginx to the API, which refuses it with its own translated 413
    const tooLarge = new FormData();
    for (const [k, v] of Object.entries({ student_id: laila, exam_type: 1, challenge: 1, stage: 3 }))
      tooLarge.append(k, String(v));
    tooLarge.append('submission_key', 'cluster-stage-3-key');
    tooLarge.append('img', new Blob([Buffer.alloc(UPLOAD_LIMIT_BYTES + 1024)], { type: 'image/png' }), 'big.png');
    const refused = await call(front, token, '/answers/add/second', { method: 'POST', body: tooLarge });
    expect(refused.status).toBe(413);
    expect(((await refused.json()) as { key: string }).key).toBe('app.errors.payloadTooLarge');
  }, 120_000);

  it('a login limit reached through one process holds on the other, directly and through nginx', async () => {
    let n = 0;
    const fail = (base: string, forwardedFor?: string) =>
      login(base, `nobody${++n}@cluster.test`, 'wrong-password', forwardedFor);

    // directly, as from a proxy naming the client 198.51.100.7: three failures on A close B to that client
    for (let i = 0; i < 3; i++) expect((await fail(A.url, '198.51.100.7')).status).toBe(401);
    const closed = await fail(B.url, '198.51.100.7');
    expect(closed.status).toBe(429);
    expect(((await closed.json()) as { key: string }).key).toBe('app.errors.tooManyAttempts');
    expect(closed.headers.get('retry-after')).toBeTruthy();
    // another client is not held back, on either process
    expect((await fail(B.url, '198.51.100.8')).status).toBe(401);

    // through nginx: the client (127.0.0.1) writes a new X-Forwarded-For each time; nginx replaces it with the
    // client's own address, so the three failures count for 127.0.0.1, wherever nginx sent them
    const before = served().length;
    for (let i = 1; i <= 3; i++) expect((await fail(front, `203.0.113.${i}`)).status).toBe(401);
    expect((await fail(front, '203.0.113.99')).status).toBe(429);
    const log = served().slice(before);
    expect(new Set(log.slice(0, 3).map((entry) => nameOf(entry.upstream)))).toEqual(new Set(['A', 'B']));
    // and it holds on each process, reached directly
    for (const api of apis) expect((await fail(api.url, '127.0.0.1')).status).toBe(429);
    const { rows } = await app!.query<{ ip: string }>(
      `select distinct ip from login_attempts where email like '%@cluster.test' order by ip`,
    );
    expect(rows.map((r) => r.ip)).toEqual(['127.0.0.1', '198.51.100.7', '198.51.100.8']);
  }, 60_000);

  // last: it kills a process
  it('when a process is gone, nginx sends its share of the requests to the other one', async () => {
    // (127.0.0.1 is closed to logins by the test above: this login names another client)
    const signedIn = await login(A.url, demoAccount(ROLE.teacher).email, DEMO_PASSWORD, '198.51.100.20');
    const token = ((await signedIn.json()) as { access_token: string }).access_token;
    await cluster.kill(B);
    const before = served().length;
    for (let i = 0; i < 6; i++) expect((await call(front, token, '/me')).status).toBe(200);
    const log = served().slice(before);
    // a request nginx first tried on B (connection refused: 502) was passed on to A (200)
    expect(log.some((entry) => entry.upstream === `127.0.0.1:${B.port}, 127.0.0.1:${A.port}`)).toBe(true);
    expect(log.every((entry) => entry.upstream.endsWith(`127.0.0.1:${A.port}`))).toBe(true);
  }, 60_000);
});
