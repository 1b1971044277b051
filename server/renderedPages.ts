import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { localeInCookies } from '../domain/localeCookie';
import { FAMILY_PATHS, pathPattern } from '../domain/pagePaths';
import { type TextLocale, pickLocale } from '../domain/texts';
import type { Executor } from './db/client';
import { AppError } from './errors';
import { REDACTED } from './plugins/logPaths';
import { RENDERER_FILE, RENDER_DIR, fillTemplate, templateFile } from './pageTemplate';
import { guestReportOut, guestReportQuery, guestTokenParams } from '../domain/schemas/reports';
import { hitRateLimit } from './repositories/rateLimits';
import { GUEST_REPORT_LIMIT } from './routes/reports/student';
import { checkCertificate } from './services/certificates';
import { guestReport } from './services/learnerReports';
import type * as Renderer from '../src/prerender/renderPage';

/** A page rendered for one request: its status and its HTML, compressed as the browser accepts. */
export interface RenderedPageAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

export interface PageRequest {
  headers: {
    cookie?: string;
    'accept-language'?: string;
    'accept-encoding'?: string;
    'user-agent'?: string;
    'sec-ch-ua-mobile'?: string;
  };
  /** the client's address, as the rate limits count it (request.ip: TRUST_PROXY) */
  ip: string;
}

export type RenderedPageOf = (pathname: string, request: PageRequest) => Promise<RenderedPageAnswer | undefined>;

/** A read of the API answered by its own routes, in the process (Fastify's inject), as a fetch answers it. */
export type ApiInject = (request: {
  method: 'GET' | 'POST';
  url: string;
  headers: Record<string, string>;
  payload?: string;
  remoteAddress: string;
}) => Promise<{
  statusCode: number;
  headers: Record<string, string | string[] | number | undefined>;
  body: string;
}>;

/** What the server needs to render a family's pages: who asks, and the API to answer the page's reads. */
export interface FamilyPageDeps {
  /** the family signed in by the request's page-session cookie (server/pageSession.ts), with its token; else null */
  familyOf: (cookieHeader: string | undefined) => Promise<{ userId: number; token: string } | null>;
  inject: ApiInject;
}

/** What a page is rendered with: its status, what identifies its data (as the page reads its address), the answer. */
interface PageAnswer {
  status: number;
  key: string;
  answer: unknown;
}

/**
 * The family's pages (domain/pagePaths.ts) the server renders with the family's data when the request carries a
 * family's page session (docs/DECISIONS.md "The family's pages rendered with their data").
 */
const FAMILY_PATTERNS = FAMILY_PATHS.map(pathPattern);

/**
 * The API's lists a family's page reads by POST (their filters in the body, docs/API.md): the top bar's
 * notifications and a child's activities. They change nothing, so a render makes them; any other POST, and every other
 * method, is a write, which a render never makes (the call fails there, and the browser makes it once hydrated).
 */
const READS_BY_POST = new Set(['/api/users/notifications', '/api/evaluation/activity']);

export const readsOnly = (method: string, url: string): method is 'GET' | 'POST' =>
  method === 'GET' || (method === 'POST' && READS_BY_POST.has(url.split('?')[0]));

/**
 * The screen a request comes from, guessed: a phone when its browser says so (the `Sec-CH-UA-Mobile` hint Chromium
 * sends, else a phone's User-Agent), else a wider screen. The page is rendered for it, and hydrated with it (src/pageData.tsx).
 */
export const screenOf = (headers: PageRequest['headers']): 'phone' | 'wide' => {
  const hint = headers['sec-ch-ua-mobile'];
  if (hint === '?1') return 'phone';
  if (hint === '?0') return 'wide';
  return /\bMobi|iPhone|iPod/.test(headers['user-agent'] ?? '') ? 'phone' : 'wide';
};

/** The API route's key in the rate-limit store (server/plugins/rateLimits.ts: method, pattern, then the address). */
const rateLimitKey = (route: string, ip: string) => `GET ${route}|${ip}`;

/**
 * The public pages the API server renders per request with their data (docs/DECISIONS.md "The pages with data
 * rendered per request"): each one's path (src/publicPaths.ts) and its data, what the page's API call answers, got
 * through the same service and output schema, under the call's rate limit. An answer the API gives with 404 is the
 * page's not-found state, sent with 404; undefined: the page is not rendered (index.html: the scripts' call answers).
 */
