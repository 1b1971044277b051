/**
 * `npm run bench -- phone` (issue 19): Lighthouse's default mobile profile (a
 * mid-range phone: 4× CPU slowdown, 1.6 Mbps, 150 ms round trip, simulated)
 * against the product started as `npm start` starts it: the console built
 * (vite build), server/main.ts in a process of its own on a free port, the
 * embedded database with the demo data in a temporary data folder. Pages:
 * the public ones a family, a guest or a school opens first (sign-in,
 * registration, the guests' landing and sign-up, the kit order, a certificate check, a
 * guest's report) and the family's profile and child pages signed in.
 *
 * Before the pages, through the API: a guest registers and takes the whole
 * pre-test (its report link), and the demo family's certificate for Yousef's
 * group is made (its code read from the PDF with pdftotext). For the signed-in
 * pages the family signs in from a page of the origin as the console does: the
 * answer's session goes in localStorage (src/session.ts) and the browser keeps
 * the answer's page-session cookie, which the server's render of the family's
 * pages reads; Lighthouse's storage reset clears caches and service workers but
 * neither localStorage nor cookies.
 *
 * Each page BENCH_PHONE_RUNS times (default 3), each a cold load; the median
 * of each figure is printed with the machine's cores and load average. The
 * browser language is BENCH_PHONE_LANG (default ar: the product's first
 * language). BENCH_PHONE_PAGES=login,profile measures some pages only;
 * BENCH_PHONE_NO_BUILD=1 uses dist/ as it is. BENCH_PHONE_BEFORE=<checkout>
 * measures another checkout beside this one (e.g. main: `git archive main`
 * unpacked with node_modules linked), run by run in turn, and prints a
 * before → after table. The Lighthouse reports are kept in
 * test-results/lighthouse/, the medians in test-results/phone-bench.json.
 * Not a test: nothing here passes or fails.
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import lighthouse, { type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { PAGE_SESSION_COOKIE } from '../domain/pageSessionCookie';
import { takeWholeTest } from '../tests/e2e/support/exam';
import { freePort, startServerProcess, stopServerProcess } from './serverProcess';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const RUNS = Number(process.env.BENCH_PHONE_RUNS ?? 3);
const LANG = process.env.BENCH_PHONE_LANG ?? 'ar';
const ONLY = process.env.BENCH_PHONE_PAGES?.split(',').filter(Boolean);
/**
 * Optional scheduling priority of Chromium (e.g. -10): Lighthouse times the
 * page's work on this machine's CPU and multiplies it by 4 for the phone, so
 * on a machine shared by other work every task looks many times longer than
 * it is (as BENCH_EXAM_NICE does for the exam-day server).
 */
const NICE = process.env.BENCH_PHONE_NICE === undefined ? undefined : Number(process.env.BENCH_PHONE_NICE);
const PASSWORD = 'demo1234';
const FAMILY_EMAIL = 'family@demo.test';

interface PhonePage {
  /** a short name (BENCH_PHONE_PAGES) */
  name: string;
  path: string;
  /** opened with the family's session */
  family?: boolean;
}

export interface PageFigures {
  name: string;
  path: string;
  performance: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  /** every byte the page transferred (Lighthouse's total-byte-weight) */
  bytes: number;
  /** of which JavaScript */
  scriptBytes: number;
  runs: number;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const json = async <T>(res: Response, what: string): Promise<T> => {
  if (!res.ok) throw new Error(`${what}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

interface SessionAnswer {
  user: { id: number } & Record<string, unknown>;
  access_token: string;
}

const signIn = async (url: string, email: string) =>
  json<SessionAnswer>(
    await fetch(`${url}/api/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: PASSWORD }),
    }),
    `login ${email}`,
  );

