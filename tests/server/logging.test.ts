import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from './support/testApp';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => {
  t = await createTestApp({}, lines);
});
afterAll(async () => {
  await t?.close();
});

const events = () => lines.map((l) => JSON.parse(l)).filter((e) => e.event);

describe('the log', () => {
  it("records authentication events and refused accesses, by user id, without secrets or children's names", async () => {
    const family = await login(t.app, 'family');
    await call(t.app, {
      method: 'POST',
      url: '/api/login',
      payload: { email: 'family@demo.test', password: 'wrong-password' },
    });
    await call(t.app, {
      method: 'POST',
      url: '/api/users/add/child',
      token: family,
      payload: { name: 'Zeinab Secret', gender: 2, birthdate: '2016-01-01' },
    });
    await call(t.app, { method: 'POST', url: '/api/users', token: family, payload: {} });
    await call(t.app, { url: '/api/me', token: 'A'.repeat(43) });
    await call(t.app, { method: 'POST', url: '/api/logout', token: family });

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
    const family = await login(t.app, 'family');
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
      const child = await call(t.app, {
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
      const account = await call(t.app, {
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
