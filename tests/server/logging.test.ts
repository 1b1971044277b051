import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, createTestApp, login, type TestApp } from './support/testApp';

let t: TestApp;
const lines: string[] = [];
beforeAll(async () => { t = await createTestApp({}, lines); });
afterAll(async () => { await t?.close(); });

const events = () => lines.map((l) => JSON.parse(l)).filter((e) => e.event);

describe('the log', () => {
  it('records authentication events and refused accesses, by user id, without secrets or children\'s names', async () => {
    const family = await login(t.app, 'family');
    await call(t.app, { method: 'POST', url: '/api/login', payload: { email: 'family@demo.test', password: 'wrong-password' } });
    await call(t.app, { method: 'POST', url: '/api/users/add/child', token: family, payload: { name: 'Zeinab Secret', gender: 2, birthdate: '2016-01-01' } });
    await call(t.app, { method: 'POST', url: '/api/users', token: family, payload: {} });
    await call(t.app, { url: '/api/me', token: 'A'.repeat(43) });
    await call(t.app, { method: 'POST', url: '/api/logout', token: family });

    const names = events().map((e) => e.event);
    expect(names).toEqual(expect.arrayContaining(['auth.login', 'auth.login.failed', 'auth.forbidden', 'auth.refused', 'auth.logout']));
    const forbidden = events().find((e) => e.event === 'auth.forbidden');
    expect(forbidden).toMatchObject({ permission: 'access_users', url: '/api/users' });
    expect(typeof forbidden.userId).toBe('number');

    const all = lines.join('\n');
    expect(all).not.toContain('Zeinab');
    expect(all).not.toContain('demo1234');
    expect(all).not.toContain('wrong-password');
    expect(all).not.toContain(family);
  });
});
