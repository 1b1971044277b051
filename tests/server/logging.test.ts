import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import Fastify from 'fastify';
import { PUBLIC_PAGE_PATHS } from '../../src/publicPaths';
import capabilityParamsPlugin, { CAPABILITY_NAME, CONSOLE_CAPABILITY_PAGES } from '../../server/plugins/logPaths';
import { withApp } from './support/withApp';

const lines: string[] = [];
const t = withApp({ logLines: lines });

const events = () => lines.map((l) => JSON.parse(l)).filter((e) => e.event);

describe('the log', () => {
  it("records authentication events and refused accesses, by user id, without secrets or children's names", async () => {
    const family = await t.signIn('family');
    await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: 'family@demo.test', password: 'wrong-password' },
    });
    await t.inject({
      method: 'POST',
      url: '/api/users/add/child',
      token: family,
      payload: { name: 'Zeinab Secret', gender: 2, birthdate: '2016-01-01' },
    });
    await t.inject({ method: 'POST', url: '/api/users', token: family, payload: {} });
    await t.inject({ url: '/api/me', token: 'A'.repeat(43) });
    await t.inject({ method: 'POST', url: '/api/logout', token: family });

    const names = events().map((e) => e.event);
    expect(names).toEqual(
      expect.arrayContaining(['auth.login', 'auth.login.failed', 'auth.forbidden', 'auth.refused', 'auth.logout']),
    );
    const forbidden = events().find((e) => e.event === 'auth.forbidden');
    expect(forbidden).toMatchObject({ permission: 'access_users', url: '/api/users' });
    expect(typeof forbidden.userId).toBe('number');

    const all = lines.join('\n');
    expect(all).not.toContain('Zeinab');
    expect(all).not.toContain('demo1234');
    expect(all).not.toContain('wrong-password');
    expect(all).not.toContain(family);
  });

  it("logs a database error by its code, route and request id: no query, values, hashes, emails or children's data", async () => {
    const family = await t.signIn('family');
    // a trigger makes the database refuse every new child and every new account
    await t.db.execute(
      sql.raw(
        `create function neomi_test_fail() returns trigger language plpgsql as $$ begin raise exception 'test failure' using errcode = 'XX000'; end $$`,
      ),
    );
    await t.db.execute(
      sql.raw('create trigger fail_children before insert on children for each row execute function neomi_test_fail()'),
    );
    await t.db.execute(
      sql.raw('create trigger fail_users before insert on users for each row execute function neomi_test_fail()'),
    );
    lines.length = 0;
    try {
      const child = await t.inject({
        method: 'POST',
        url: '/api/users/add/child',
        token: family,
        payload: {
          name: 'Zeinab Hidden',
          gender: 2,
          birthdate: '2015-03-07',
          mobile_no: '0100 555 7788',
          about_me: 'likes owls',
        },
      });
      expect(child.statusCode).toBe(500);
      expect(child.json()).toEqual({ key: 'app.errors.internal', message: 'Internal Server Error' });
      const account = await t.inject({
        method: 'POST',
        url: '/api/register',
        payload: {
          type: 0,
          gender: 1,
          name: 'Leaky Parent',
          email: 'leak-check@example.test',
          confirm_email: 'leak-check@example.test',
          country: 'EG',
          password: 'leak-check-pass',
          confirm_password: 'leak-check-pass',
        },
      });
      expect(account.statusCode).toBe(500);
    } finally {
      for (const statement of [
        'drop trigger fail_children on children',
        'drop trigger fail_users on users',
        'drop function neomi_test_fail()',
      ])
        await t.db.execute(sql.raw(statement));
    }
    const failures = lines.map((l) => JSON.parse(l)).filter((e) => e.msg === 'request failed');
    expect(failures).toHaveLength(2);
    expect(failures[0]).toMatchObject({
      route: '/api/users/add/child',
      reqId: expect.any(String),
      err: { code: 'XX000' },
    });
    expect(failures[1]).toMatchObject({ route: '/api/register', err: { code: 'XX000' } });
    const all = lines.join('\n');
    for (const secret of [
      'Zeinab',
      '2015-03-07',
      '0100 555 7788',
      'likes owls',
      'Leaky',
      'leak-check@example.test',
      'leak-check-pass',
      '$argon2',
      'insert into',
      'params',
      family,
    ]) {
      expect(all, secret).not.toContain(secret);
    }
  });
});

