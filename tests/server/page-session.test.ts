import { eq } from 'drizzle-orm';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { PAGE_SESSION_COOKIE } from '../../domain/pageSessionCookie';
import { accessTokens, children, users } from '../../server/db/schema';
import { familyPageSession } from '../../server/pageSession';
import { sha256 } from '../../server/services/secrets';
import { DEMO_PASSWORD } from '../../server/seed/accounts';
import { demo, nextAddress } from './support/testApp';
import { withApp, type AppContext, type DemoName } from './support/withApp';
import { TEACHER_SIGN_UP_FIELDS } from './support/teaching';

/**
 * The family's page session (docs/SECURITY.md "The page session cookie"): the sign-in's token in an HttpOnly cookie
 * for families only, cleared by anyone else's sign-in and by sign-out, read by the page render (familyPageSession) by the
 * bearer's rules, and never accepted by the API.
 */

const logLines: string[] = [];
const t = withApp({ logLines });

const login = (app: AppContext, who: DemoName, headers: Record<string, string> = {}) =>
  app.app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email: demo[who].email, password: DEMO_PASSWORD },
    remoteAddress: nextAddress(),
    headers,
  });

/** The page-session cookie a response sets, and the raw Set-Cookie line it came in. */
const pageCookie = (res: LightMyRequestResponse) => {
  const cookies = res.cookies.filter((c) => c.name === PAGE_SESSION_COOKIE);
  expect(cookies).toHaveLength(1);
  const lines = [res.headers['set-cookie'] ?? []].flat().map(String);
  return { ...cookies[0], line: lines.find((l) => l.startsWith(`${PAGE_SESSION_COOKIE}=`))! };
};

/** A Set-Cookie that clears the page session: empty, expired now. */
const expectCleared = (res: LightMyRequestResponse) => {
  const cookie = pageCookie(res);
  expect(cookie.value).toBe('');
  expect(cookie.maxAge).toBe(0);
  expect(cookie.expires?.getTime()).toBe(0);
  expect(cookie.path).toBe('/');
};

const cookieHeader = (token: string) => `neomi.locale=ar; ${PAGE_SESSION_COOKIE}=${token}`;
const pageActor = async (header: string | undefined) =>
  (await familyPageSession(t.db, t.app.tokenPolicy, header))?.actor ?? null;

describe('the cookie on sign-in and sign-out', () => {
  it("a family's sign-in sets the cookie to its token: HttpOnly, SameSite=Lax, Path=/, the token's longest life", async () => {
    const res = await login(t, 'family');
    expect(res.statusCode).toBe(200);
    const cookie = pageCookie(res);
    expect(cookie.value).toBe(res.json().access_token);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.path).toBe('/');
    expect(cookie.maxAge).toBe(t.config.tokenMaxMs / 1000);
    expect(cookie.domain).toBeUndefined();
    // over plain http, and without TRUST_PROXY a client's X-Forwarded-Proto is not believed
    expect(cookie.secure).toBeUndefined();
    expect(pageCookie(await login(t, 'family', { 'x-forwarded-proto': 'https' })).secure).toBeUndefined();
  });

  // staff accounts are of the family type too (server/seed/accounts.ts): a family is that type with the student role
  it.each(['teacher', 'admin', 'region', 'school', 'marker'] as const)("%s's sign-in clears it", async (who) => {
    const res = await login(t, who);
    expect(res.statusCode).toBe(200);
    expectCleared(res);
  });

  it('a failed sign-in leaves it as it is', async () => {
    const res = await t.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: demo.family.email, password: 'wrong-password' },
    });
    expect(res.statusCode).toBe(401);
    expect(res.headers['set-cookie']).toBeUndefined();
  });

  it('a new family sets it on registration; a new teacher and a guest clear it', async () => {
    const base = {
      gender: 2,
      country: 'JO',
      city: 'Amman',
      password: 'long-enough',
      confirm_password: 'long-enough',
    };
    const family = await t.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...base, type: 0, name: 'Rana Page', email: 'rana@page.test', confirm_email: 'rana@page.test' },
    });
    expect(family.statusCode).toBe(201);
    const cookie = pageCookie(family);
    expect(cookie.value).toBe(family.json().access_token);
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Lax', path: '/', maxAge: t.config.tokenMaxMs / 1000 });

    const teacher = await t.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        ...base,
        type: 1,
        name: 'Sami Page',
        email: 'sami@page.test',
        confirm_email: 'sami@page.test',
        ...TEACHER_SIGN_UP_FIELDS,
      },
    });
    expect(teacher.statusCode).toBe(201);
    expectCleared(teacher);

    const guest = { name: 'Guest Page', gender: 2, age_group: 3, language: 'ar' };
    const viaRegister = await t.inject({ method: 'POST', url: '/api/register', payload: { type: 3, ...guest } });
    expect(viaRegister.statusCode).toBe(201);
    expectCleared(viaRegister);
    const viaTemp = await t.inject({ method: 'POST', url: '/api/temp/register', payload: guest });
    expect(viaTemp.statusCode).toBe(201);
    expectCleared(viaTemp);
  });

  it('sign-out clears it', async () => {
    const token = (await login(t, 'family')).json().access_token;
    const res = await t.inject({ method: 'POST', url: '/api/logout', token });
    expect(res.statusCode).toBe(200);
    expectCleared(res);
  });
});

