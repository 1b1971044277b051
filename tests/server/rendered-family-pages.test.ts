import path from 'node:path';
import zlib from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { PAGE_SESSION_COOKIE } from '../../domain/pageSessionCookie';
import type { FastifyBaseLogger } from 'fastify';
import { type ApiInject, loadRenderedPages, readsOnly } from '../../server/renderedPages';
import { ROOT, ensureBuilt } from '../e2e/support/server';
import { makeFamily } from './support/teaching';
import { withApp } from './support/withApp';

/**
 * A family's profile and child pages rendered per request with the family's data (server/renderedPages.ts,
 * src/prerender/renderPage.tsx renderFamilyPage) when the request carries the family's page session
 * (server/pageSession.ts): the real build, served by the app as `npm start` serves it. docs/DECISIONS.md "The
 * family's pages rendered with their data".
 */
const t = withApp(() => {
  ensureBuilt();
  return { consoleDir: path.join(ROOT, 'dist') };
});

let family = { id: 0, token: '', childId: 0 };
let other = { id: 0, token: '', childId: 0 };
beforeAll(async () => {
  family = await makeFamily(t, 'rendered.profile@demo.test', { name: 'سلمى', birthdate: '2017-02-03', gender: 2 });
  other = await makeFamily(t, 'rendered.other@demo.test', { name: 'Omar Other' });
});

/** The page's JSON block, parsed as the browser reads it (src/pageData.tsx). */
const dataBlockOf = (html: string) => {
  const block = /<script type="application\/json" id="neomi-page-data">([^<]*)<\/script>/.exec(html);
  return block ? JSON.parse(block[1]) : undefined;
};

/** The query keys the page was rendered with (react-query's dehydrated state in the block). */
const queryKeysOf = (html: string): unknown[][] =>
  dataBlockOf(html).answer.queries.queries.map((q: { queryKey: unknown[] }) => q.queryKey);

const session = (token: string) => `${PAGE_SESSION_COOKIE}=${token}`;
const page = (url: string, headers: Record<string, string> = {}) => t.inject({ url, headers });
const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/131.0 Mobile Safari/537.36';

/** index.html as the scripts render it: no page in the root, no data. */
const expectIndexHtml = (html: string) => {
  expect(html).toContain('<div id="root"></div>');
  expect(dataBlockOf(html)).toBeUndefined();
};

describe('GET /profile with a family page session', () => {
  it("holds the family's account and children, and the answers the page was rendered with", async () => {
    const res = await page('/profile', { cookie: `${session(family.token)}; neomi.locale=en`, 'user-agent': PHONE });
    expect(res.statusCode).toBe(200);
    const html = res.body;
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('<div id="root" data-page="/profile" data-locale="en">');
    expect(html).toContain('Other Family');
    expect(html).toContain('rendered.profile@demo.test');
    expect(html).toContain('سلمى');
    // another family's child is in no page of this family
    expect(html).not.toContain('Omar Other');
    const data = dataBlockOf(html);
    expect(data).toMatchObject({ page: '/profile', key: String(family.id), screen: 'phone' });
    const keys = queryKeysOf(html);
    expect(keys).toContainEqual(['auth', 'me']);
    expect(keys.some((key) => key[0] === 'children' && key[1] === 'getManyReference')).toBe(true);
    // the top bar's notifications, a list read by POST; what the device's session answers (react-admin's identity
    // and permissions) is left to the browser
    expect(keys).toContainEqual(['notifications']);
    expect(keys.some((key) => key[0] === 'auth' && key[1] !== 'me')).toBe(false);
    // the page, not a spinner, and every part in place; no script but the block
    expect(html).not.toMatch(/<!--\$[?!]-->/);
    expect(html.match(/<script(?![^>]*(src=|type="application\/json"))/g)).toBeNull();
  });

  it('is rendered for the screen the browser says, in the language of its cookie, else of Accept-Language', async () => {
    const wide = await page('/profile', { cookie: session(family.token), 'accept-language': 'de-DE,de;q=0.9' });
    expect(wide.body).toContain('<html lang="de" dir="ltr">');
    expect(dataBlockOf(wide.body).screen).toBe('wide');
    const arabic = await page('/profile', { cookie: session(family.token), 'sec-ch-ua-mobile': '?1' });
    expect(arabic.body).toContain('<html lang="ar" dir="rtl">');
    expect(dataBlockOf(arabic.body).screen).toBe('phone');
  });

  it('is never stored, varies by the session and the screen, and goes compressed as the browser accepts', async () => {
    const res = await page('/profile', { cookie: session(family.token), 'accept-encoding': 'gzip, br' });
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding, User-Agent, Sec-CH-UA-Mobile');
    expect(res.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(res.rawPayload).toString()).toContain('سلمى');
  });
});