const PAGES: {
  path: string;
  pattern: RegExp;
  answer: (db: Executor, segments: (string | undefined)[], client: { ip: string }) => Promise<PageAnswer | undefined>;
}[] = [
  {
    // GET /api/certificates/:code (server/routes/teaching/documents.ts): public, no rate limit of its own
    path: '/certificate/:code',
    pattern: /^\/certificate\/([^/]+)\/?$/i,
    answer: async (db, [code = '']) => {
      try {
        return { status: 200, key: code, answer: { found: await checkCertificate(db, code) } };
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404)
          return { status: 404, key: code, answer: { missing: true } };
        throw error;
      }
    },
  },
  {
    // GET /api/guest-report/:token?exam_type= (server/routes/reports/student.ts): public, 120 a minute an address
    path: '/guest-report/:token/:exam_type?',
    pattern: /^\/guest-report\/([^/]+)(?:\/([^/]+))?\/?$/i,
    answer: async (db, [token = '', examType = '1'], client) => {
      const params = guestTokenParams.safeParse({ token });
      const query = guestReportQuery.safeParse({ exam_type: examType });
      // the API's 400, said by the page's own call
      if (!params.success || !query.success) return undefined;
      const { hits } = await hitRateLimit(
        db,
        rateLimitKey('/api/guest-report/:token', client.ip),
        GUEST_REPORT_LIMIT.timeWindow,
      );
      // over the limit: the scripts' call gets the 429 and the page says so, as before
      if (hits > GUEST_REPORT_LIMIT.max) return undefined;
      const key = `${token}/${examType}`;
      try {
        const report = guestReportOut.parse(await guestReport(db, token, query.data.exam_type));
        return { status: 200, key, answer: { report } };
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404)
          return { status: 404, key, answer: { error: error.key } };
        throw error;
      }
    },
  },
];

/**
 * At most this many renders wait for the one running; a request beyond them gets index.html (the scripts render the
 * page, as before). Renders run one at a time: the renderer's language and message state is the module's
 * (src/i18n/index.ts), and one render takes a core for its whole length (docs/PERFORMANCE.md "Phone").
 */
const MAX_WAITING = 4;
/** What a render gets when MAX_WAITING renders wait already. */
const BUSY = Symbol('busy');

/** Brotli at a middle quality: the page is compressed per request (quality 11 took ~10 times longer for ~5% less). */
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 5 } };

/** The encoding to send in: brotli, else gzip, if the browser accepts it (q=0 refuses), else none. */
export const encodingFor = (acceptEncoding: string | undefined): 'br' | 'gzip' | undefined => {
  const accepted = new Set<string>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name, ...params] = part.trim().split(';');
    const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    if (name && (q === undefined || Number(q) > 0)) accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip')) return 'gzip';
  return undefined;
};

/**
 * An error as the log may keep it: the address's capability (its segment after the page's name: a certificate's
 * code, a guest's report token) written as `[redacted]` wherever its message or stack repeats it (docs/API.md "What
 * the log keeps").
 */
const redacted = (error: unknown, pathname: string) => {
  const secrets = [pathname.split('/')[2]].filter((segment) => !!segment);
  const clean = (text: string | undefined) =>
    secrets.reduce((cleaned, secret) => cleaned.split(secret).join(REDACTED), text ?? '');
  if (!(error instanceof Error)) return { message: clean(String(error)) };
  return { type: error.name, message: clean(error.message), stack: clean(error.stack) };
};

/**
 * The pages rendered per request with their data, for the console built in `consoleDir`: the certificate check
 * (/certificate/:code) with the check's answer and a guest's report with the report (PAGES), and, given `family`, a
 * family's profile and child pages with the family's data (FAMILY_PATTERNS), in the visitor's language (the same choice
 * as the prerendered pages', server/prerenderedPages.ts) and for the screen guessed (screenOf), by the renderer the
 * build kept in dist/render/ (scripts/prerenderPages.ts) into its template of that language
 * (server/pageTemplate.ts), its data in a JSON block the page starts from (src/pageData.tsx). Nothing (the caller
 * sends index.html, which the scripts render) when the build kept no renderer (an older build, `npm run dev`), the
 * address is not one of these pages, its page declines (PAGES; no family's session), too many renders wait, or the
 * render fails (logged).
 */
