import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginAttempts } from '../../server/db/schema';
import type { TestApp } from './support/testApp';
import { withApp } from './support/withApp';

/**
 * TRUST_PROXY (README.md "Configuration"): every per-address limit counts
 * request.ip. Without it (the default), the address is the connection's and
 * an X-Forwarded-For header changes nothing, so a client cannot dodge a limit
 * by writing one; with it (behind a reverse proxy), the address is the one the
 * proxy names, so clients behind one proxy are counted apart. Shown on the
 * login limit per address (three failures here).
 */
const LIMITS = {
  LOGIN_MAX_FAILURES_PER_ADDRESS: '3',
  LOGIN_MAX_FAILURES_PER_ACCOUNT: '50',
  LOGIN_CAPTCHA_AFTER_FAILURES: '50',
};

let fails = 0;
/** A wrong password for an account of its own each time, so only the per-address count can close. */
const failLogin = (t: TestApp, remoteAddress: string, forwardedFor?: string) =>
  t.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: `nobody${++fails}@proxy.test`, password: 'wrong-password' },
    remoteAddress,
    headers: forwardedFor ? { 'x-forwarded-for': forwardedFor } : {},
  });

const addressesCounted = async (t: TestApp) =>
  new Set((await t.db.select({ ip: loginAttempts.ip }).from(loginAttempts)).map((r) => r.ip));

describe('TRUST_PROXY=0 (the default)', () => {
  const t = withApp({ env: LIMITS });

  it('counts the connection: a new X-Forwarded-For on each try does not escape the limit', async () => {
    expect(t.config.trustProxy).toBe(false);
    for (let i = 1; i <= 3; i++) expect((await failLogin(t, '10.20.0.1', `203.0.113.${i}`)).statusCode).toBe(401);
    const blocked = await failLogin(t, '10.20.0.1', '203.0.113.99');
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().key).toBe('app.errors.tooManyAttempts');
    expect(await addressesCounted(t)).toEqual(new Set(['10.20.0.1']));
    // another connection is counted apart
    expect((await failLogin(t, '10.20.0.2', '203.0.113.99')).statusCode).toBe(401);
  });
});

describe('TRUST_PROXY=1 (behind a reverse proxy)', () => {
  const t = withApp({ env: { ...LIMITS, TRUST_PROXY: '1' } });

  it('counts the address the proxy names: two clients behind one proxy are counted apart', async () => {
    expect(t.config.trustProxy).toBe(true);
    const proxy = '10.30.0.1';
    for (let i = 1; i <= 3; i++) expect((await failLogin(t, proxy, '198.51.100.7')).statusCode).toBe(401);
    expect((await failLogin(t, proxy, '198.51.100.7')).statusCode).toBe(429);
    // the neighbour behind the same proxy is not held back
    expect((await failLogin(t, proxy, '198.51.100.8')).statusCode).toBe(401);
    const rows = await t.db.select().from(loginAttempts).where(eq(loginAttempts.ip, proxy));
    expect(rows).toEqual([]);
    expect(await addressesCounted(t)).toEqual(new Set(['198.51.100.7', '198.51.100.8']));
  });
});
