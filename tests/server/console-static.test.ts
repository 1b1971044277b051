import http from 'node:http';
import type { AddressInfo } from 'node:net';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  ASSET_JS,
  INDEX_HTML,
  MANIFEST,
  PRERENDERED,
  SECRET_MARK,
  SW_JS,
  makeConsoleFixture,
  type ConsoleFixture,
} from './support/consoleFixture';
import { withApp } from './support/withApp';

/**
 * The built console as the server serves it (server/app.ts, `npm start`):
 * the page with its Content-Security-Policy and never cached, hashed assets,
 * client-side routes answered with the page, /api/* never answered with the
 * page, and nothing outside the console folder, however the path is spelt.
 * Requests go over real HTTP with their paths as sent (an injected request's
 * URL could be normalised on the way).
 */
let fixture: ConsoleFixture;
let port: number;
const t = withApp(async () => {
  fixture = await makeConsoleFixture();
  return { consoleDir: fixture.dir };
});
beforeAll(async () => {
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await fixture?.remove();
});

interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** the body as sent, before any decoding */
  bytes: Buffer;
}

/** One request with the path exactly as given (no normalisation of dot segments or escapes). */
const fetchRaw = (rawPath: string, method = 'GET', headers: http.OutgoingHttpHeaders = {}): Promise<Answer> =>
  new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port, method, path: rawPath, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => {
        const bytes = Buffer.concat(chunks);
        resolve({ status: res.statusCode ?? 0, headers: res.headers, body: bytes.toString('utf8'), bytes });
      });
    });
    req.on('error', reject);
    req.end();
  });

/** The page's policy as a map of directive → sources. */
const policyOf = (header: string | string[] | undefined) =>
  Object.fromEntries(
    String(header ?? '')
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );

describe('the console page', () => {
  it.each(['/', '/index.html', '/groups/7/show', '/exam/1/12?challenge=2', '/ar/login'])(
    '%s: the page, with its Content-Security-Policy, never cached',
    async (url) => {
      const res = await fetchRaw(url);
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.body).toBe(INDEX_HTML);
      expect(res.headers['cache-control']).toBe('no-cache');
      const policy = policyOf(res.headers['content-security-policy']);
      expect(policy['default-src']).toEqual(["'self'"]);
      expect(policy['script-src']).toEqual(["'self'"]);
      expect(policy['object-src']).toEqual(["'none'"]);
      expect(policy['frame-ancestors']).toEqual(["'self'"]);
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['worker-src']).toEqual(["'self'"]);
      expect(policy['manifest-src']).toEqual(["'self'"]);
      expect(res.headers['x-content-type-options']).toBe('nosniff');
    },
  );

  it('serves a hashed asset as itself, cached for good, under the same policy', async () => {
    const res = await fetchRaw('/assets/x-hash.js');
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.body).toBe(ASSET_JS);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it("sends a hashed asset's brotli copy to a browser that accepts it, cached for good", async () => {
    const res = await fetchRaw('/assets/x-hash.js', 'GET', { 'accept-encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(zlib.brotliDecompressSync(res.bytes).toString('utf8')).toBe(ASSET_JS);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('sends the gzip copy to a browser that accepts only gzip, and the page compressed but revalidated', async () => {
    const asset = await fetchRaw('/assets/x-hash.js', 'GET', { 'accept-encoding': 'gzip' });
    expect(asset.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(asset.bytes).toString('utf8')).toBe(ASSET_JS);
    const page = await fetchRaw('/groups/7/show', 'GET', { 'accept-encoding': 'br, gzip' });
    expect(page.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(page.bytes).toString('utf8')).toBe(INDEX_HTML);
    expect(page.headers['cache-control']).toBe('no-cache');
  });

  // a worker or manifest cached by the browser would keep an old console after a deploy (docs/api/exams.md)
  it.each([
    ['/sw.js', /javascript/, SW_JS],
    ['/manifest.webmanifest', /manifest\+json/, MANIFEST],
  ])('%s: itself, revalidated on every use (no-cache), compressed or not', async (url, type, text) => {
    const plain = await fetchRaw(url);
    expect(plain.status).toBe(200);
    expect(plain.headers['content-type']).toMatch(type);
    expect(plain.body).toBe(text);
    expect(plain.headers['cache-control']).toBe('no-cache');
    const br = await fetchRaw(url, 'GET', { 'accept-encoding': 'br' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.bytes).toString('utf8')).toBe(text);
    expect(br.headers['cache-control']).toBe('no-cache');
  });

  it('does not serve the compressed copies as files of their own', async () => {
    const res = await fetchRaw('/assets/x-hash.js.br');
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.body).toBe(INDEX_HTML);
  });
});