describe('GET /student-details/:id with a family page session', () => {
  it("holds the child's details, rendered for this family and this child", async () => {
    const res = await page(`/student-details/${family.childId}`, {
      cookie: `${session(family.token)}; neomi.locale=ar`,
    });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<div id="root" data-page="/student-details/:id" data-locale="ar">');
    expect(res.body).toContain('سلمى');
    expect(dataBlockOf(res.body)).toMatchObject({
      page: '/student-details/:id',
      key: `${family.id}/${family.childId}`,
    });
    expect(queryKeysOf(res.body)).toContainEqual(['studentDetails', String(family.childId)]);
  });

  it("leaves another family's child to the scripts (the API answers them 404), and shows nothing of it", async () => {
    const res = await page(`/student-details/${other.childId}`, { cookie: session(family.token) });
    expect(res.statusCode).toBe(200);
    expectIndexHtml(res.body);
    expect(res.body).not.toContain('Omar Other');
  });
});

describe('without a family page session', () => {
  it('sends index.html with no cookie, a garbage one, a staff member’s token or a token signed out', async () => {
    const teacher = await t.token('teacher');
    const signedOut = await t.signIn('rendered.profile@demo.test', 'password-1');
    expect((await t.inject({ method: 'POST', url: '/api/logout', token: signedOut })).statusCode).toBe(200);
    for (const cookie of [undefined, session('not-a-token'), session(teacher), session(signedOut)]) {
      const res = await page('/profile', cookie ? { cookie } : {});
      expect(res.statusCode, cookie).toBe(200);
      expectIndexHtml(res.body);
      expect(res.body, cookie).not.toContain('rendered.profile@demo.test');
    }
  });
});

describe("a family page's render", () => {
  it('only reads: GETs, and the two lists read by POST; the calls come from the visitor, with the family token', async () => {
    const calls: Parameters<ApiInject>[0][] = [];
    const inject: ApiInject = async (call) => {
      calls.push(call);
      const res = await t.app.inject(call);
      return { statusCode: res.statusCode, headers: res.headers, body: res.body };
    };
    const log = {
      error: () => undefined,
      warn: () => undefined,
      info: () => undefined,
    } as unknown as FastifyBaseLogger;
    const renderedPageOf = loadRenderedPages(path.join(ROOT, 'dist'), t.db, log, {
      familyOf: async () => ({ userId: family.id, token: family.token }),
      inject,
    });
    for (const pathname of ['/profile', `/student-details/${family.childId}`]) {
      const rendered = await renderedPageOf(pathname, { headers: {}, ip: '10.1.2.3' });
      expect(rendered?.status, pathname).toBe(200);
    }
    const made = calls.map((call) => `${call.method} ${call.url.split('?')[0]}`);
    expect(made).toContain('GET /api/me');
    expect(made).toContain('POST /api/users/notifications');
    expect(made).toContain(`GET /api/student/details/${family.childId}`);
    for (const call of made) expect(call).toMatch(/^(GET |POST \/api\/(users\/notifications|evaluation\/activity)$)/);
    for (const call of calls) {
      expect(call.headers.authorization).toBe(`Bearer ${family.token}`);
      expect(call.remoteAddress).toBe('10.1.2.3');
    }
  });

  it('would refuse any write: other POSTs, PUT, DELETE', () => {
    expect(readsOnly('GET', '/api/me')).toBe(true);
    expect(readsOnly('POST', '/api/users/notifications?x=1')).toBe(true);
    expect(readsOnly('POST', '/api/users/notifications/read')).toBe(false);
    expect(readsOnly('POST', '/api/users/add/child')).toBe(false);
    expect(readsOnly('PUT', '/api/me')).toBe(false);
    expect(readsOnly('DELETE', '/api/users/notifications')).toBe(false);
  });
});
