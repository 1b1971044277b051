/**
 * The programme-wide report over 10,000 takers (target under 200 ms), as
 * `npm run bench` prints it on the real PostgreSQL server (also
 * `scripts/with-postgres.sh npm run bench -- reports` alone). A database of
 * its own gets the demo data, then TAKERS learners spread over the demo
 * schools, each with a pre-test of three challenges scored on one word
 * question each (word_scores rows as the scoring engine writes them) and,
 * for 80 % of them, a post-test: 10,000 takers and about 54,000 score rows.
 * The report calls are timed over HTTP against the server in this process,
 * after a warm-up; the median and the slowest of RUNS calls are printed.
 * Every aggregate (means, SDs, ranks, quartiles, label counts, breakdowns,
 * pre → post changes) is computed by PostgreSQL.
 */
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import { migrateDatabase, openDatabase } from '../server/db/client';
import { bootstrapDatabase } from '../server/db/bootstrap';
import { seedDemo } from '../server/seed/demo';

const TAKERS = Number(process.env.BENCH_REPORT_TAKERS ?? 10_000);
const RUNS = Number(process.env.BENCH_REPORT_RUNS ?? 20);
const DB = 'neomi_bench_reports';

export interface ReportBenchRow {
  name: string;
  p50: number;
  max: number;
  takers: number;
}

/** TAKERS learners with scored pre-tests (and most of them post-tests), made in SQL. */
async function seedTakers(client: pg.Client) {
  await client.query(
    `
    insert into children (name, gender, birthdate, school_id)
    select 'Bench ' || i, 1 + i % 2, date '2014-01-01' + (i % 1500), (select id from schools order by id offset (i % (select count(*) from schools)) limit 1)
    from generate_series(1, $1) as i`,
    [TAKERS],
  );
  await client.query(
    `create temporary table bench_children as select id, row_number() over (order by id) as i from children where name like 'Bench %'`,
  );
  for (const [examType, share] of [
    [1, 1],
    [2, 0.8],
  ] as const) {
    await client.query(
      `
      insert into exams (child_id, exam_type, challenge, started_at, duration_seconds, finished_at)
      select c.id, $1::int, ch, timestamptz '2026-03-01 09:00Z' + (c.i % 60) * interval '1 day' + ($1::int - 1) * interval '90 days', 1800,
        timestamptz '2026-03-01 09:25Z' + (c.i % 60) * interval '1 day' + ($1::int - 1) * interval '90 days'
      from bench_children c cross join generate_series(1, 3) as ch
      where c.i <= $2::int`,
      [examType, Math.round(TAKERS * share)],
    );
    // one word question per challenge; scores with a spread (a seeded hash of the learner and challenge)
    await client.query(
      `
      insert into word_scores (exam_id, child_id, exam_type, challenge, question_id, set_id, fluency, flexibility, originality,
        originality_per_answer, answers, unmatched, takers, rare_percent, uncommon_percent)
      select e.id, e.child_id, e.exam_type, e.challenge, q.id, (select id from category_sets order by id limit 1),
        f, least(f, 1 + h % 6), o, case when f > 0 then round(o::numeric / f, 2) else 0 end, f, h % 2, $2::int, 1, 5
      from exams e
      join bench_children c on c.id = e.child_id
      cross join lateral (select id from exam_questions where exam_type = e.exam_type and challenge = e.challenge order by id limit 1) q
      cross join lateral (select abs(hashint4(e.child_id * 7 + e.challenge)) as h) hh
      cross join lateral (select 2 + hh.h % 9 + (e.exam_type - 1) * (hh.h % 3) as f, hh.h % 5 as o) s
      where e.exam_type = $1::int`,
      [examType, TAKERS],
    );
  }
  await client.query('analyze');
}

async function timed(url: string, token: string, body: unknown): Promise<{ ms: number; status: number }> {
  const start = performance.now();
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
    body: JSON.stringify(body),
  });
  await res.arrayBuffer();
  return { ms: performance.now() - start, status: res.status };
}