describe('the cookie over https behind the proxy (TRUST_PROXY=1)', () => {
  const proxied = withApp({ env: { TRUST_PROXY: '1' } });

  it('is Secure when the proxy says the request came over https, and only then', async () => {
    const https = pageCookie(await login(proxied, 'family', { 'x-forwarded-proto': 'https' }));
    expect(https.secure).toBe(true);
    expect(https.line).toMatch(/; Secure(;|$)/);
    expect(pageCookie(await login(proxied, 'family', { 'x-forwarded-proto': 'http' })).secure).toBeUndefined();
    const cleared = await login(proxied, 'teacher', { 'x-forwarded-proto': 'https' });
    expect(pageCookie(cleared).secure).toBe(true);
  });
});

describe('familyPageSession: the family behind a page request', () => {
  it("answers the family's actor for a live token, among other cookies", async () => {
    const token = (await login(t, 'family')).json().access_token;
    const actor = await pageActor(cookieHeader(token));
    expect(actor).toMatchObject({ id: await t.userId('family'), type: 0, roles: ['student'] });
    expect(actor!.permissions.has('access_courses')).toBe(true);
  });

  it('answers null without a cookie, without this cookie, or for a value that is no token', async () => {
    expect(await pageActor(undefined)).toBeNull();
    expect(await pageActor('')).toBeNull();
    expect(await pageActor('neomi.locale=ar')).toBeNull();
    expect(await pageActor(`${PAGE_SESSION_COOKIE}=`)).toBeNull();
    expect(await pageActor(`${PAGE_SESSION_COOKIE}=not%20a%20token`)).toBeNull();
    expect(await pageActor(`${PAGE_SESSION_COOKIE}=${'A'.repeat(43)}`)).toBeNull();
    expect(await pageActor('garbage;;==; =x')).toBeNull();
  });

  it('answers null once the session is signed out (revoked)', async () => {
    const token = (await login(t, 'family')).json().access_token;
    expect(await pageActor(cookieHeader(token))).not.toBeNull();
    expect((await t.inject({ method: 'POST', url: '/api/logout', token })).statusCode).toBe(200);
    expect(await pageActor(cookieHeader(token))).toBeNull();
  });

  it('answers null for an expired or an idle token', async () => {
    const expired = (await login(t, 'family')).json().access_token;
    const idle = (await login(t, 'family')).json().access_token;
    expect(await pageActor(cookieHeader(expired))).not.toBeNull();
    expect(await pageActor(cookieHeader(idle))).not.toBeNull();
    await t.db
      .update(accessTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accessTokens.tokenHash, sha256(expired)));
    await t.db
      .update(accessTokens)
      .set({ lastUsedAt: new Date(Date.now() - t.config.tokenIdleMs - 60_000) })
      .where(eq(accessTokens.tokenHash, sha256(idle)));
    expect(await pageActor(cookieHeader(expired))).toBeNull();
    expect(await pageActor(cookieHeader(idle))).toBeNull();
  });

  it('answers null for a removed user', async () => {
    const token = (await login(t, 'family')).json().access_token;
    const id = await t.userId('family');
    await t.db.update(users).set({ removed: 1 }).where(eq(users.id, id));
    try {
      expect(await pageActor(cookieHeader(token))).toBeNull();
    } finally {
      await t.db.update(users).set({ removed: 0 }).where(eq(users.id, id));
    }
    // the same token, its user active again: the removal alone made the difference
    expect(await pageActor(cookieHeader(token))).not.toBeNull();
  });

  it("answers null for a live token that is not a family's (staff's or a guest's, put in the cookie by hand)", async () => {
    for (const who of ['teacher', 'admin'] as const) {
      const token = (await login(t, who)).json().access_token;
      expect((await t.inject({ url: '/api/me', token })).statusCode).toBe(200);
      expect(await pageActor(cookieHeader(token))).toBeNull();
    }
    const guest = await t.inject({
      method: 'POST',
      url: '/api/temp/register',
      payload: { name: 'Guest Cookie', gender: 1, age_group: 3, language: 'ar' },
    });
    expect(await pageActor(cookieHeader(guest.json().access_token))).toBeNull();
  });
});

