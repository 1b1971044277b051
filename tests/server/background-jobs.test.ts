import net from 'node:net';
import { sql } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { LONG_RUNNING_JOB_SECONDS } from '../../domain/schemas/jobs';
import { withApp } from './support/withApp';

/**
 * The platform admin's background jobs (docs/api/jobs.md "Failed and long jobs"): a job that failed its last try
 * is listed (queue, id, tries, times, the error's message; never its data) for a week and can be sent again; a
 * job running longer than LONG_RUNNING_JOB_SECONDS is listed with nothing to do to it. Mail goes to a port where
 * nothing listens, so every mail job fails.
 */
let port = 0;
const t = withApp(async () => {
  port = await new Promise<number>((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port: free } = server.address() as net.AddressInfo;
      server.close(() => resolve(free));
    });
  });
  return { env: { SMTP_URL: `smtp://127.0.0.1:${port}` } };
});

const ADDRESS = 'private.parent@example.org';

type Row = { id: string; state: string; retry_count: number };
const jobRows = async (where = sql`true`): Promise<Row[]> =>
  (
    (await t.db.execute(
      sql`select id::text as id, state::text as state, retry_count from pgboss.job where ${where} order by created_on`,
    )) as unknown as { rows: Row[] }
  ).rows;

/** Runs a queue's waiting jobs, each on its last try, until they have failed. */
async function failAll(queue: string) {
  for (let round = 0; round < 20; round++) {
    await t.db.execute(sql`update pgboss.job set retry_limit = retry_count, start_after = now()
      where name = ${queue} and state in ('created', 'retry')`);
    await t.app.jobs.drain();
    const left = await jobRows(sql`name = ${queue} and state in ('created', 'retry', 'active')`);
    if (!left.length) return;
  }
  throw new Error(`the ${queue} jobs did not fail`);
}

const list = (as = 'admin', query = '') => t.get(`/api/background-jobs${query}`, as);
type Listed = { id: string; queue: string; state: string; tries: number; error: string | null };

let mailJob: string;
beforeAll(async () => {
  await t.app.mailer.send({ to: ADDRESS, subject: 'Secret subject', text: 'Secret body of the mail' });
  await failAll('mail');
  [{ id: mailJob }] = await jobRows(sql`name = 'mail' and state = 'failed'`);
});

