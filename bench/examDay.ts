/**
 * Exam day (issues 7 and 23): N simulated takers, each sending the three stages
 * of the pre-test's first challenge with a photo as the exam page sends it (a camera picture scaled down on the
 * device to 1600 × 1200, about 0.3 MB; BENCH_EXAM_PHOTO=1900x1400 sends the earlier 1 MB one), through Debian's nginx
 * with the shipped deploy/nginx.conf (bench/nginx.ts) to one and then two real
 * server processes (server/main.ts) on a PostgreSQL server, side by side in one
 * run. Prints throughput, p50/p99 latency of the stage submissions, errors, and
 * the API processes' CPU per stage.
 *
 * Load model (README "Exam day"): the takers start spread over
 * BENCH_EXAM_START_S seconds and each waits BENCH_EXAM_THINK_S seconds
 * between stages: a class's 30-minute test (a stage every ten minutes or so,
 * the class starting within a few minutes) compressed about forty-fold.
 */
import crypto from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import sharp from 'sharp';
import { STAGE_IMAGE_MAX_SIDE } from '../domain/codes';
import type { ChildProcess } from 'node:child_process';
import { type Nginx, startNginx } from './nginx';
import { freePort, startServerProcess, stopServerProcess } from './serverProcess';

const START_S = Number(process.env.BENCH_EXAM_START_S ?? 30);
/** Optional scheduling priority of the server process (e.g. -10), to approximate a host of its own on a shared machine. */
const SERVER_NICE = process.env.BENCH_EXAM_NICE === undefined ? undefined : Number(process.env.BENCH_EXAM_NICE);
const THINK_S = Number(process.env.BENCH_EXAM_THINK_S ?? 15);
/** a stage answered 502 or more is sent again after Retry-After, or this long without one, at most MAX_TRIES times */
const RETRY_S = 8;
const MAX_TRIES = 10;
export const EXAM_DAY_TAKERS = (process.env.BENCH_EXAM_TAKERS ?? '100,500')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
/** the numbers of API processes behind nginx compared at each N */
export const EXAM_DAY_PROCESSES = (process.env.BENCH_EXAM_PROCESSES ?? '1,2')
  .split(',')
  .map(Number)
  .filter((n) => n > 0);

/**
 * A photo like a phone's picture of a paper drawing (a gradient with grain), `w` × `h` pixels, JPEG at quality 88:
 * just over 1 MB at the exam day's 1900 × 1400.
 */
export async function onePhoto(w = 1900, h = 1400): Promise<Buffer> {
  const raw = Buffer.alloc(w * h * 3);
  let seed = 7;
  const rand = () => (seed = (seed * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      const i = (y * w + x) * 3;
      const n = (rand() * 50) | 0;
      raw[i] = ((x / w) * 180 + n) & 255;
      raw[i + 1] = ((y / h) * 180 + n) & 255;
      raw[i + 2] = (140 + n) & 255;
    }
  }
  return sharp(raw, { raw: { width: w, height: h, channels: 3 } })
    .jpeg({ quality: 88 })
    .toBuffer();
}

/** A phone camera's 12-megapixel picture as the exam page sends it: scaled down on the device (photoForUpload). */
export async function photoAsSent(taken?: Buffer): Promise<Buffer> {
  return sharp(taken ?? (await onePhoto(4032, 3024)))
    .resize(STAGE_IMAGE_MAX_SIDE, STAGE_IMAGE_MAX_SIDE, { fit: 'inside' })
    .jpeg({ quality: 85 })
    .toBuffer();
}

