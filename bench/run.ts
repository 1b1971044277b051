/**
 * `npm run bench`: the scoring engine on 100,000 answers (bench/scoring.ts),
 * then throughput and latency of typical API calls, and on PostgreSQL the
 * same 100,000 answers scored and stored by the server (bench/storedScoring.ts), on embedded
 * PGlite and (when TEST_DATABASE_URL or BENCH_DATABASE_URL is set, e.g. through
 * `scripts/with-postgres.sh npm run bench`) on a real PostgreSQL server.
 * Each scenario runs RUNS times for SECONDS seconds against 127.0.0.1; the
 * medians are printed, and the ratio PostgreSQL / PGlite. On PostgreSQL, the
 * list calls on a 100,000-learner database beside their raw SQL follow
 * (bench/lists.ts). BENCH_ONLY=lists runs that part alone. Not a test:
 * nothing here passes or fails.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateDatabase, openDatabase, type DatabaseHandle } from '../server/db/client';
import { bootstrapDatabase } from '../server/db/bootstrap';
import { seedDemo } from '../server/seed/demo';
import { measureLists } from './lists';
import { printScoringBench } from './scoring';
import { benchStoredScoring, printStoredScoringBench } from './storedScoring';
import { printExamDayBench } from './examDay';
import { printReportsBench } from './reports';
import { printPhoneBench } from './phone';
import { printStageCpuBench } from './stageCpu';

const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];

interface Scenario {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
  auth: boolean;
  connections: number;
}
const SCENARIOS: Scenario[] = [
  { name: 'GET /api/me (token + roles)', method: 'GET', path: '/api/me', auth: true, connections: 10 },
  { name: 'GET /api/users/show/{id}', method: 'GET', path: '/api/users/show/5', auth: true, connections: 10 },
  {
    name: 'POST /api/users (page of 25, search)',
    method: 'POST',
    path: '/api/users',
    body: { limit: 25, search_text: 'demo', order_by: 'name', order_direction: 'asc' },
    auth: true,
    connections: 10,
  },
  {
    name: 'POST /api/login (argon2id)',
    method: 'POST',
    path: '/api/login',
    body: { email: 'family@demo.test', password: 'demo1234' },
    auth: false,
    connections: 4,
  },
];

async function openBenchDatabase(
  kind: 'pglite' | 'postgres',
  dir: string,
): Promise<DatabaseHandle & { drop(): Promise<void> }> {
  if (kind === 'pglite') {
    const handle = await openDatabase({ pgliteDir: path.join(dir, 'db') });
    return { ...handle, drop: async () => {} };
  }
  const adminUrl = (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL)!;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query('drop database if exists neomi_bench with (force)');
  await admin.query('create database neomi_bench');
  const url = new URL(adminUrl);
  url.pathname = '/neomi_bench';
  const handle = await openDatabase({ databaseUrl: url.toString() });
  return {
    ...handle,
    drop: async () => {
      await admin.query('drop database if exists neomi_bench with (force)');
      await admin.end();
    },
  };
}

async function measure(kind: 'pglite' | 'postgres') {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'neomi-bench-'));
  const handle = await openBenchDatabase(kind, dir);
  await migrateDatabase(handle);
  await bootstrapDatabase(handle.db);
  await seedDemo(handle.db);
  // a generous login limit: the benchmark signs in many times from one address
  const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000' });
  const app = await buildApp({ config, db: handle.db, logger: false });
  const address = await app.listen({ port: 0, host: '127.0.0.1' });
  const login = await fetch(`${address}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234' }),
  });
  const token = ((await login.json()) as { access_token: string }).access_token;
  const results: Record<string, { rps: number; p50: number; p99: number; errors: number }> = {};
  for (const s of SCENARIOS) {
    const runs = [];
    for (let i = 0; i < RUNS; i += 1) {
      const r = await autocannon({
        url: `${address}${s.path}`,
        method: s.method,
        duration: SECONDS,
        connections: s.connections,
        headers: { 'content-type': 'application/json', ...(s.auth ? { authorization: `Bearer ${token}` } : {}) },
        body: s.body ? JSON.stringify(s.body) : undefined,
      });
      runs.push(r);
    }
    results[s.name] = {
      rps: median(runs.map((r) => r.requests.average)),
      p50: median(runs.map((r) => r.latency.p50)),
      p99: median(runs.map((r) => r.latency.p99)),
      errors: runs.reduce((n, r) => n + r.errors + r.non2xx, 0),
    };
    process.stderr.write(`  ${kind}: ${s.name} done\n`);
  }
  // the stored-scores path on the real server (on PGlite too with BENCH_STORED_PGLITE=1)
  if (kind === 'postgres' || process.env.BENCH_STORED_PGLITE)
    printStoredScoringBench(kind, await benchStoredScoring(handle.db));
  await app.close();
  await handle.close();
  await handle.drop();
  await fs.rm(dir, { recursive: true, force: true });
  return results;
}

async function main() {
  const adminUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;
  // `npm run bench -- exam-day`: only the exam day (bench/examDay.ts)
  if (process.argv.includes('exam-day')) {
    await printExamDayBench(adminUrl);
    return;
  }
  // `npm run bench -- phone`: only Lighthouse's mobile profile on the pages phones open (bench/phone.ts)
  if (process.argv.includes('phone')) {
    await printPhoneBench();
    return;
  }
  // `npm run bench -- stage-cpu`: only the CPU time of a stage, photo as taken and scaled on the device
  if (process.argv.includes('stage-cpu')) {
    await printStageCpuBench(adminUrl);
    return;
  }
  // `npm run bench -- reports`: only the reports over 10,000 takers (bench/reports.ts)
  if (process.argv.includes('reports')) {
    await printReportsBench(adminUrl);
    return;
  }
  // `npm run bench -- stored-scores`: only the stored-scores path (bench/storedScoring.ts), on PostgreSQL when given
  if (process.argv.includes('stored-scores')) {
    const kind = adminUrl ? 'postgres' : 'pglite';
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'neomi-bench-'));
    const handle = await openBenchDatabase(kind, dir);
    await migrateDatabase(handle);
    await bootstrapDatabase(handle.db);
    printStoredScoringBench(kind, await benchStoredScoring(handle.db));
    await handle.close();
    await handle.drop();
    await fs.rm(dir, { recursive: true, force: true });
    return;
  }
  // `npm run bench -- lists` (or BENCH_ONLY=lists): only the list calls on the large database (bench/lists.ts)
  if (process.argv.includes('lists') || process.env.BENCH_ONLY === 'lists') {
    if (!adminUrl)
      throw new Error('the list benchmark needs PostgreSQL: run `scripts/with-postgres.sh npm run bench -- lists`');
    process.stdout.write(`${await measureLists(adminUrl)}\n`);
    return;
  }
  printScoringBench();
  const kinds: ('pglite' | 'postgres')[] = ['pglite'];
  if (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL) kinds.push('postgres');
  process.stdout.write(
    `Neomi Academy API benchmark: ${os.cpus().length} cores, node ${process.version}, ${RUNS} runs × ${SECONDS} s, medians\n\n`,
  );
  const all: Record<string, Awaited<ReturnType<typeof measure>>> = {};
  for (const kind of kinds) all[kind] = await measure(kind);
  const header = [
    'scenario',
    ...kinds.flatMap((k) => [`${k} req/s`, `${k} p50 ms`, `${k} p99 ms`]),
    ...(kinds.length === 2 ? ['req/s postgres ÷ pglite'] : []),
    'errors',
  ];
  const rows = SCENARIOS.map((s) => [
    s.name,
    ...kinds.flatMap((k) => [
      all[k][s.name].rps.toFixed(0),
      all[k][s.name].p50.toFixed(1),
      all[k][s.name].p99.toFixed(1),
    ]),
    ...(kinds.length === 2 ? [(all.postgres[s.name].rps / all.pglite[s.name].rps).toFixed(2)] : []),
    String(kinds.reduce((n, k) => n + all[k][s.name].errors, 0)),
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
  process.stdout.write([line(header), line(widths.map((w) => '-'.repeat(w))), ...rows.map(line)].join('\n') + '\n');
  if (kinds.length === 1)
    process.stdout.write('\n(PostgreSQL not measured: run `scripts/with-postgres.sh npm run bench`)\n');
  await printExamDayBench(adminUrl);
  await printStageCpuBench(adminUrl);
  if (adminUrl) process.stdout.write(`\n${await measureLists(adminUrl)}\n`);
  await printReportsBench(adminUrl);
}

main().catch((error) => {
  process.stderr.write(`${error.stack ?? error}\n`);
  process.exit(1);
});
