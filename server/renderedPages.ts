import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { FastifyBaseLogger } from 'fastify';
import { localeInCookies } from '../domain/localeCookie';
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

export type RenderedPageOf = (
  pathname: string,
  request: {
    headers: { cookie?: string; 'accept-language'?: string; 'accept-encoding'?: string };
    /** the client's address, as the rate limits count it (request.ip: TRUST_PROXY) */
    ip: string;
  },
) => Promise<RenderedPageAnswer | undefined>;

/** What a page is rendered with: its status, what identifies its data (as the page reads its address), the answer. */
interface PageAnswer {
  status: number;
  key: string;
  answer: unknown;
}

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
 * (/certificate/:code) with the check's answer and a guest's report with the report (PAGES), in the visitor's
 * language (the same choice as the prerendered pages', server/prerenderedPages.ts), by the renderer the build kept
 * in dist/render/ (scripts/prerenderPages.ts) into its template of that language (server/pageTemplate.ts), its data
 * in a JSON block the page starts from (src/pageData.tsx). Nothing (the caller sends index.html, which the scripts
 * render) when the build kept no renderer (an older build, `npm run dev`), the address is not one of these pages,
 * its page declines (PAGES), too many renders wait, or the render fails (logged).
 */
export const loadRenderedPages = (consoleDir: string, db: Executor, log: FastifyBaseLogger): RenderedPageOf => {
  const renderDir = path.join(consoleDir, RENDER_DIR);
  const rendererFile = path.join(renderDir, RENDERER_FILE);
  if (!fs.existsSync(rendererFile)) return async () => undefined;
  let renderer: Promise<typeof Renderer> | undefined;
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
  /** `task` once the renders before it have finished; undefined at once when too many wait. */
  const oneAtATime = async <T>(task: () => Promise<T>): Promise<T | undefined> => {
    if (waiting >= MAX_WAITING) return undefined;
    waiting += 1;
    const turn = running.then(() => {
      waiting -= 1;
      return task();
    });
    running = turn.catch(() => undefined);
    return turn;
  };

  return async (pathname, { headers, ip }) => {
    const page = PAGES.find(({ pattern }) => pattern.test(pathname));
    if (!page) return undefined;
    try {
      const segments = page.pattern.exec(pathname)!.slice(1);
      const answered = await page.answer(db, segments, { ip });
      if (!answered) return undefined;
      // as the browser reads it from the block: dates as the API's JSON has them
      const answer: unknown = JSON.parse(JSON.stringify(answered.answer));
      const rendered = await oneAtATime(async () => {
        renderer ??= import(pathToFileURL(rendererFile).href) as Promise<typeof Renderer>;
        const r = await renderer;
        const fallback = r.DEFAULT_LOCALE as TextLocale;
        const locale = pickLocale(localeInCookies(headers.cookie), headers['accept-language'], fallback);
        const data = { page: page.path, key: answered.key, answer };
        const { html, styles } = await r.renderPageWithData(pathname, locale, data);
        return fillTemplate(templateOf(locale), { locale, pagePath: page.path, html, styles, data });
      });
      if (rendered === undefined) {
        log.warn({ page: page.path, waiting }, 'rendered page: too many renders waiting, index.html sent');
        return undefined;
      }
      const encoding = encodingFor(headers['accept-encoding']);
      const bytes = Buffer.from(rendered);
      const body = encoding === 'br' ? await brotli(bytes, BROTLI) : encoding === 'gzip' ? await gzip(bytes) : bytes;
      return {
        status: answered.status,
        headers: {
          'content-type': 'text/html; charset=utf-8',
          // a learner's first name or report, read afresh on every visit: kept by no browser or cache on the way
          // (docs/SECURITY.md "Data in the pages")
          'cache-control': 'no-store',
          vary: 'Cookie, Accept-Language, Accept-Encoding',
          ...(encoding ? { 'content-encoding': encoding } : {}),
        },
        body,
      };
    } catch (error) {
      log.error({ err: redacted(error, pathname), page: page.path }, 'rendered page: render failed, index.html sent');
      return undefined;
    }
  };
};