describe('capability tokens in the log', () => {
  it('never writes the token of a guest report, a certificate code or a reset link: the path keeps its shape', async () => {
    lines.length = 0;
    const registered = await t.inject({ method: 'POST', url: '/api/temp/register', payload: {} });
    expect(registered.statusCode).toBe(201);
    const token = /\/guest-report\/([A-Za-z0-9_-]+)$/.exec(registered.json().report_link)![1];
    const guest = await t.inject({ url: `/api/guest/report/${token}` });
    expect(guest.statusCode).toBe(200);
    const report = await t.inject({ url: `/api/guest-report/${token}?exam_type=1` });
    expect(report.statusCode).toBe(200);
    // a token of the wrong shape is refused (400) and still not written
    const oddToken = `${token}!x`;
    expect((await t.inject({ url: `/api/guest/report/${encodeURIComponent(oddToken)}` })).statusCode).toBe(400);
    const code = 'ABCD-EFGH-JKMN';
    expect((await t.inject({ url: `/api/certificates/${code}` })).statusCode).toBe(404);
    // the console's pages reached by a link (a reset mail, a certificate, a guest's report): logged without their token
    const resetToken = 'Rst0kenFromTheMailXyz0123456789abcdefghij';
    await t.inject({ url: `/reset-password/${resetToken}` });
    await t.inject({ url: `/certificate/${code}` });
    await t.inject({ url: `/guest-report/${token}/2` });

    const all = lines.join('\n');
    expect(lines.length).toBeGreaterThan(0);
    for (const secret of [token, code, resetToken, 'Rst0ken']) expect(all, secret).not.toContain(secret);
    const urls = lines
      .map((l) => JSON.parse(l))
      .filter((e) => e.req)
      .map((e) => e.req.url);
    expect(urls).toEqual([
      '/api/temp/register',
      '/api/guest/report/[redacted]',
      '/api/guest-report/[redacted]',
      '/api/guest/report/[redacted]',
      '/api/certificates/[redacted]',
      '/reset-password/[redacted]',
      '/certificate/[redacted]',
      '/guest-report/[redacted]/2',
    ]);
  });
});

describe('capability parameters are declared', () => {
  it('a route whose path names a token and does not declare it refuses to register', async () => {
    const app = Fastify({ logger: false });
    await app.register(capabilityParamsPlugin);
    expect(() => app.get('/api/links/:token', async () => 'ok')).toThrow(/looks like a capability/);
    expect(() => app.get('/api/codes/:id', { config: { capabilityParams: ['code'] } }, async () => 'ok')).toThrow(
      /not a whole path segment/,
    );
    await app.close();
    const declared = Fastify({ logger: false });
    await declared.register(capabilityParamsPlugin);
    declared.get('/api/links/:token', { config: { capabilityParams: ['token'] } }, async () => 'ok');
    declared.get('/api/items/:id', async () => 'ok');
    await declared.ready();
    await declared.close();
  });

  it('every console page whose address carries a capability (src/publicPaths.ts) is logged without it', () => {
    const withCapability = PUBLIC_PAGE_PATHS.filter((page) =>
      page.split('/').some((s) => s.startsWith(':') && CAPABILITY_NAME.test(s.slice(1).replace('?', ''))),
    );
    expect(withCapability.length).toBeGreaterThan(0);
    expect([...CONSOLE_CAPABILITY_PAGES].sort()).toEqual([...withCapability].sort());
  });
});