// the light pages rendered at build time, in the visitor's language (server/prerenderedPages.ts)
describe('the prerendered light pages', () => {
  it.each([
    ["no cookie, no Accept-Language: the build's default", {}, 'ar'],
    ["the browser's first language of ours", { 'accept-language': 'ja, de-AT;q=0.9, en;q=0.8' }, 'de'],
    ['a language of ours with its region', { 'accept-language': 'en-GB,en;q=0.9' }, 'en'],
    ['none of ours: the default', { 'accept-language': 'ja, zh-CN' }, 'ar'],
    ['the locale cookie over the browser', { cookie: 'a=1; neomi.locale=fr', 'accept-language': 'en' }, 'fr'],
    ['German by its alias', { cookie: 'neomi.locale=gr' }, 'de'],
  ])('/login, %s', async (_case, headers, locale) => {
    const res = await fetchRaw('/login', 'GET', headers);
    expect(res.status).toBe(200);
    expect(res.body).toBe(PRERENDERED('login', locale));
    expect(res.headers['content-type']).toMatch(/^text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    // a cache in between keeps one copy per language
    expect(res.headers.vary).toMatch(/cookie/i);
    expect(res.headers.vary).toMatch(/accept-language/i);
    expect(policyOf(res.headers['content-security-policy'])['script-src']).toEqual(["'self'"]);
  });

  it('answers the page at every spelling of its address, compressed for a browser that accepts it', async () => {
    for (const url of ['/login/', '/LOGIN', '/login?next=%2Fgroups', '/reset-password/a1b2c3', '/reset-password/x/']) {
      const res = await fetchRaw(url, 'GET', { 'accept-language': 'en', 'accept-encoding': 'br, gzip' });
      expect(res.headers['content-encoding'], url).toBe('br');
      const name = url.startsWith('/reset') ? 'reset-password' : 'login';
      expect(zlib.brotliDecompressSync(res.bytes).toString('utf8'), url).toBe(PRERENDERED(name, 'en'));
    }
  });

  it.each(['/login/x', '/reset-password', '/reset-password/a/b', '/groups/7/show'])(
    '%s: another address gets the page the scripts render',
    async (url) => {
      const res = await fetchRaw(url, 'GET', { 'accept-language': 'en' });
      expect(res.body).toBe(INDEX_HTML);
    },
  );
});

describe('/api/* is never the page', () => {
  it.each([
    ['GET', '/api/'],
    ['GET', '/api/no-such-call'],
    ['GET', '/api/users/999999/no-such-part'],
    ['POST', '/api/no-such-call'],
    ['GET', '/api/no-such-call?x=1'],
    ['GET', '/api'],
    ['GET', '/api?x=1'],
    // the same paths with escapes: the API's own routes answer them decoded, so the page never does
    ['GET', '/%61pi/no-such-call'],
    ['GET', '/api%2fno-such-call'],
    ['GET', '/api%2Fno-such-call'],
  ])('%s %s answers 404 in JSON with a message key', async (method, url) => {
    const res = await fetchRaw(url, method);
    expect(res.status).toBe(404);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).not.toContain('<html');
    expect(JSON.parse(res.body).key).toBe('app.errors.notFound');
  });

  it('a real call still answers as the API (not the page)', async () => {
    const res = await fetchRaw('/api/me');
    expect(res.status).toBe(401);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});

describe('nothing outside the console folder', () => {
  it.each([
    '/..%2f..%2fpackage.json',
    '/..%2F..%2Fpackage.json',
    '/%2e%2e/%2e%2e/package.json',
    '/%2e%2e%2f%2e%2e%2fpackage.json',
    '/../../package.json',
    '/assets/../../server/config.ts',
    '/assets/..%2f..%2fserver%2fconfig.ts',
    '/assets/%2e%2e/%2e%2e/server/config.ts',
    '/assets/..%5c..%5cserver%5cconfig.ts',
    '/assets/..%252f..%252fserver%252fconfig.ts',
    '/../dist-private/secret.txt',
    '/..%2fdist-private%2fsecret.txt',
    '/assets/x-hash.js/../../../package.json',
    '//etc/passwd',
  ])('%s: the page or a refusal, never the file', async (url) => {
    const res = await fetchRaw(url);
    expect(res.status).toBeLessThan(500);
    expect(res.body).not.toContain(SECRET_MARK);
    expect(res.body).not.toContain('root:x:0:0');
    // whatever is answered is the page itself or a refusal in JSON
    if (res.status === 200) expect(res.body).toBe(INDEX_HTML);
    else expect(res.headers['content-type']).toMatch(/^application\/json/);
  });
});