export async function benchReports(adminUrl: string): Promise<ReportBenchRow[]> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${DB} with (force)`);
  await admin.query(`create database ${DB}`);
  const url = new URL(adminUrl);
  url.pathname = `/${DB}`;
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'neomi-bench-reports-'));
  const handle = await openDatabase({ databaseUrl: url.toString() });
  const client = new pg.Client({ connectionString: url.toString() });
  try {
    await migrateDatabase(handle);
    await bootstrapDatabase(handle.db);
    await seedDemo(handle.db);
    await client.connect();
    await seedTakers(client);
    const {
      rows: [{ n }],
    } = await client.query<{ n: number }>(
      'select count(distinct child_id)::int as n from word_scores where exam_type = 1',
    );
    const {
      rows: [{ groupId }],
    } = await client.query<{ groupId: number }>('select id as "groupId" from groups order by id limit 1');
    const config = loadConfig({
      DATA_DIR: dir,
      LOG_LEVEL: 'silent',
      LOGIN_MAX_FAILURES_PER_ADDRESS: '1000000',
      SCORING_WORKER: '0',
    });
    const app = await buildApp({ config, db: handle.db, logger: false });
    const address = await app.listen({ port: 0, host: '127.0.0.1' });
    try {
      const login = await fetch(`${address}/api/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: 'admin@demo.test', password: 'demo1234' }),
      });
      const token = ((await login.json()) as { access_token: string }).access_token;
      const scenarios: { name: string; path: string; body: unknown }[] = [
        {
          name: `POST /api/exam/report (programme-wide, ${n} takers)`,
          path: '/api/exam/report',
          body: { exam_type: 1 },
        },
        {
          name: 'POST /api/exam/report (girls, ages 9-12)',
          path: '/api/exam/report',
          body: { exam_type: 1, gender: 2, age_group: 3 },
        },
        { name: 'POST /api/reports/pre-post (programme-wide)', path: '/api/reports/pre-post', body: { limit: 25 } },
        { name: 'POST /api/reports/group/{id}', path: `/api/reports/group/${groupId}`, body: { exam_type: 1 } },
      ];
      const out: ReportBenchRow[] = [];
      for (const s of scenarios) {
        for (let i = 0; i < 3; i += 1) await timed(`${address}${s.path}`, token, s.body);
        const times: number[] = [];
        for (let i = 0; i < RUNS; i += 1) {
          const r = await timed(`${address}${s.path}`, token, s.body);
          if (r.status !== 200) throw new Error(`${s.name} answered ${r.status}`);
          times.push(r.ms);
        }
        times.sort((a, b) => a - b);
        out.push({ name: s.name, p50: times[Math.floor(times.length / 2)], max: times[times.length - 1], takers: n });
        process.stderr.write(`  reports: ${s.name} done\n`);
      }
      return out;
    } finally {
      await app.close();
    }
  } finally {
    await client.end().catch(() => {});
    await handle.close();
    await admin.query(`drop database if exists ${DB} with (force)`);
    await admin.end();
    await fs.rm(dir, { recursive: true, force: true });
  }
}

export async function printReportsBench(adminUrl: string | undefined) {
  if (!adminUrl) {
    process.stdout.write('\n(Reports over 10,000 takers not measured: run `scripts/with-postgres.sh npm run bench`)\n');
    return;
  }
  const rows = await benchReports(adminUrl);
  process.stdout.write(
    `\nReports on PostgreSQL, ${TAKERS} takers, median and slowest of ${RUNS} calls (target: programme-wide under 200 ms)\n\n`,
  );
  process.stdout.write('| report | p50 ms | max ms |\n| --- | --- | --- |\n');
  for (const r of rows) process.stdout.write(`| ${r.name} | ${r.p50.toFixed(1)} | ${r.max.toFixed(1)} |\n`);
}
