/*
 * A public page put into the built console's index.html: by the build for the pages it prerenders
 * (scripts/prerenderPages.ts) and by the API server for the pages it renders per request with their data
 * (server/renderedPages.ts). One assembly for both, so that a page rendered either way has the same <head>, the
 * same root and the same fonts (docs/ARCHITECTURE.md §5). Only node: imports: vite.config.ts loads it through the
 * build's plugin.
 */
import fs from 'node:fs/promises';
import path from 'node:path';

/** Where, under the built console (dist/), the build keeps the renderer for Node and its templates; never served. */
export const RENDER_DIR = 'render';
/** The renderer's entry (src/prerender/renderPage.tsx built for Node), under RENDER_DIR. */
export const RENDERER_FILE = 'render.mjs';
/** A language's template (index.html with its language, direction, fonts), under RENDER_DIR. */
export const templateFile = (locale: string) => `templates/${locale}.html`;

/** The marks a template holds where a page's styles and its root go. */
const HEAD_MARK = '<!--neomi:page-head-->';
const ROOT_MARK = '<!--neomi:page-root-->';

/** The id of the block carrying a page's data to the browser (src/pageData.tsx reads it). */
export const PAGE_DATA_ID = 'neomi-page-data';

/** A Cairo file of the build (src/main.tsx imports the typeface), preloaded by the pages in the languages using it. */
const fontFile = (files: readonly string[], subset: 'arabic' | 'latin') => {
  const file = files.find((f) => new RegExp(`cairo-${subset}-400-normal-[^/]*\\.woff2$`).test(f));
  if (!file) throw new Error(`prerender: Cairo's ${subset} regular file is not in the build`);
  return file;
};

/*
 * Only the fonts are preloaded, not the app's chunks: scripts fetched before the first paint are counted in its
 * time on a slow phone's network (Lighthouse's simulation), and their running before it hid nothing there
 * (docs/PERFORMANCE.md "Phone"). Arabic text needs Cairo's Latin file too: its range holds the space between words.
 */
const fontPreloads = (assets: readonly string[], locale: string) =>
  [...(locale === 'ar' ? [fontFile(assets, 'arabic')] : []), fontFile(assets, 'latin')]
    .map((file) => `<link rel="preload" as="font" type="font/woff2" crossorigin href="/${file}">`)
    .join('');

/**
 * index.html's stylesheets (the typeface's @font-face rules, src/main.tsx) written into the page: a stylesheet in
 * <head> holds the first paint until it has arrived, a round trip after the page's HTML.
 */
export const inlineStylesheets = async (html: string, outDir: string): Promise<string> => {
  let inlined = html;
  for (const [tag, href] of html.matchAll(/<link rel="stylesheet" crossorigin href="\/([^"]+)">/g))
    inlined = inlined.replace(tag, `<style>${await fs.readFile(path.join(outDir, href), 'utf8')}</style>`);
  return inlined;
};

const replaced = (html: string, from: RegExp, to: string) => {
  if (!from.test(html)) throw new Error(`page template: dist/index.html has no ${from}`);
  return html.replace(from, () => to);
};

/**
 * A language's template: dist/index.html (its stylesheets inlined) with the language and direction on <html>, the
 * fonts the language uses preloaded (the index's own preload of the Arabic font dropped), and marks where a page's
 * styles and root go. Made once, at build time.
 */
export const localeTemplate = (index: string, locale: string, direction: string, assets: readonly string[]): string => {
  let html = replaced(index, /<html lang="ar" dir="rtl">/, `<html lang="${locale}" dir="${direction}">`);
  html = replaced(html, /<link rel="preload" as="font"[^>]*>/, '');
  html = replaced(html, /<\/head>/, `${fontPreloads(assets, locale)}${HEAD_MARK}</head>`);
  return replaced(html, /<div id="root"><\/div>/, ROOT_MARK);
};

/**
 * The JSON block carrying a page's data to the browser: not executed (the Content-Security-Policy forbids inline
 * scripts), read by src/pageData.tsx. `<` escaped (as `\u003c`, the same string once parsed), so that no value can
 * close the block (`</script>`) or open a comment; so are U+2028 and U+2029, for any reader taking it as script.
 */
export const pageDataBlock = (data: unknown): string =>
  `<script type="application/json" id="${PAGE_DATA_ID}">${JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029')}</script>`;

export interface PageInTemplate {
  locale: string;
  /** the page's path as listed in src/publicPaths.ts (main.tsx hydrates only a page of its address) */
  pagePath: string;
  /** the root's content, rendered */
  html: string;
  /** the emotion style tags of that content */
  styles: string;
  /** the data the page was rendered with, for the browser to start from (none: the page needs none) */
  data?: unknown;
}

/**
 * A language's template with the page in it: its styles in <head>, the root holding the rendered page, marked with
 * its path and language (main.tsx hydrates only a page of its address and language), and its data beside it.
 */
export const fillTemplate = (template: string, page: PageInTemplate): string => {
  if (!template.includes(HEAD_MARK) || !template.includes(ROOT_MARK))
    throw new Error('page template: the marks of localeTemplate are missing');
  const root =
    `<div id="root" data-page="${page.pagePath}" data-locale="${page.locale}">${page.html}</div>` +
    (page.data === undefined ? '' : pageDataBlock(page.data));
  return template.split(HEAD_MARK).join(page.styles).split(ROOT_MARK).join(root);
};