describe('the API never takes the cookie', () => {
  it('GET /api/me with only a live cookie answers 401', async () => {
    const token = (await login(t, 'family')).json().access_token;
    const res = await t.inject({ url: '/api/me', headers: { cookie: cookieHeader(token) } });
    expect(res.statusCode).toBe(401);
    expect(res.json().key).toBe('app.errors.unauthenticated');
    // the same token as a bearer is live
    expect((await t.inject({ url: '/api/me', token })).statusCode).toBe(200);
  });

  it('a POST with only the cookie is refused and changes nothing (no request forgery through the cookie)', async () => {
    const token = (await login(t, 'family')).json().access_token;
    const res = await t.inject({
      method: 'POST',
      url: '/api/users/add/child',
      headers: { cookie: cookieHeader(token) },
      payload: { name: 'Forged Child', gender: 2, birthdate: '2017-03-01' },
    });
    expect(res.statusCode).toBe(401);
    expect(await t.db.select().from(children).where(eq(children.name, 'Forged Child'))).toEqual([]);
    const logout = await t.inject({ method: 'POST', url: '/api/logout', headers: { cookie: cookieHeader(token) } });
    expect(logout.statusCode).toBe(401);
    expect(await pageActor(cookieHeader(token))).not.toBeNull();
  });
});

describe('the log', () => {
  it('keeps no Set-Cookie, no Cookie and no token of a family signing in, using a page and signing out', async () => {
    logLines.length = 0;
    const res = await login(t, 'family');
    const token = res.json().access_token;
    expect(pageCookie(res).value).toBe(token);
    await t.inject({ url: '/api/me', headers: { cookie: cookieHeader(token) } });
    await t.inject({ method: 'POST', url: '/api/logout', token });
    const all = logLines.join('\n');
    expect(all).not.toContain(token);
    expect(all.toLowerCase()).not.toContain('set-cookie');
    expect(all).not.toContain(PAGE_SESSION_COOKIE);
    // the answers are logged, by their status alone
    const answers = logLines.map((l) => JSON.parse(l)).filter((e) => e.res);
    expect(answers.length).toBeGreaterThanOrEqual(3);
    for (const e of answers) expect(e.res).toEqual({ statusCode: e.res.statusCode });
  });
});
