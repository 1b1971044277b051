import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Plugin, type ResolvedConfig, build } from 'vite';
import react from '@vitejs/plugin-react';
import { PRERENDERED_LIST, type PrerenderedList } from '../server/prerenderedList.ts';
import type * as Renderer from '../src/prerender/renderPage';

/** Where the pages go in dist/ (the list of them: server/prerenderedList.ts). */
const PRERENDERED_DIR = path.dirname(PRERENDERED_LIST);

/** A page's file name: /reset-password/:token → reset-password. */
const nameOf = (pagePath: string) => pagePath.split('/')[1];

/** A Cairo file of the build (src/main.tsx imports the typeface), preloaded by the pages in the languages using it. */
const fontFile = (files: string[], subset: 'arabic' | 'latin') => {
  const file = files.find((f) => new RegExp(`cairo-${subset}-400-normal-[^/]*\\.woff2$`).test(f));
  if (!file) throw new Error(`prerender: Cairo's ${subset} regular file is not in the build`);
  return file;
};

/*
 * Only the fonts are preloaded, not the light app's chunks: scripts fetched before the first paint are counted in
 * its time on a slow phone's network (Lighthouse's simulation), and their running before it hid nothing there
 * (docs/PERFORMANCE.md "Phone").
 */
const fontPreloads = (fonts: string[]) =>
  fonts.map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`).join('');

/**
 * The public pages a first visit opens most, rendered at build time in each language, so that a phone paints the
 * page with its HTML instead of after its scripts (docs/PERFORMANCE.md "Phone"): the light pages (sign-in, sign-up,
 * password reset, 404: src/signin/LightApp.tsx) and the public app's pages that need no data to show
 * (publicPaths.ts PRERENDERED_PUBLIC_PATHS: the guests' landing, the kit order). Once the console is built, the
 * renderers (src/prerender/renderPage.tsx) are built for Node and each page is rendered into a copy of
 * dist/index.html in each language, with its styles, its <html lang dir> and the typeface files its text uses
 * preloaded, written to dist/pages/<locale>/<page>.html with a brotli and a gzip copy, and listed in
 * dist/pages/pages.json. The API server sends the page in the visitor's language (server/prerenderedPages.ts), and
 * src/main.tsx hydrates it.
 */
export const prerenderPages = (): Plugin => {
  let config: ResolvedConfig;
  let assets: string[] = [];
  return {
    name: 'prerender-pages',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(resolved) {
      config = resolved;
    },
    generateBundle(_options, bundle) {
      assets = Object.keys(bundle);
    },
    async closeBundle() {
      const outDir = path.resolve(config.root, config.build.outDir);
      const renderDir = await fs.mkdtemp(path.join(os.tmpdir(), 'neomi-prerender-'));
      try {
        await build({
          configFile: false,
          root: config.root,
          mode: config.mode,
          envDir: config.envDir,
          logLevel: 'warn',
          plugins: [react()],
          // every package bundled: Node runs the result without resolving MUI's or emotion's browser builds itself
          ssr: { noExternal: true },
          build: {
            ssr: path.resolve(config.root, 'src/prerender/renderPage.tsx'),
            outDir: renderDir,
            emptyOutDir: true,
            copyPublicDir: false,
            minify: false,
            rollupOptions: { output: { entryFileNames: 'render.mjs', chunkFileNames: '[name]-[hash].mjs' } },
          },
        });
        const renderer = (await import(pathToFileURL(path.join(renderDir, 'render.mjs')).href)) as typeof Renderer;
        const template = await inlineStylesheets(await fs.readFile(path.join(outDir, 'index.html'), 'utf8'), outDir);
        const list: PrerenderedList = { defaultLocale: renderer.DEFAULT_LOCALE, pages: [] };
        const pages = [
          ...renderer.LIGHT_PATHS.map((pagePath) => ({ pagePath, render: renderer.renderLightPage })),
          ...renderer.PRERENDERED_PUBLIC_PATHS.map((pagePath) => ({ pagePath, render: renderer.renderPublicPage })),
        ];
        for (const { pagePath, render } of pages) {
          const name = nameOf(pagePath);
          const pattern = renderer.pathPattern(pagePath);
          const files: PrerenderedList['pages'][number]['files'] = {};
          for (const locale of renderer.LOCALES) {
            const { html, styles } = await render(pagePath.replace(':token', 'token'), locale);
            // Arabic text needs Cairo's Latin file too: its range holds the space between words
            const fonts = [...(locale === 'ar' ? [fontFile(assets, 'arabic')] : []), fontFile(assets, 'latin')];
            const file = `${PRERENDERED_DIR}/${locale}/${name}.html`;
            const direction = renderer.directionOf(locale);
            const content = pageHtml(template, { locale, pagePath, html, styles }, direction, fontPreloads(fonts));
            await writeCompressed(path.join(outDir, file), content);
            files[locale] = file;
          }
          list.pages.push({ path: pagePath, pattern: pattern.source, flags: pattern.flags, files });
        }
        await fs.writeFile(path.join(outDir, PRERENDERED_LIST), JSON.stringify(list, null, 2));
      } finally {
        await fs.rm(renderDir, { recursive: true, force: true });
      }
    },
  };
};

/**
 * index.html's stylesheets (the typeface's @font-face rules, src/main.tsx) written into the page: a stylesheet in
 * <head> holds the first paint until it has arrived, a round trip after the page's HTML.
 */
const inlineStylesheets = async (html: string, outDir: string) => {
  let inlined = html;
  for (const [tag, href] of html.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g))
    inlined = inlined.replace(tag, `<style>${await fs.readFile(path.join(outDir, href), 'utf8')}</style>`);
  return inlined;
};

/**
 * dist/index.html with the page in it: the language and direction on <html>, the styles and preloads in <head>
 * (the index's own preload of the Arabic font dropped: the page names the fonts its language uses), and the root
 * holding the rendered page, marked with its path and language (main.tsx hydrates only a page of its address and
 * language).
 */
const pageHtml = (
  template: string,
  page: { locale: string; pagePath: string; html: string; styles: string },
  direction: string,
  preloads: string,
) => {
  const replaced = (html: string, from: RegExp, to: string) => {
    if (!from.test(html)) throw new Error(`prerender: dist/index.html has no ${from}`);
    return html.replace(from, () => to);
  };
  let html = replaced(template, /<html lang="ar" dir="rtl">/, `<html lang="${page.locale}" dir="${direction}">`);
  html = replaced(html, /<link rel="preload" as="font"[^>]*>/, '');
  html = replaced(html, /<\/head>/, `${preloads}${page.styles}</head>`);
  return replaced(
    html,
    /<div id="root"><\/div>/,
    `<div id="root" data-page="${page.pagePath}" data-locale="${page.locale}">${page.html}</div>`,
  );
};

/** The file, and its brotli and gzip copies (as vite.config.ts's precompressed() makes for the other files). */
const writeCompressed = async (file: string, content: string) => {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const bytes = Buffer.from(content);
  await fs.writeFile(file, bytes);
  await fs.writeFile(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await fs.writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
};