/** A guest who registered on the spot and took the whole pre-test: the path of their report, once scored. */
async function guestReportPath(url: string): Promise<string> {
  const reg = await json<{ access_token: string; student: { id: number }; report_link: string }>(
    await fetch(`${url}/api/temp/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'مريم', gender: 2, birthdate: '2018-01-15', language: 'ar' }),
    }),
    'temp/register',
  );
  await takeWholeTest(url, reg.access_token, reg.student.id, ['قارب', 'قبعة للمطر', 'بيت للعصافير', 'روبوت', 'سيارة']);
  const token = reg.report_link.split('/').pop()!;
  // the words are scored by the server's background worker
  const deadline = Date.now() + 120_000;
  for (;;) {
    const report = await json<{ status: string }>(
      await fetch(`${url}/api/guest-report/${token}?exam_type=1`),
      'guest-report',
    );
    if (report.status === 'scored') return `/guest-report/${token}`;
    if (Date.now() > deadline) throw new Error(`the guest's report stayed "${report.status}"`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/**
 * The demo family's first child with an active group: the child's id and a real certificate code for that group,
 * issued by the first print of someone who runs the group, here the platform admin (docs/api/teaching.md
 * "Certificates and exports": a family prints only what was issued).
 */
async function familyChildAndCertificate(
  url: string,
  family: SessionAnswer,
  admin: SessionAnswer,
): Promise<{ childId: number; code: string }> {
  const auth = { authorization: `Bearer ${family.access_token}` };
  const shown = await json<{ childern: { id: number; name: string }[] }>(
    await fetch(`${url}/api/users/show/${family.user.id}`, { headers: auth }),
    'users/show',
  );
  for (const child of shown.childern) {
    const { groups } = await json<{ groups: { id: number; member_status: number }[] }>(
      await fetch(`${url}/api/groups/student_groups`, {
        method: 'POST',
        headers: { ...auth, 'content-type': 'application/json' },
        body: JSON.stringify({ user_id: child.id }),
      }),
      'groups/student_groups',
    );
    const group = groups.find((g) => g.member_status === 1);
    if (!group) continue;
    const pdf = await fetch(`${url}/api/users/export/certificate/${child.id}/${group.id}?lang=en`, {
      headers: { authorization: `Bearer ${admin.access_token}` },
    });
    if (!pdf.ok) throw new Error(`certificate: ${pdf.status} ${await pdf.text()}`);
    const text = execFileSync('pdftotext', ['-', '-'], { input: Buffer.from(await pdf.arrayBuffer()) }).toString();
    const code = /[A-Z2-9]{4}-[A-Z2-9]{4}-[A-Z2-9]{4}/.exec(text)?.[0];
    if (!code) throw new Error('no certificate code in the PDF');
    return { childId: child.id, code };
  }
  throw new Error('the demo family has no child in an active group');
}

/** Debian's Chromium with a DevTools port, for Lighthouse to drive (docs/STACK.md "Headless Chromium"). */
async function launchChromium(userDataDir: string): Promise<{ child: ChildProcess; port: number }> {
  const chrome = process.env.CHROME_PATH ?? '/usr/bin/chromium';
  const child = spawn(
    NICE === undefined ? chrome : 'nice',
    [
      ...(NICE === undefined ? [] : ['-n', String(NICE), chrome]),
      '--headless=new',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-dev-shm-usage',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      `--lang=${LANG}`,
      // headless Chromium's Accept-Language is en-US whatever --lang says; a phone's is its languages, as navigator's
      `--accept-lang=${LANG}`,
      `--user-data-dir=${userDataDir}`,
      '--remote-debugging-port=0',
      'about:blank',
    ],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  let output = '';
  const port = await new Promise<number>((resolve, reject) => {
    child.stderr!.on('data', (chunk) => {
      output += chunk;
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    child.once('exit', () => reject(new Error(`chromium stopped:\n${output}`)));
  });
  return { child, port };
}

/**
 * Signs the family in from a page of the origin, as the console does (POST /api/login, its answer kept in localStorage,
 * src/session.ts), so the browser keeps the page-session cookie of the answer's Set-Cookie itself
 * (docs/SECURITY.md "The page session cookie"); with null, takes every session out of localStorage and the cookie out
 * of the browser. Lighthouse's storage reset keeps both.
 */
async function setSession(port: number, origin: string, email: string | null): Promise<void> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    // the default context: the one Lighthouse's page opens in
    const context = browser.contexts()[0];
    // cookies do not tell ports apart: another site's (BENCH_PHONE_BEFORE) goes too
    await context.clearCookies({ name: PAGE_SESSION_COOKIE });
    const page = await context.newPage();
    // any address of the origin will do; this one loads no console
    await page.goto(`${origin}/api/me`);
    const answer = await page.evaluate(
      async ({ email, password }) => {
        localStorage.clear();
        if (!email) return null;
        const res = await fetch('/api/login', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ email, password }),
        });
        if (!res.ok) return `${res.status} ${await res.text()}`;
        const s = (await res.json()) as SessionAnswer;
        localStorage.setItem('neomi.token', s.access_token);
        localStorage.setItem('neomi.user', JSON.stringify(s.user));
        localStorage.setItem('neomi.loggedIn', '1');
        return null;
      },
      { email, password: PASSWORD },
    );
    if (answer) throw new Error(`login ${email} in the browser: ${answer}`);
    await page.close();
  } finally {
    // disconnects; the browser started above keeps running
    await browser.close();
  }
}

const scriptBytesOf = (lhr: Result) => {
  const items = (
    lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] }
  )?.items;
  return items?.find((i) => i.resourceType === 'script')?.transferSize ?? 0;
};