/** N guest test-takers, each with a learner and a session, written straight to the database. */
export async function makeTakers(
  client: pg.Client,
  n: number,
  run: string,
): Promise<{ token: string; studentId: number }[]> {
  const takers: { token: string; studentId: number }[] = [];
  for (let i = 0; i < n; i++) {
    const user = await client.query<{ id: number }>(
      `insert into users (name, email, password_hash, type) values ($1, $2, '!guest', 3) returning id`,
      [`Taker ${run}-${i}`, `taker.${run}.${i}@bench.invalid`],
    );
    const child = await client.query<{ id: number }>(
      `insert into children (parent_id, name, language) values ($1, $2, 'ar') returning id`,
      [user.rows[0].id, `Taker ${i}`],
    );
    const token = crypto.randomBytes(32).toString('base64url');
    await client.query(
      `insert into access_tokens (user_id, token_hash, expires_at) values ($1, $2, now() + interval '1 day')`,
      [user.rows[0].id, crypto.createHash('sha256').update(token).digest('hex')],
    );
    takers.push({ token, studentId: child.rows[0].id });
  }
  return takers;
}

export type Bank = Record<string, { id: number; kind: string; options: { key: string }[] }[]>;

export function stageForm(stage: number, studentId: number, bank: Bank, photo: Buffer, key: string): FormData {
  const form = new FormData();
  for (const [k, v] of [
    ['student_id', studentId],
    ['exam_type', 1],
    ['challenge', 1],
    ['stage', stage],
    ['submission_key', key],
  ])
    form.append(String(k), String(v));
  bank[stage]
    .filter((q) => q.kind !== 'image_upload')
    .forEach((q, n) => {
      form.append(`items[${n}][question_id]`, String(q.id));
      if (q.options.length) form.append(`items[${n}][option]`, q.options[n % q.options.length].key);
      else form.append(`items[${n}][answer]`, `فكرة ${n + 1}`);
    });
  form.append('img', new Blob([new Uint8Array(photo)], { type: 'image/jpeg' }), 'photo.jpg');
  return form;
}

export const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;

export interface ExamDayResult {
  takers: number;
  /** API processes behind nginx */
  processes: number;
  requests: number;
  seconds: number;
  rps: number;
  p50: number;
  p99: number;
  max: number;
  errors: number;
  /** tries answered 503 (busy), 502 or not at all, and sent again with the same key */
  resent: number;
  /** the API processes' CPU time per stage submission (user + system, summed over the processes), ms */
  cpuPerStage: number;
  /** the machine's 1-minute load average at the end (other work on a shared machine) */
  load: number;
}

/** CPU time (user + system) a process has used so far, in ms (Linux /proc). */
export async function cpuMs(pid: number): Promise<number> {
  try {
    const fields = (await fs.readFile(`/proc/${pid}/stat`, 'utf8')).split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return Number.NaN;
  }
}

