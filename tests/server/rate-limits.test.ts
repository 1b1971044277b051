import { sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { TEMP_REGISTER_PER_HOUR } from '../../server/routes/exams/guests';
import { withApp } from './support/withApp';

/**
 * Every rate limit lives in PostgreSQL (docs/API.md "Rate limits"): a limit
 * reached through one API server holds on another built on the same
 * database, and survives a restart.
 */
const t = withApp();
const extra: FastifyInstance[] = [];

/** Another API server on the same database, as a second process behind the load balancer would be. */
async function secondServer(): Promise<FastifyInstance> {
  const app = await buildApp({ config: t.config, db: t.db, logger: false, mailer: { send: async () => {} } });
  await app.ready();
  extra.push(app);
  return app;
}

afterAll(async () => {
  for (const app of extra) await app.close();
});

const get = (app: FastifyInstance, url: string, remoteAddress: string) => app.inject({ url, remoteAddress });
const remaining = (res: { headers: Record<string, unknown> }) => Number(res.headers['x-ratelimit-remaining']);

describe('rate limits in PostgreSQL', () => {
  it('a guest-report limit reached through one server holds on a second server and after a restart', async () => {
    const other = await secondServer();
    const address = '10.77.0.1';
    const url = `/api/guest/report/${'n'.repeat(32)}`;
    // 120 a minute per address, shared: half through each server
    for (let i = 0; i < 120; i++) {
      const res = await get(i % 2 ? other : t.app, url, address);
      expect(res.statusCode, `request ${i + 1}`).toBe(404);
    }
    const refusedHere = await get(t.app, url, address);
    expect(refusedHere.statusCode).toBe(429);
    expect(refusedHere.json().key).toBe('app.errors.tooManyAttempts');
    expect((await get(other, url, address)).statusCode).toBe(429);
    // another address is not held back
    expect((await get(other, url, '10.77.0.2')).statusCode).toBe(404);

    // a restart (a new server on the same database) still refuses
    await other.close();
    extra.splice(extra.indexOf(other), 1);
    const restarted = await secondServer();
    const afterRestart = await get(restarted, url, address);
    expect(afterRestart.statusCode).toBe(429);
    expect(Number(afterRestart.headers['retry-after'])).toBeGreaterThan(0);
  });

  it('the public report and on-the-spot registration count once across servers', async () => {
    const other = await secondServer();
    const address = '10.77.1.1';
    const report = `/api/guest-report/${'r'.repeat(32)}?exam_type=1`;
    const first = await get(t.app, report, address);
    const second = await get(other, report, address);
    expect([first.statusCode, second.statusCode]).toEqual([404, 404]);
    expect(remaining(first)).toBe(119);
    expect(remaining(second)).toBe(118);

    const register = (app: FastifyInstance) =>
      app.inject({ method: 'POST', url: '/api/temp/register', payload: {}, remoteAddress: address });
    const a = await register(t.app);
    const b = await register(other);
    expect([a.statusCode, b.statusCode]).toEqual([201, 201]);
    expect(remaining(a)).toBe(TEMP_REGISTER_PER_HOUR - 1);
    expect(remaining(b)).toBe(TEMP_REGISTER_PER_HOUR - 2);
  });

  it('hits counted at once through two servers are each counted (one atomic statement per hit)', async () => {
    const other = await secondServer();
    const address = '10.77.3.1';
    const url = `/api/guest/report/${'c'.repeat(32)}`;
    const answers = await Promise.all(Array.from({ length: 20 }, (_, i) => get(i % 2 ? other : t.app, url, address)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(404));
    expect(new Set(answers.map(remaining)).size).toBe(20);
    expect(remaining(await get(t.app, url, address))).toBe(120 - 21);
  });

  it('a window that is over starts again, and over rows are pruned', async () => {
    const address = '10.77.2.1';
    const url = `/api/guest/report/${'w'.repeat(32)}`;
    expect(remaining(await get(t.app, url, address))).toBe(119);
    expect(remaining(await get(t.app, url, address))).toBe(118);
    // the window ends (as a minute later)
    await t.db.execute(sql`update rate_limits set reset_at = now() - interval '1 second'`);
    expect(remaining(await get(t.app, url, address))).toBe(119);
    const [{ n: before }] = (
      await t.db.execute<{ n: number }>(sql`select cast(count(*) as integer) as n from rate_limits`)
    ).rows;
    expect(before).toBeGreaterThan(0);
    // an old row of a window long over is deleted by the next server that prunes
    await t.db.execute(
      sql`insert into rate_limits (key, hits, reset_at) values ('stale-key', 3, now() - interval '1 hour')`,
    );
    const fresh = await secondServer();
    await get(fresh, url, '10.77.2.2');
    const stale = (
      await t.db.execute<{ n: number }>(sql`select count(*) as n from rate_limits where key = 'stale-key'`)
    ).rows[0];
    expect(Number(stale.n)).toBe(0);
  });
});