export const loadRenderedPages = (
  consoleDir: string,
  db: Executor,
  log: FastifyBaseLogger,
  family?: FamilyPageDeps,
): RenderedPageOf => {
  const renderDir = path.join(consoleDir, RENDER_DIR);
  const rendererFile = path.join(renderDir, RENDERER_FILE);
  if (!fs.existsSync(rendererFile)) return async () => undefined;
  let renderer: Promise<typeof Renderer> | undefined;
  const loadRenderer = () => (renderer ??= import(pathToFileURL(rendererFile).href) as Promise<typeof Renderer>);
  const templates = new Map<string, string>();
  const templateOf = (locale: string) => {
    let template = templates.get(locale);
    if (template === undefined) {
      template = fs.readFileSync(path.join(renderDir, templateFile(locale)), 'utf8');
      templates.set(locale, template);
    }
    return template;
  };
  let running: Promise<unknown> = Promise.resolve();
  let waiting = 0;
  /** `task` once the renders before it have finished; BUSY at once when too many wait. */
  const oneAtATime = async <T>(task: () => Promise<T>): Promise<T | typeof BUSY> => {
    if (waiting >= MAX_WAITING) return BUSY;
    waiting += 1;
    const turn = running.then(() => {
      waiting -= 1;
      return task();
    });
    running = turn.catch(() => undefined);
    return turn;
  };
  const localeOf = (r: typeof Renderer, headers: PageRequest['headers']) =>
    pickLocale(localeInCookies(headers.cookie), headers['accept-language'], r.DEFAULT_LOCALE as TextLocale);

  /** The page with a public answer (PAGES), rendered in its template. */
  const publicPage = async (page: (typeof PAGES)[number], pathname: string, { headers, ip }: PageRequest) => {
    const segments = page.pattern.exec(pathname)!.slice(1);
    const answered = await page.answer(db, segments, { ip });
    if (!answered) return undefined;
    // as the browser reads it from the block: dates as the API's JSON has them
    const answer: unknown = JSON.parse(JSON.stringify(answered.answer));
    const html = await oneAtATime(async () => {
      const r = await loadRenderer();
      const locale = localeOf(r, headers);
      const data = { page: page.path, key: answered.key, answer, screen: screenOf(headers) };
      const { html: root, styles } = await r.renderPageWithData(pathname, locale, data);
      return fillTemplate(templateOf(locale), { locale, pagePath: page.path, html: root, styles, data });
    });
    return html === BUSY ? BUSY : { status: answered.status, html };
  };

  /**
   * A family's page, rendered with the family's data when the request's page session is a family's: the page's reads
   * are answered by the API's own routes with the family's token, from the visitor's address (its rate limits).
   */
  const familyPage = async (pathname: string, { headers, ip }: PageRequest, deps: FamilyPageDeps) => {
    const session = await deps.familyOf(headers.cookie);
    if (!session) return undefined;
    const html = await oneAtATime(async () => {
      const r = await loadRenderer();
      const locale = localeOf(r, headers);
      const api = async (url: string, init: RequestInit) => {
        const method = init.method ?? 'GET';
        if (!readsOnly(method, url)) throw new Error(`a render makes no writes: ${method} ${url.split('?')[0]}`);
        const answer = await deps.inject({
          method,
          url,
          headers: {
            accept: 'application/json',
            'accept-language': locale,
            authorization: `Bearer ${session.token}`,
            ...(typeof init.body === 'string' ? { 'content-type': 'application/json' } : {}),
          },
          ...(typeof init.body === 'string' ? { payload: init.body } : {}),
          remoteAddress: ip,
        });
        return new Response(answer.body, { status: answer.statusCode });
      };
      const key = r.familyPageKey(pathname, session.userId);
      const rendered = await r.renderFamilyPage(pathname, locale, { api, screen: screenOf(headers), key });
      if (!rendered) return undefined;
      const { html: root, styles, data } = rendered;
      return fillTemplate(templateOf(locale), { locale, pagePath: data.page, html: root, styles, data });
    });
    return html === BUSY || html === undefined ? html : { status: 200, html };
  };

  return async (pathname, request) => {
    const page = PAGES.find(({ pattern }) => pattern.test(pathname));
    const isFamilyPage = !!family && FAMILY_PATTERNS.some((pattern) => pattern.test(pathname));
    if (!page && !isFamilyPage) return undefined;
    const name = page?.path ?? pathname;
    try {
      const rendered = page ? await publicPage(page, pathname, request) : await familyPage(pathname, request, family!);
      if (rendered === BUSY)
        log.warn({ page: name, waiting }, 'rendered page: too many renders waiting, index.html sent');
      if (rendered === BUSY || rendered === undefined) return undefined;
      const encoding = encodingFor(request.headers['accept-encoding']);
      const bytes = Buffer.from(rendered.html);
      const body = encoding === 'br' ? await brotli(bytes, BROTLI) : encoding === 'gzip' ? await gzip(bytes) : bytes;
      return {
        status: rendered.status,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          // a learner's first name or report, a family's children, read afresh on every visit: kept by no browser or
          // cache on the way (docs/SECURITY.md "Data in the pages")
          'cache-control': 'no-store',
          vary: 'Cookie, Accept-Language, Accept-Encoding, User-Agent, Sec-CH-UA-Mobile',
          ...(encoding ? { 'content-encoding': encoding } : {}),
        },
        body,
      };
    } catch (error) {
      log.error({ err: redacted(error, pathname), page: name }, 'rendered page: render failed, index.html sent');
      return undefined;
    }
  };
};