describe('GET /api/background-jobs', () => {
  it('lists a failed job with its queue, tries and error, never its address or text', async () => {
    const res = await list();
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('private, no-store');
    const body = res.json();
    expect(body.long_running_after_seconds).toBe(LONG_RUNNING_JOB_SECONDS);
    const job = body.jobs.find((j: Listed) => j.id === mailJob);
    // its one try, or a second when this process's worker tried it before it was made a last try
    expect(job).toMatchObject({ queue: 'mail', state: 'failed' });
    expect(job.tries).toBeGreaterThanOrEqual(1);
    expect(job.max_tries).toBe(job.tries);
    expect(job.error).toMatch(/ECONNREFUSED|connect/i);
    expect(job.finished_at).not.toBeNull();
    expect(job.duration_seconds).toBeGreaterThanOrEqual(0);
    expect(res.body).not.toContain('private.parent');
    expect(res.body).not.toContain('Secret');
    expect(body.count).toBeGreaterThanOrEqual(1);
  });

  it('masks an address in an error message', async () => {
    await t.db.execute(sql`update pgboss.job set output = jsonb_build_object('message',
      ${`550 mailbox unavailable <${ADDRESS}>`}::text) where id = ${mailJob}::uuid`);
    const job = (await list()).json().jobs.find((j: Listed) => j.id === mailJob);
    expect(job.error).toBe('550 mailbox unavailable <…@…>');
  });

  it('lists a job running longer than the threshold, and keeps failed ones a week only', async () => {
    const [{ id: longJob }] = (
      (await t.db.execute(sql`insert into pgboss.job (name, data, state, started_on, expire_in)
        values ('erase-files', '{"keys":[]}', 'active',
          now() - make_interval(secs => ${LONG_RUNNING_JOB_SECONDS + 60}), interval '1 day')
        returning id::text as id`)) as unknown as { rows: { id: string }[] }
    ).rows;
    const [{ id: shortJob }] = (
      (await t.db.execute(sql`insert into pgboss.job (name, data, state, started_on, expire_in)
        values ('erase-files', '{"keys":[]}', 'active', now() - interval '10 seconds', interval '1 day')
        returning id::text as id`)) as unknown as { rows: { id: string }[] }
    ).rows;
    try {
      const jobs: Listed[] = (await list()).json().jobs;
      const long = jobs.find((j) => j.id === longJob) as Listed & { duration_seconds: number };
      expect(long).toMatchObject({ queue: 'erase-files', state: 'active', tries: 1, error: null });
      expect(long.duration_seconds).toBeGreaterThanOrEqual(LONG_RUNNING_JOB_SECONDS + 60);
      expect(jobs.map((j) => j.id)).not.toContain(shortJob);
      // nothing destructive on a running job: it is not a failed job to retry
      expect((await t.post(`/api/background-jobs/${longJob}/retry`, {}, 'admin')).statusCode).toBe(404);
      // a failure older than a week is no longer listed
      await t.db.execute(
        sql`update pgboss.job set completed_on = now() - interval '8 days' where id = ${mailJob}::uuid`,
      );
      expect((await list()).json().jobs.map((j: Listed) => j.id)).not.toContain(mailJob);
    } finally {
      await t.db.execute(sql`update pgboss.job set completed_on = now() where id = ${mailJob}::uuid`);
      await t.db.execute(sql`delete from pgboss.job where id in (${longJob}::uuid, ${shortJob}::uuid)`);
    }
  });

  it('pages with limit and offset; bad input is 400', async () => {
    expect((await list('admin', '?limit=1')).json().jobs.length).toBeLessThanOrEqual(1);
    expect((await list('admin', '?limit=0')).statusCode).toBe(400);
    expect((await list('admin', '?offset=-1')).statusCode).toBe(400);
  });

  it('answers 403 to every other role and 401 without a token', async () => {
    for (const who of ['region', 'school', 'teacher', 'family', 'marker']) {
      expect((await list(who)).statusCode).toBe(403);
      expect((await t.post(`/api/background-jobs/${mailJob}/retry`, {}, who)).statusCode).toBe(403);
    }
    expect((await t.get('/api/background-jobs')).statusCode).toBe(401);
  });
});

describe('POST /api/background-jobs/:id/retry', () => {
  it('sends a failed job again: it runs once more', async () => {
    const [before] = await jobRows(sql`id = ${mailJob}::uuid`);
    const triesBefore = (await list()).json().jobs.find((j: Listed) => j.id === mailJob).tries;
    // its last failure may have put its start a backoff ahead (pg-boss does when a job has passed its limit): the
    // admin's retry runs it now all the same
    await t.db.execute(sql`update pgboss.job set start_after = now() + interval '1 hour' where id = ${mailJob}::uuid`);
    const res = await t.post(`/api/background-jobs/${mailJob}/retry`, {}, 'admin');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().key).toBe('app.jobs.retried');
    // this process's worker or the drain takes it (a worker told of it may hold it while the drain looks)
    let after = before;
    for (let round = 0; round < 50 && after.retry_count === before.retry_count; round++) {
      await t.app.jobs.drain();
      [after] = await jobRows(sql`id = ${mailJob}::uuid and state = 'failed'`);
      after ??= before;
      if (after.retry_count === before.retry_count) await new Promise((r) => setTimeout(r, 100));
    }
    // tried again, failed again (the mail server is still down): one more try counted
    expect(after).toMatchObject({ state: 'failed', retry_count: before.retry_count + 1 });
    expect((await list()).json().jobs.find((j: Listed) => j.id === mailJob)).toMatchObject({ tries: triesBefore + 1 });
  });

  it('answers 404 for an unknown job and 400 for an id that is not one', async () => {
    expect(
      (await t.post('/api/background-jobs/00000000-0000-4000-8000-000000000000/retry', {}, 'admin')).statusCode,
    ).toBe(404);
    expect((await t.post('/api/background-jobs/12/retry', {}, 'admin')).statusCode).toBe(400);
  });
});
