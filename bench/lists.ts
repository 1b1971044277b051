/**
 * The list calls on the large database (server/seed/large.ts: 100,000
 * learners, 500,000 activities), on a real PostgreSQL server only.
 *
 * For each call, the SQL the API runs is recorded once (Drizzle's query
 * logger: the sign-in check, the page query, the presentation queries) and
 * then run raw through `pg`, statement after statement, beside the same call
 * made over HTTP (node:http, kept-alive connections) to the server running as
 * in production, server/main.ts in a process of its own. Printed: the medians with one client and their ratio
 * (API ÷ raw SQL), then p50 and p99 with CONCURRENCY clients; each figure is
 * the median of BENCH_RUNS rounds (3) of BENCH_SECONDS (3 s) per measure. Targets
 * (README "Benchmarks"): within 1.5× of the raw SQL, p99 under 100 ms.
 * BENCH_CALLS=<word>,<word> measures only the calls whose name has one;
 * BENCH_EXPLAIN=1 prints the plans of each call's two slowest statements;
 * BENCH_SHOW_SQL=1 the statements recorded.
 * BENCH_KEEP_DB=1 keeps the seeded database after the run and reuses it in
 * the next run with the flag (seeding takes ~30 s; for working on a list).
 * BENCH_LISTS_PROFILE=<folder>: the server writes a V8 CPU profile there.
 * Not a test: nothing here passes or fails.
 */
import type { ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { drizzle } from 'drizzle-orm/node-postgres';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateDatabase, type Database } from '../server/db/client';
import * as schema from '../server/db/schema';
import { bootstrapDatabase } from '../server/db/bootstrap';
import { DEMO_PASSWORD } from '../server/seed/accounts';
import { seedDemo } from '../server/seed/demo';
import { LARGE, largeEmail, seedLarge } from '../server/seed/large';
import { freePort, startServerProcess, stopServerProcess } from './serverProcess';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 3);
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CONCURRENCY = 10;
const DATABASE = 'neomi_bench_lists';

interface ListCall {
  name: string;
  who: 'admin' | 'teacher';
  method?: 'GET' | 'POST';
  path: string | ((ids: Ids) => string);
  body: Record<string, unknown> | ((ids: Ids) => Record<string, unknown>);
}
interface Ids {
  school: number;
  group: number;
}
interface Statement {
  text: string;
  params: unknown[];
}

/** The lists measured: an admin sees everything (the worst case), a teacher their groups. */
const CALLS: ListCall[] = [
  // not a list: the fixed cost of any signed-in call (HTTP, the sign-in statement, a small answer), for reading the ratios
  { name: 'baseline: GET /api/me', who: 'admin', method: 'GET', path: '/api/me', body: {} },
  {
    name: 'users (page of 25 by name)',
    who: 'admin',
    path: '/api/users',
    body: { limit: 25, order_by: 'name', order_direction: 'asc' },
  },
  {
    name: 'users, search',
    who: 'admin',
    path: '/api/users',
    body: { limit: 25, search_text: 'haddad', order_by: 'name', order_direction: 'asc' },
  },
  {
    name: 'school students (children)',
    who: 'admin',
    path: '/api/schools/get/student',
    body: (ids) => ({ school_id: ids.school, limit: 25, order_by: 'name', order_direction: 'asc' }),
  },
  { name: 'courses', who: 'admin', path: '/api/courses', body: { limit: 25 } },
  { name: 'groups (admin: all 2,000)', who: 'admin', path: '/api/groups/my_groups', body: { limit: 25 } },
  {
    name: 'groups, search',
    who: 'admin',
    path: '/api/groups/my_groups',
    body: { limit: 25, search_text: 'large school 7' },
  },
  { name: "groups (a teacher's)", who: 'teacher', path: '/api/groups/my_groups', body: { limit: 25 } },
  {
    name: "a group's students",
    who: 'teacher',
    path: (ids) => `/api/groups/group/students/${ids.group}`,
    body: { limit: 25 },
  },
  { name: 'activities (teacher)', who: 'teacher', path: '/api/evaluation/activity', body: { limit: 25 } },
  { name: 'activities (admin: all 500,000)', who: 'admin', path: '/api/evaluation/activity', body: { limit: 25 } },
  {
    name: 'activities, search (admin)',
    who: 'admin',
    path: '/api/evaluation/activity',
    body: { limit: 25, search_text: 'القمر' },
  },
  { name: 'overview counts (admin)', who: 'admin', path: '/api/dashboard/counts', body: {} },
];