/** One exam day of N takers through nginx to `processes` fresh servers on a fresh database. */
async function examDay(adminUrl: string, n: number, processes: number, photo: Buffer): Promise<ExamDayResult> {
  const name = `neomi_examday_${n}_${processes}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${name} with (force)`);
  await admin.query(`create database ${name}`);
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${name}`;
  // one data folder for the processes: the local file driver serves several processes on one machine
  // (docs/DEPLOY.md "Files"), and no file store of another process takes a share of the cores
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'neomi-examday-'));
  const servers: ChildProcess[] = [];
  let nginx: Nginx | undefined;
  const stopAll = async () => {
    await nginx?.stop();
    for (const server of servers) await stopServerProcess(server);
  };
  const client = new pg.Client({ connectionString: dbUrl.toString() });
  let url: string;
  try {
    // one after the other: the first migrates and seeds, the next ones find it done
    const ports: number[] = [];
    for (let i = 0; i < processes; i++) {
      const port = await freePort();
      // BENCH_EXAM_PROFILE=<folder>: each server writes a V8 CPU profile there when it stops (Chrome's DevTools open it)
      servers.push(
        await startServerProcess(
          {
            HOST: '127.0.0.1',
            PORT: String(port),
            DATA_DIR: dataDir,
            DATABASE_URL: dbUrl.toString(),
            NEOMI_DEMO: '1',
            LOG_LEVEL: 'warn',
            TRUST_PROXY: '1',
          },
          `http://127.0.0.1:${port}`,
          process.env.BENCH_EXAM_PROFILE,
        ),
      );
      ports.push(port);
    }
    nginx = await startNginx({ upstreamPorts: ports });
    url = nginx.url;
    await client.connect();
  } catch (error) {
    await stopAll();
    throw error;
  }
  try {
    const takers = await makeTakers(client, n, String(n));
    const bank = (
      (await (
        await fetch(`${url}/api/questions?exam_type=1&challenge=1`, {
          headers: { authorization: `Bearer ${takers[0].token}` },
        })
      ).json()) as { questions: Bank }
    ).questions;
    if (SERVER_NICE !== undefined) for (const server of servers) os.setPriority(server.pid!, SERVER_NICE);
    const serversCpu = async () =>
      (await Promise.all(servers.map((server) => cpuMs(server.pid!)))).reduce((a, b) => a + b, 0);
    const cpuBefore = await serversCpu();
    const latencies: number[] = [];
    let errors = 0;
    const failures = new Map<string, number>();
    /** tries answered 502 or more (or not at all) and sent again, by answer */
    const resent = new Map<string, number>();
    const began = performance.now();
    await Promise.all(
      takers.map(async (taker, i) => {
        await new Promise((r) => setTimeout(r, (START_S * 1000 * i) / n));
        for (const stage of [1, 2, 3]) {
          if (stage > 1) await new Promise((r) => setTimeout(r, THINK_S * 1000));
          // as the exam's offline-safe client does (src/custom-pages/exam-taking/offlineQueue.ts): a stage not
          // answered, or answered 502 or more (503: the server is busy), is sent again with the same key after
          // Retry-After (the console tries every 8 s); the latency runs from the first try to the acknowledgement
          const key = crypto.randomBytes(12).toString('hex');
          const t0 = performance.now();
          for (let attempt = 1; ; attempt++) {
            let status = 0;
            let body: string;
            let retryAfter = 0;
            try {
              const res = await fetch(`${url}/api/${stage === 1 ? 'answers/add' : 'answers/add/second'}`, {
                method: 'POST',
                body: stageForm(stage, taker.studentId, bank, photo, key),
                headers: { authorization: `Bearer ${taker.token}` },
              });
              status = res.status;
              retryAfter = Number(res.headers.get('retry-after') ?? 0);
              body = await res.text();
            } catch (error) {
              body = String(error);
            }
            if (status === 201 || status === 200) break;
            const what = `${status} ${body.slice(0, 80)}`;
            if ((status === 0 || status >= 502) && attempt < MAX_TRIES) {
              resent.set(what, (resent.get(what) ?? 0) + 1);
              await new Promise((r) => setTimeout(r, (retryAfter || RETRY_S) * 1000));
              continue;
            }
            errors++;
            failures.set(what, (failures.get(what) ?? 0) + 1);
            break;
          }
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - began) / 1000;
    const cpu = (await serversCpu()) - cpuBefore;
    for (const [what, count] of failures) process.stderr.write(`  exam day: ${count} × ${what}\n`);
    for (const [what, count] of resent) process.stderr.write(`  exam day: ${count} × resent after ${what}\n`);
    // every 201 is a stage stored once (the demo's own stages are not counted)
    const stored = await client.query<{ n: number }>(`select cast(count(*) as integer) as n from exam_submissions s
      join exams e on e.id = s.exam_id join children c on c.id = e.child_id where c.name like 'Taker %'`);
    if (stored.rows[0].n !== n * 3 - errors) errors += Math.abs(stored.rows[0].n - (n * 3 - errors));
    latencies.sort((a, b) => a - b);
    return {
      takers: n,
      processes,
      requests: latencies.length,
      seconds,
      rps: latencies.length / seconds,
      p50: percentile(latencies, 50),
      p99: percentile(latencies, 99),
      max: latencies[latencies.length - 1],
      errors,
      resent: [...resent.values()].reduce((a, b) => a + b, 0),
      cpuPerStage: cpu / latencies.length,
      load: os.loadavg()[0],
    };
  } finally {
    await client.end();
    await stopAll();
    await admin.query(`drop database if exists ${name} with (force)`);
    await admin.end();
    await fs.rm(dataDir, { recursive: true, force: true });
  }
}

/** Runs the exam days and prints their table. */
export async function printExamDayBench(adminUrl: string | undefined): Promise<ExamDayResult[]> {
  if (!adminUrl) {
    process.stdout.write(
      '\nExam day: not measured (it runs against a real PostgreSQL server: `scripts/with-postgres.sh npm run bench`)\n',
    );
    return [];
  }
  // what the exam page sends since the device scales photos down (BENCH_EXAM_PHOTO=1900x1400: the earlier 1 MB photo)
  const size = process.env.BENCH_EXAM_PHOTO?.match(/^(\d+)x(\d+)$/);
  const photo = size ? await onePhoto(Number(size[1]), Number(size[2])) : await photoAsSent();
  process.stdout.write(
    `\nExam day: takers start over ${START_S} s, ${THINK_S} s between stages, 3 stages each with a ${(photo.length / 1e6).toFixed(2)} MB photo, through nginx (deploy/nginx.conf) to ${EXAM_DAY_PROCESSES.join(' and ')} API process(es) on PostgreSQL${SERVER_NICE === undefined ? '' : ` (servers at nice ${SERVER_NICE})`}, ${os.cpus().length} cores, load average ${os.loadavg()[0].toFixed(1)} at the start\n`,
  );
  const results: ExamDayResult[] = [];
  for (const n of EXAM_DAY_TAKERS) {
    for (const processes of EXAM_DAY_PROCESSES) {
      results.push(await examDay(adminUrl, n, processes, photo));
      process.stderr.write(`  exam day: ${n} takers, ${processes} process(es) done\n`);
    }
  }
  const table = (header: string[], rows: string[][]) => {
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((row) => row[i].length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
    return [line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') + '\n';
  };
  process.stdout.write(
    table(
      [
        'takers',
        'API processes',
        'stage submissions',
        'seconds',
        'stages/s',
        'p50 ms',
        'p99 ms',
        'max ms',
        'errors',
        'resent (503…)',
        'server CPU ms/stage',
        'load avg',
      ],
      results.map((r) =>
        [
          r.takers,
          r.processes,
          r.requests,
          r.seconds.toFixed(1),
          r.rps.toFixed(1),
          r.p50.toFixed(0),
          r.p99.toFixed(0),
          r.max.toFixed(0),
          r.errors,
          r.resent,
          r.cpuPerStage.toFixed(0),
          r.load.toFixed(1),
        ].map(String),
      ),
    ),
  );
  // side by side: each N's figures for every number of processes, in the order of EXAM_DAY_PROCESSES
  const sideBySide = (pick: (r: ExamDayResult) => string) => (n: number) =>
    EXAM_DAY_PROCESSES.map((p) => {
      const r = results.find((x) => x.takers === n && x.processes === p);
      return r ? pick(r) : '-';
    }).join(' / ');
  const per = `(${EXAM_DAY_PROCESSES.map((p) => `${p}p`).join(' / ')})`;
  process.stdout.write(
    '\n' +
      table(
        [
          'takers',
          `stages/s ${per}`,
          `p50 ms ${per}`,
          `p99 ms ${per}`,
          `errors ${per}`,
          `resent ${per}`,
          `CPU ms/stage ${per}`,
        ],
        EXAM_DAY_TAKERS.map((n) => [
          String(n),
          sideBySide((r) => r.rps.toFixed(1))(n),
          sideBySide((r) => r.p50.toFixed(0))(n),
          sideBySide((r) => r.p99.toFixed(0))(n),
          sideBySide((r) => String(r.errors))(n),
          sideBySide((r) => String(r.resent))(n),
          sideBySide((r) => r.cpuPerStage.toFixed(0))(n),
        ]),
      ),
  );
  return results;
}