/**
 * One Lighthouse run; a run that fails in Chromium (a DevTools call that
 * timed out on a busy machine) is tried again, up to five times.
 */
async function lighthouseRun(url: string, port: number): Promise<Result> {
  for (let attempt = 1; ; attempt += 1) {
    const result = await lighthouse(url, {
      port,
      output: 'json',
      logLevel: 'error',
      onlyCategories: ['performance', 'accessibility'],
      // generous on a busy machine (the defaults are 30 s and 45 s of wall time)
      maxWaitForFcp: 120_000,
      maxWaitForLoad: 180_000,
    });
    const error = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'lighthouse gave no result' };
    if (!error) return result!.lhr;
    if (attempt === 5) throw new Error(`${url}: ${error.code} ${error.message}`);
    process.stderr.write(`  ${url}: ${error.code}, trying again\n`);
  }
}

type RunFigures = Omit<PageFigures, 'name' | 'path' | 'runs'>;

/** `runs` cold loads of a page; the reports are kept as <page>-<tag>.json. */
async function measurePage(
  port: number,
  origin: string,
  page: PhonePage,
  reports: string,
  runs: number,
  tag: string,
): Promise<PageFigures> {
  const measured: PageFigures[] = [];
  for (let i = 0; i < runs; i += 1) {
    const lhr = await lighthouseRun(`${origin}${page.path}`, port);
    fs.writeFileSync(path.join(reports, `${page.name}-${tag}${runs > 1 ? `-${i + 1}` : ''}.json`), JSON.stringify(lhr));
    const final = new URL(lhr.finalDisplayedUrl).pathname;
    if (final !== new URL(`${origin}${page.path}`).pathname)
      throw new Error(`${page.path} ended at ${final}: the page was not measured`);
    const run: RunFigures = {
      performance: Math.round((lhr.categories.performance.score ?? 0) * 100),
      accessibility: Math.round((lhr.categories.accessibility.score ?? 0) * 100),
      fcpMs: lhr.audits['first-contentful-paint'].numericValue ?? NaN,
      lcpMs: lhr.audits['largest-contentful-paint'].numericValue ?? NaN,
      tbtMs: lhr.audits['total-blocking-time'].numericValue ?? NaN,
      bytes: lhr.audits['total-byte-weight'].numericValue ?? NaN,
      scriptBytes: scriptBytesOf(lhr),
    };
    process.stderr.write(
      `  ${tag} ${page.path}: performance ${run.performance}, LCP ${(run.lcpMs / 1000).toFixed(1)} s, ` +
        `TBT ${Math.round(run.tbtMs)} ms, load ${os.loadavg()[0].toFixed(1)}\n`,
    );
    measured.push({ ...run, name: page.name, path: page.path, runs: 1 });
  }
  return medianOf(page, measured);
}