const percentile = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
};

/** Runs `once` with `clients` concurrent loops for SECONDS; the latencies in ms. */
async function load(once: () => Promise<void>, clients: number): Promise<number[]> {
  const until = performance.now() + SECONDS * 1000;
  const latencies: number[] = [];
  await once(); // warm: plans cached, connections open
  await Promise.all(
    Array.from({ length: clients }, async () => {
      while (performance.now() < until) {
        const started = performance.now();
        await once();
        latencies.push(performance.now() - started);
      }
    }),
  );
  return latencies;
}

export async function measureLists(adminUrl: string): Promise<string> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  const keep = process.env.BENCH_KEEP_DB === '1';
  const reuse = keep && (await admin.query('select 1 from pg_database where datname = $1', [DATABASE])).rowCount === 1;
  if (!reuse) {
    await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.query(`create database ${DATABASE}`);
  }
  const url = new URL(adminUrl);
  url.pathname = `/${DATABASE}`;
  const pool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  const rawPool = new pg.Pool({ connectionString: url.toString(), max: 10 });
  for (const p of [pool, rawPool])
    p.on('error', (error) => process.emitWarning(`PostgreSQL connection lost: ${error.message}`));
  let recording: Statement[] | null = null;
  const db = drizzle(pool, {
    schema,
    logger: {
      logQuery: (text, params) => {
        recording?.push({ text, params });
      },
    },
  }) as unknown as Database;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'neomi-bench-lists-'));
  const lines: string[] = [];
  let server: ChildProcess | undefined;
  try {
    await migrateDatabase({ db, kind: 'postgres', close: async () => {} });
    const started = Date.now();
    if (!reuse) {
      await bootstrapDatabase(db);
      await seedDemo(db);
      await seedLarge(db, (line) => process.stderr.write(`${line}\n`));
    }
    const seedSeconds = (Date.now() - started) / 1000;

    // the SQL of each call is recorded in this process (Drizzle's logger, app.inject);
    // the calls are measured against the server as it runs in production: a process of its own
    const config = loadConfig({ DATA_DIR: dir, LOG_LEVEL: 'silent', LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000' });
    // no job workers: their polls of the database are not a call's statements
    const recorder = await buildApp({ config, db, logger: false, runJobs: false });
    await recorder.ready();
    const signIn = async (email: string) =>
      (await recorder.inject({ method: 'POST', url: '/api/login', payload: { email, password: DEMO_PASSWORD } })).json<{
        access_token: string;
      }>().access_token;
    const tokens = { admin: await signIn('admin@demo.test'), teacher: await signIn(largeEmail('teacher', 1)) };
    const port = await freePort();
    server = await startServerProcess(
      {
        HOST: '127.0.0.1',
        PORT: String(port),
        DATA_DIR: dir,
        DATABASE_URL: url.toString(),
        NEOMI_DEMO: '0',
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        LOG_LEVEL: 'silent',
      },
      `http://127.0.0.1:${port}`,
      process.env.BENCH_LISTS_PROFILE,
    );
    const agent = new http.Agent({ keepAlive: true, maxSockets: CONCURRENCY });
    const [ids] = (
      await rawPool.query<Ids>(
        `select (select school_id from children where school_id is not null group by school_id order by count(*) desc limit 1) as school,
              (select g.id from groups g join users u on u.id = g.teacher_id where u.email = $1 order by g.id limit 1) as "group"`,
        [largeEmail('teacher', 1)],
      )
    ).rows;

    const rows: string[][] = [];
    const only = process.env.BENCH_CALLS?.toLowerCase().split(',');
    for (const call of CALLS.filter((c) => !only || only.some((word) => c.name.toLowerCase().includes(word)))) {
      const target = typeof call.path === 'function' ? call.path(ids) : call.path;
      const method = call.method ?? 'POST';
      const body =
        method === 'GET' ? undefined : JSON.stringify(typeof call.body === 'function' ? call.body(ids) : call.body);
      const headers = {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        authorization: `Bearer ${tokens[call.who]}`,
      };
      let failures = 0;
      const viaApi = () =>
        new Promise<void>((resolve, reject) => {
          const req = http.request({ host: '127.0.0.1', port, path: target, method, agent, headers }, (res) => {
            if (res.statusCode !== 200) failures += 1;
            res
              .on('data', () => {})
              .on('end', resolve)
              .on('error', reject);
          });
          req.on('error', reject);
          req.end(body);
        });
      // the SQL this call runs, recorded from one request; the call before it makes the token's
      // last use fresh, so the recording holds no once-a-minute touch of the token (tokens.ts)
      await recorder.inject({ method, url: target, headers, ...(body === undefined ? {} : { payload: body }) });
      recording = [];
      await recorder.inject({ method, url: target, headers, ...(body === undefined ? {} : { payload: body }) });
      const statements: Statement[] = recording;
      if (process.env.BENCH_SHOW_SQL)
        for (const s of statements) process.stderr.write(`SQL: ${s.text.slice(0, 1200)} ${JSON.stringify(s.params)}\n`);
      recording = null;
      const viaSql = async () => {
        for (const s of statements) await rawPool.query(s.text, s.params as unknown[]);
      };
      if (process.env.BENCH_EXPLAIN) {
        // the plan of the slowest statement, to see why a list is slow
        const timed = [];
        for (const s of statements) {
          const started = performance.now();
          await rawPool.query(s.text, s.params as unknown[]);
          timed.push({ s, ms: performance.now() - started });
        }
        for (const { s: slow } of timed.sort((a, b) => b.ms - a.ms).slice(0, 2)) {
          const plan = await rawPool.query(`explain (analyze, buffers) ${slow.text}`, slow.params as unknown[]);
          process.stderr.write(
            `\n${call.name}:\n${slow.text}\n${JSON.stringify(slow.params)}\n${plan.rows.map((r) => r['QUERY PLAN']).join('\n')}\n`,
          );
        }
      }

      // RUNS rounds of the four measures; each figure is the median of its rounds (a p99 of one
      // 3-second round moves by tens of ms with a single stall of the shared 2-core machine)
      const rounds: Record<'sql1' | 'api1' | 'sqlN99' | 'apiN50' | 'apiN99', number>[] = [];
      for (let round = 0; round < RUNS; round += 1) {
        const api1 = await load(viaApi, 1);
        const sql1 = await load(viaSql, 1);
        const apiN = await load(viaApi, CONCURRENCY);
        const sqlN = await load(viaSql, CONCURRENCY);
        rounds.push({
          sql1: percentile(sql1, 50),
          api1: percentile(api1, 50),
          sqlN99: percentile(sqlN, 99),
          apiN50: percentile(apiN, 50),
          apiN99: percentile(apiN, 99),
        });
      }
      const med = (key: keyof (typeof rounds)[number]) =>
        percentile(
          rounds.map((r) => r[key]),
          50,
        );
      rows.push([
        call.name,
        call.who,
        String(statements.length),
        med('sql1').toFixed(1),
        med('api1').toFixed(1),
        (med('api1') / med('sql1')).toFixed(2),
        med('sqlN99').toFixed(1),
        med('apiN50').toFixed(1),
        med('apiN99').toFixed(1),
        String(failures),
      ]);
      process.stderr.write(`  lists: ${rows[rows.length - 1].join(' | ')}\n`);
    }
    await recorder.close();

    const header = [
      'list call',
      'as',
      'SQL statements',
      'raw SQL p50 ms',
      'API p50 ms',
      'API ÷ SQL',
      `raw SQL p99 ms ×${CONCURRENCY}`,
      `API p50 ms ×${CONCURRENCY}`,
      `API p99 ms ×${CONCURRENCY}`,
      'non-200',
    ];
    const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
    const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i])).join(' | ')} |`;
    lines.push(
      `List calls on the large database (${LARGE.learners.toLocaleString('en')} learners, ${LARGE.families.toLocaleString('en')} families, ${LARGE.groups.toLocaleString('en')} groups, ` +
        `${(LARGE.learners * LARGE.activitiesPerLearner).toLocaleString('en')} activities; ${reuse ? 'reused from an earlier run' : `seeded in ${seedSeconds.toFixed(0)} s`}), PostgreSQL ${(await rawPool.query('show server_version')).rows[0].server_version}, ${SECONDS} s per measure, medians of ${RUNS} rounds:`,
      '',
      line(header),
      line(widths.map((w) => '-'.repeat(w))),
      ...rows.map(line),
    );
  } finally {
    if (server) await stopServerProcess(server);
    await pool.end();
    await rawPool.end();
    if (!keep) await admin.query(`drop database if exists ${DATABASE} with (force)`);
    await admin.end();
    await fs.rm(dir, { recursive: true, force: true });
  }
  return lines.join('\n');
}
