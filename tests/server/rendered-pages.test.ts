import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { eq, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { formatDay } from '../../domain/format';
import { certificates } from '../../server/db/schema';
import { loadRenderedPages } from '../../server/renderedPages';
import { readRateLimit } from '../../server/repositories/rateLimits';
import { GUEST_REPORT_LIMIT } from '../../server/routes/reports/student';
import { ROOT, ensureBuilt } from '../e2e/support/server';
import { scoreLearner } from './support/reports';
import { groupId, makeFamily } from './support/teaching';
import { withApp } from './support/withApp';

/**
 * The certificate check and a guest's report rendered per request with their data (server/renderedPages.ts), by the
 * renderer the build keeps in dist/render/ (scripts/prerenderPages.ts): the real build (made here when dist/ is
 * stale), served by the app as `npm start` serves it. docs/ARCHITECTURE.md §5.
 */
const DIST = path.join(ROOT, 'dist');
const logLines: string[] = [];
const t = withApp(() => {
  ensureBuilt();
  return { consoleDir: DIST, logLines };
});

let code = '';
let issuedOn = '';
beforeAll(async () => {
  const family = await makeFamily(t, 'rendered.family@demo.test', { name: 'ليلى حسن', birthdate: '2016-03-01' });
  const drawingA = await groupId(t, 'Drawing A');
  const join = await t.inject({
    method: 'POST',
    url: `/api/groups/add/${drawingA}/1`,
    token: family.token,
    payload: { user_id: family.childId, promo_code: 'DRAWA1' },
  });
  expect(join.statusCode).toBe(200);
  const issued = await t.inject({ url: `/api/users/export/certificate/${family.childId}/${drawingA}`, as: 'teacher' });
  expect(issued.statusCode).toBe(200);
  const [certificate] = await t.db.select().from(certificates).where(eq(certificates.childId, family.childId));
  code = certificate.code;
  issuedOn = certificate.issuedAt.toISOString().slice(0, 10);
});

/** The page's JSON block, parsed as the browser reads it (src/pageData.tsx). */
const dataBlockOf = (html: string) => {
  const block = /<script type="application\/json" id="neomi-page-data">([^<]*)<\/script>/.exec(html);
  return block ? JSON.parse(block[1]) : undefined;
};

const page = (url: string, headers: Record<string, string> = {}) => t.inject({ url, headers });

describe('GET /certificate/:code, rendered with the check', () => {
  it("holds the learner's first name, the course and the date, and the check's answer for the browser", async () => {
    const res = await page(`/certificate/${code}`, { cookie: 'neomi.locale=en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const html = res.body;
    expect(html).toContain('<html lang="en" dir="ltr">');
    expect(html).toContain('<div id="root" data-page="/certificate/:code" data-locale="en">');
    expect(html).toContain('This certificate was given by Neomi Academy.');
    expect(html).toContain('ليلى');
    expect(html).not.toContain('حسن');
    expect(html).toContain('Creative Drawing');
    expect(html).toContain(formatDay(issuedOn, 'en', { dateStyle: 'long' }));
    expect(dataBlockOf(html)).toEqual({
      page: '/certificate/:code',
      key: code,
      answer: { found: { code, course: 'Creative Drawing', date: issuedOn, first_name: 'ليلى' } },
      // the request's browser says nothing of a phone: rendered for a wider screen
      screen: 'wide',
    });
    // no spinner in place of the answer, every part in place, and no script but the block (not executed)
    expect(html).not.toContain('MuiCircularProgress');
    expect(html).not.toMatch(/<!--\$[?!]-->/);
    expect(html.match(/<script(?![^>]*(src=|type="application\/json"))/g)).toBeNull();
  });

  it('answers a code as the API does, whatever its case, keyed as the page reads its address', async () => {
    const res = await page(`/certificate/${code.toLowerCase()}`, { cookie: 'neomi.locale=en' });
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('ليلى');
    expect(dataBlockOf(res.body).key).toBe(code.toLowerCase());
  });

  it('says no certificate has an unknown code, with 404, in the language asked', async () => {
    const res = await page('/certificate/AAAA-BBBB-CCCC', { 'accept-language': 'fr-FR,fr;q=0.9' });
    expect(res.statusCode).toBe(404);
    expect(res.body).toContain('<html lang="fr" dir="ltr">');
    expect(res.body).toContain('Aucun certificat ne porte ce code');
    expect(dataBlockOf(res.body)).toEqual({
      page: '/certificate/:code',
      key: 'AAAA-BBBB-CCCC',
      answer: { missing: true },
      screen: 'wide',
    });
    // a code of another shape is not found either, never a 500
    const odd = await page(`/certificate/${encodeURIComponent("x' or 1=1 <b>&")}`);
    expect(odd.statusCode).toBe(404);
    // the block holds the address's code as the page reads it, its `<` escaped (dataBlockOf reads up to a `<`)
    expect(dataBlockOf(odd.body).key).toBe("x' or 1=1 <b>&");
  });

  it('is in the language of the cookie, else of Accept-Language, else the build default (Arabic)', async () => {
    const cases = [
      [{ cookie: 'neomi.locale=de', 'accept-language': 'fr' }, 'de', 'ltr'],
      [{ 'accept-language': 'xx, de-DE;q=0.8' }, 'de', 'ltr'],
      [{ 'accept-language': 'en-GB' }, 'en', 'ltr'],
      [{}, 'ar', 'rtl'],
    ] as const;
    for (const [headers, locale, dir] of cases) {
      const res = await page(`/certificate/${code}`, headers);
      expect(res.body).toContain(`<html lang="${locale}" dir="${dir}">`);
      expect(res.body).toContain(`data-locale="${locale}"`);
      expect(res.body).toContain(formatDay(issuedOn, locale, { dateStyle: 'long' }));
    }
  });

  it('is rendered for a phone when the browser says it is one, else for a wider screen', async () => {
    const cases = [
      [{ 'sec-ch-ua-mobile': '?1' }, 'phone'],
      [{ 'sec-ch-ua-mobile': '?0', 'user-agent': 'Mozilla/5.0 (Linux; Android 14) Mobile Safari/537.36' }, 'wide'],
      [{ 'user-agent': 'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) Mobile/15E148 Safari/604.1' }, 'phone'],
      [{ 'user-agent': 'Mozilla/5.0 (Linux; Android 14; Pixel 8) Chrome/131.0 Mobile Safari/537.36' }, 'phone'],
      [{ 'user-agent': 'Mozilla/5.0 (Linux; Android 14; SM-X710) Chrome/131.0 Safari/537.36' }, 'wide'],
      [{ 'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) Chrome/131.0 Safari/537.36' }, 'wide'],
    ] as const;
    for (const [headers, screen] of cases) {
      const res = await page(`/certificate/${code}`, headers);
      expect(dataBlockOf(res.body).screen, JSON.stringify(headers)).toBe(screen);
    }
  });

  it('varies by language and encoding, is never stored, and goes compressed as the browser accepts', async () => {
    const plain = await page(`/certificate/${code}`, { 'accept-encoding': 'identity' });
    expect(plain.headers.vary).toBe('Cookie, Accept-Language, Accept-Encoding, User-Agent, Sec-CH-UA-Mobile');
    expect(plain.headers['cache-control']).toBe('no-store');
    expect(plain.headers['content-encoding']).toBeUndefined();
    // the page's Content-Security-Policy as every page's: no inline script runs
    expect(plain.headers['content-security-policy']).toContain("script-src 'self'");

    const br = await page(`/certificate/${code}`, { 'accept-encoding': 'gzip, deflate, br' });
    expect(br.headers['content-encoding']).toBe('br');
    const brText = zlib.brotliDecompressSync(br.rawPayload).toString('utf8');
    expect(brText).toContain('ليلى');
    expect(br.rawPayload.length).toBeLessThan(brText.length / 3);

    const gz = await page(`/certificate/${code}`, { 'accept-encoding': 'br;q=0, gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.rawPayload).toString('utf8')).toContain('ليلى');
  });

  it('never writes the code to the log', async () => {
    await page(`/certificate/${code}`);
    expect(logLines.join('\n')).not.toContain(code);
  });
});

describe('the renderer in dist/render/', () => {
  it('is never served to a browser: its addresses get the page, not the files', async () => {
    for (const url of ['/render/render.mjs', '/render/templates/en.html', '/render/../render/render.mjs']) {
      const res = await page(url);
      expect(await fs.stat(path.join(DIST, 'render', 'render.mjs'))).toBeTruthy();
      expect(res.headers['content-type']).toContain('text/html');
      expect(res.body).toContain('<div id="root"></div>');
      expect(res.body).not.toContain('renderPublicPage');
      expect(res.body).not.toContain('neomi:page-root');
    }
  });
});

describe('without a renderer, or when it fails', () => {
  const logged: string[] = [];
  const write = (object: unknown, message: string) => void logged.push(`${JSON.stringify(object)} ${message}`);
  const log = { error: write, warn: write, info: write } as unknown as FastifyBaseLogger;

  it('renders nothing (index.html goes) when the build kept no renderer (an older build, npm run dev)', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ssr-norender-'));
    const renderedPageOf = loadRenderedPages(dir, t.db, log);
    expect(await renderedPageOf(`/certificate/${code}`, { headers: {}, ip: '127.0.0.1' })).toBeUndefined();
    await fs.rm(dir, { recursive: true });
  });

  it('renders nothing and logs, without the code, when the render fails', async () => {
    const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'ssr-failing-'));
    await fs.mkdir(path.join(dir, 'render', 'templates'), { recursive: true });
    await fs.writeFile(
      path.join(dir, 'render', 'render.mjs'),
      "export const DEFAULT_LOCALE = 'ar';\n" +
        'export const renderPageWithData = async (pathname) => { throw new Error(`no render of ${pathname}`); };\n',
    );
    const renderedPageOf = loadRenderedPages(dir, t.db, log);
    expect(await renderedPageOf(`/certificate/${code}`, { headers: {}, ip: '127.0.0.1' })).toBeUndefined();
    expect(logged.join('\n')).toContain('render failed');
    // the page is named by its pattern; the code, in the renderer's own message here, is redacted
    expect(logged.join('\n')).toContain('/certificate/:code');
    expect(logged.join('\n')).toContain('no render of /certificate/[redacted]');
    expect(logged.join('\n')).not.toContain(code);
    await fs.rm(dir, { recursive: true });
  });
});

describe("GET /guest-report/:token/:exam_type?, rendered with the guest's report", () => {
  const PAGE = '/guest-report/:token/:exam_type?';
  let token = '';
  beforeAll(async () => {
    const registered = await t.inject({ method: 'POST', url: '/api/temp/register', payload: {} });
    expect(registered.statusCode).toBe(201);
    const { student, report_link } = registered.json();
    token = report_link.split('/').pop();
    await scoreLearner(t.db, student.id, 1, 1, { fluency: 4, flexibility: 3, originality: 1 });
  });

  it("holds the guest's name, level and scores, and for the browser exactly the API's answer", async () => {
    const api = (await t.inject({ url: `/api/guest-report/${token}?exam_type=1` })).json();
    expect(api.status).toBe('scored');
    const res = await page(`/guest-report/${token}`, { cookie: 'neomi.locale=en' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toContain(`<div id="root" data-page="${PAGE}" data-locale="en">`);
    expect(res.body).toContain('Learner report');
    expect(res.body).toContain(api.student.name);
    expect(res.body).toContain('data-testid="percentile"');
    expect(res.body).toContain('Scores against the average of all takers');
    expect(res.body).not.toContain('MuiCircularProgress');
    expect(res.body).not.toMatch(/<!--\$[?!]-->/);
    expect(dataBlockOf(res.body)).toEqual({ page: PAGE, key: `${token}/1`, answer: { report: api }, screen: 'wide' });
    // the post-test, by the address's exam type: not taken
    const post = await page(`/guest-report/${token}/2`, { cookie: 'neomi.locale=en' });
    expect(post.body).toContain('This test has not been taken yet.');
    expect(dataBlockOf(post.body).key).toBe(`${token}/2`);
  });

  it('an unknown link says so, with 404; a malformed one is left to the scripts (the API answers it 400)', async () => {
    const unknown = await page(`/guest-report/${'x'.repeat(32)}`, { cookie: 'neomi.locale=fr' });
    expect(unknown.statusCode).toBe(404);
    const { error } = dataBlockOf(unknown.body).answer;
    expect(error).toBe((await t.inject({ url: `/api/guest-report/${'x'.repeat(32)}` })).json().key);
    expect(unknown.body).toContain('<html lang="fr" dir="ltr">');
    expect(unknown.body).not.toContain('MuiCircularProgress');
    for (const url of ['/guest-report/short', `/guest-report/${token}/9`]) {
      const res = await page(url);
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('<div id="root"></div>');
    }
  });

  it("counts in the API call's rate limit, and over it leaves the page to the scripts", async () => {
    // the key @fastify/rate-limit counts the API call under (server/plugins/rateLimits.ts), as the call wrote it
    await t.inject({ url: `/api/guest-report/${token}` });
    const keys = await t.db.execute<{ key: string }>(sql`select key from rate_limits where key like '%guest-report%'`);
    expect(keys.rows).toHaveLength(1);
    const { key } = keys.rows[0];
    const before = (await readRateLimit(t.db, key)).hits;
    await page(`/guest-report/${token}`);
    expect((await readRateLimit(t.db, key)).hits).toBe(before + 1);
    await t.inject({ url: `/api/guest-report/${token}` });
    expect((await readRateLimit(t.db, key)).hits).toBe(before + 2);
    await t.db.execute(sql`update rate_limits set hits = ${GUEST_REPORT_LIMIT.max} where key = ${key}`);
    const over = await page(`/guest-report/${token}`);
    expect(over.statusCode).toBe(200);
    expect(over.body).toContain('<div id="root"></div>');
    expect((await t.inject({ url: `/api/guest-report/${token}` })).statusCode).toBe(429);
  });
});
