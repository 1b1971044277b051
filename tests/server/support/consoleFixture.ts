import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { PRERENDERED_LIST, type PrerenderedList } from '../../../server/prerenderedList';

/**
 * A small built console for the server's static route (no vite build): an
 * index.html and one hashed asset in a dist folder, with files beside and
 * above it that must never be served (their text carries SECRET_MARK):
 *   root/package.json, root/web/server/config.ts, root/web/dist-private/secret.txt,
 *   root/web/dist/{index.html, assets/x-hash.js, sw.js, manifest.webmanifest, and their .br and .gz copies as the
 *   build makes them}
 *   root/web/dist/pages/{pages.json, <locale>/{login,reset-password}.html and their copies}: the prerendered light
 *   pages as the build lists them (scripts/prerenderPages.ts), each page's text PRERENDERED(name, locale)
 * so `/..%2f..%2fpackage.json` and `/assets/../../server/config.ts` name real files if resolved
 * against dist/ without care.
 */
export const SECRET_MARK = 'NOT-FOR-THE-BROWSER-7f3a';
export const INDEX_HTML =
  '<!doctype html><html lang="ar" dir="rtl"><head><meta charset="utf-8"><title>Neomi Academy</title>' +
  '<script type="module" src="/assets/x-hash.js"></script></head><body><div id="root"></div></body></html>\n';
export const ASSET_JS = 'console.log("console fixture asset");\n';
/** the exam's service worker and web app manifest, as the build writes them beside index.html (vite.config.ts) */
export const SW_JS = 'self.addEventListener("fetch", () => undefined);\n';
export const MANIFEST = JSON.stringify({ name: 'نيومي', start_url: '/exam-page', display: 'standalone' });

/** The fixture's prerendered pages: /login and /reset-password/:token in every language, and the build's default. */
export const PRERENDERED_LOCALES = ['ar', 'en', 'de', 'fr'] as const;
export const PRERENDERED_DEFAULT = 'ar';
export const PRERENDERED = (name: string, locale: string) =>
  `<!doctype html><html lang="${locale}"><body><div id="root" data-locale="${locale}">${name}</div></body></html>\n`;
const PRERENDERED_PAGES = [
  { path: '/login', name: 'login', pattern: /^\/login\/?$/i },
  { path: '/reset-password/:token', name: 'reset-password', pattern: /^\/reset-password\/[^/]+\/?$/i },
];

export interface ConsoleFixture {
  /** the dist folder to serve */
  dir: string;
  remove(): Promise<void>;
}

export async function makeConsoleFixture(): Promise<ConsoleFixture> {
  const root = await fs.mkdtemp(path.join(os.tmpdir(), 'neomi-console-'));
  const web = path.join(root, 'web');
  const dir = path.join(web, 'dist');
  await fs.mkdir(path.join(dir, 'assets'), { recursive: true });
  await fs.mkdir(path.join(web, 'server'), { recursive: true });
  await fs.mkdir(path.join(web, 'dist-private'), { recursive: true });
  await fs.writeFile(path.join(dir, 'index.html'), INDEX_HTML);
  await fs.writeFile(path.join(dir, 'assets', 'x-hash.js'), ASSET_JS);
  await fs.writeFile(path.join(dir, 'sw.js'), SW_JS);
  await fs.writeFile(path.join(dir, 'manifest.webmanifest'), MANIFEST);
  const list: PrerenderedList = { defaultLocale: PRERENDERED_DEFAULT, pages: [] };
  const prerendered: string[] = [];
  for (const page of PRERENDERED_PAGES) {
    const files: PrerenderedList['pages'][number]['files'] = {};
    for (const locale of PRERENDERED_LOCALES) {
      files[locale] = `pages/${locale}/${page.name}.html`;
      await fs.mkdir(path.join(dir, 'pages', locale), { recursive: true });
      await fs.writeFile(path.join(dir, files[locale]), PRERENDERED(page.name, locale));
      prerendered.push(files[locale]);
    }
    list.pages.push({ path: page.path, pattern: page.pattern.source, flags: page.pattern.flags, files });
  }
  await fs.writeFile(path.join(dir, PRERENDERED_LIST), JSON.stringify(list));
  for (const file of ['index.html', 'assets/x-hash.js', 'sw.js', 'manifest.webmanifest', ...prerendered]) {
    const text = await fs.readFile(path.join(dir, file));
    await fs.writeFile(path.join(dir, `${file}.br`), zlib.brotliCompressSync(text));
    await fs.writeFile(path.join(dir, `${file}.gz`), zlib.gzipSync(text));
  }
  await fs.writeFile(path.join(root, 'package.json'), JSON.stringify({ name: SECRET_MARK }));
  await fs.writeFile(path.join(web, 'server', 'config.ts'), `export const secret = '${SECRET_MARK}';\n`);
  await fs.writeFile(path.join(web, 'dist-private', 'secret.txt'), SECRET_MARK);
  return { dir, remove: () => fs.rm(root, { recursive: true, force: true }) };
}