/** The median of each figure over runs of one page. */
function medianOf(page: PhonePage, runs: PageFigures[]): PageFigures {
  const pick = (key: keyof RunFigures) => median(runs.map((r) => r[key]));
  return {
    name: page.name,
    path: page.path,
    performance: pick('performance'),
    accessibility: pick('accessibility'),
    fcpMs: pick('fcpMs'),
    lcpMs: pick('lcpMs'),
    tbtMs: pick('tbtMs'),
    bytes: pick('bytes'),
    scriptBytes: pick('scriptBytes'),
    runs: runs.length,
  };
}

/** The figures as a markdown table (the layout of docs/PERFORMANCE.md "Phone (Lighthouse mobile)"). */
export function phoneTable(figures: PageFigures[]): string {
  const kib = (n: number) => `${Math.round(n / 1024).toLocaleString('en')} KiB`;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const rows = figures.map((f) => [
    f.path.replace(/\/guest-report\/[^/]+/, '/guest-report/…').replace(/\/certificate\/[^/]+/, '/certificate/…'),
    String(f.performance),
    s(f.fcpMs),
    s(f.lcpMs),
    `${Math.round(f.tbtMs)} ms`,
    kib(f.bytes),
    kib(f.scriptBytes),
    String(f.accessibility),
  ]);
  const header = ['page', 'performance', 'FCP', 'LCP', 'TBT', 'bytes', 'of which JS', 'accessibility'];
  return [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

interface Site {
  label: string;
  /** the checkout whose server runs and serves its dist/ */
  root: string;
  origin: string;
  server: ChildProcess;
  dataDir: string;
  pages: PhonePage[];
}

const build = (root: string) => {
  process.stderr.write(`phone: building the console in ${root} (vite build)\n`);
  execFileSync(path.join(root, 'node_modules', '.bin', 'vite'), ['build'], {
    cwd: root,
    stdio: 'ignore',
    env: { ...process.env, NODE_ENV: 'production' },
  });
};

/** Starts a checkout's server on the demo data and prepares its pages (a guest's report, a certificate). */
async function openSite(label: string, root: string): Promise<Site> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neomi-phone-'));
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  process.stderr.write(`phone: starting the ${label} server with the demo data\n`);
  const server = await startServerProcess(
    { HOST: '127.0.0.1', PORT: String(port), DATA_DIR: dataDir, NEOMI_DEMO: '1', LOG_LEVEL: 'warn' },
    origin,
    undefined,
    300_000,
    root,
  );
  process.stderr.write(`phone: ${label}: a guest takes the test; the admin prints a certificate\n`);
  const family = await signIn(origin, FAMILY_EMAIL);
  const { childId, code } = await familyChildAndCertificate(origin, family, await signIn(origin, 'admin@demo.test'));
  const guestReport = await guestReportPath(origin);
  const pages: PhonePage[] = [
    { name: 'login', path: '/login' },
    { name: 'exam-page', path: '/exam-page' },
    { name: 'guest-register', path: '/guest-register' },
    { name: 'order-kit', path: '/order-neomi-kit' },
    { name: 'register', path: '/register' },
    { name: 'certificate', path: `/certificate/${code}` },
    { name: 'guest-report', path: guestReport },
    { name: 'profile', path: '/profile', family: true },
    { name: 'child', path: `/student-details/${childId}`, family: true },
  ].filter((p) => !ONLY || ONLY.includes(p.name));
  return { label, root, origin, server, dataDir, pages };
}

/** Before and after, page by page: the performance and LCP of both, and the JavaScript each sent. */
export function comparisonTable(before: PageFigures[], after: PageFigures[]): string {
  const kib = (n: number) => `${Math.round(n / 1024).toLocaleString('en')} KiB`;
  const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
  const rows = after.map((a, i) => {
    const b = before[i];
    return [
      a.name,
      `${b.performance} → ${a.performance}`,
      `${s(b.lcpMs)} → ${s(a.lcpMs)}`,
      `${Math.round(b.tbtMs)} → ${Math.round(a.tbtMs)} ms`,
      `${kib(b.scriptBytes)} → ${kib(a.scriptBytes)}`,
      `${b.accessibility} → ${a.accessibility}`,
    ];
  });
  const header = ['page', 'performance', 'LCP', 'TBT', 'JS sent', 'accessibility'];
  return [header, header.map(() => '---'), ...rows].map((r) => `| ${r.join(' | ')} |`).join('\n');
}

/**
 * BENCH_PHONE_BEFORE=<another checkout> (e.g. `git archive main` unpacked, node_modules linked): its server runs
 * beside this one's and each page is measured on both in turn, run by run, so that both meet the same load on a
 * shared machine; a before → after table follows.
 */
export async function printPhoneBench(): Promise<void> {
  const beforeRoot = process.env.BENCH_PHONE_BEFORE ? path.resolve(process.env.BENCH_PHONE_BEFORE) : undefined;
  if (!process.env.BENCH_PHONE_NO_BUILD) {
    build(ROOT);
    if (beforeRoot) build(beforeRoot);
  }
  const browserDir = fs.mkdtempSync(path.join(os.tmpdir(), 'neomi-phone-chromium-'));
  const reports = path.join(ROOT, 'test-results', 'lighthouse');
  fs.mkdirSync(reports, { recursive: true });
  const sites: Site[] = [];
  let browser: ChildProcess | undefined;
  try {
    if (beforeRoot) sites.push(await openSite('before', beforeRoot));
    sites.push(await openSite(beforeRoot ? 'after' : 'this', ROOT));
    const chromium = await launchChromium(browserDir);
    browser = chromium.child;
    const figures = sites.map(() => [] as PageFigures[]);
    for (let p = 0; p < sites[0].pages.length; p += 1) {
      const runs = sites.map(() => [] as PageFigures[]);
      for (let i = 0; i < RUNS; i += 1)
        for (const [s, site] of sites.entries()) {
          const page = site.pages[p];
          await setSession(chromium.port, site.origin, page.family ? FAMILY_EMAIL : null);
          const one = await measurePage(chromium.port, site.origin, page, reports, 1, `${site.label}-${i + 1}`);
          runs[s].push(one);
        }
      for (const [s, site] of sites.entries()) figures[s].push(medianOf(site.pages[p], runs[s]));
    }
    const load = os.loadavg().map((l) => l.toFixed(1));
    const out = {
      date: new Date().toISOString(),
      cores: os.cpus().length,
      loadAverage: load,
      lang: LANG,
      runs: RUNS,
      chromiumNice: NICE ?? null,
      sites: sites.map((site, s) => ({ label: site.label, root: site.root, figures: figures[s] })),
    };
    fs.writeFileSync(path.join(ROOT, 'test-results', 'phone-bench.json'), `${JSON.stringify(out, null, 2)}\n`);
    process.stdout.write(
      `Phone (Lighthouse ${lighthouseVersion()} mobile, simulated), ${os.cpus().length} cores, load average ${load.join(' ')} ` +
        `(1, 5, 15 min), ${new Date().toISOString()}, browser language ${LANG}, median of ${RUNS} runs` +
        `${NICE === undefined ? '' : `, Chromium at nice ${NICE}`}\n\n` +
        sites.map((site, s) => `${site.label} (${site.root})\n\n${phoneTable(figures[s])}\n`).join('\n') +
        (beforeRoot ? `\nbefore → after\n\n${comparisonTable(figures[0], figures[1])}\n` : ''),
    );
  } finally {
    if (browser && browser.exitCode === null) {
      const exited = new Promise((r) => browser!.once('exit', r));
      browser.kill('SIGTERM');
      await exited;
    }
    for (const site of sites) {
      await stopServerProcess(site.server);
      fs.rmSync(site.dataDir, { recursive: true, force: true });
    }
    fs.rmSync(browserDir, { recursive: true, force: true });
  }
}

const lighthouseVersion = () =>
  (
    JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'lighthouse', 'package.json'), 'utf8')) as {
      version: string;
    }
  ).version;
