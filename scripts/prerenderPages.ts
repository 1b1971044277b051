import fs from 'node:fs/promises';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { type Plugin, type ResolvedConfig, build } from 'vite';
import react from '@vitejs/plugin-react';
import { PRERENDERED_LIST, type PrerenderedList } from '../server/prerenderedList.ts';
import {
  RENDERER_FILE,
  RENDER_DIR,
  fillTemplate,
  inlineStylesheets,
  localeTemplate,
  templateFile,
} from '../server/pageTemplate.ts';
import type * as Renderer from '../src/prerender/renderPage';

/** Where the pages go in dist/ (the list of them: server/prerenderedList.ts). */
const PRERENDERED_DIR = path.dirname(PRERENDERED_LIST);

/** A page's file name: /reset-password/:token → reset-password. */
const nameOf = (pagePath: string) => pagePath.split('/')[1];

/**
 * The public pages a first visit opens most, rendered at build time in each language, so that a phone paints the
 * page with its HTML instead of after its scripts (docs/PERFORMANCE.md "Phone"): the light pages (sign-in, sign-up,
 * password reset, 404, a guest's sign-up, the kit order: src/signin/LightApp.tsx) and the public app's pages that
 * need no data to show (publicPaths.ts PRERENDERED_PUBLIC_PATHS: the guests' landing). Once the console is built, the
 * renderers (src/prerender/renderPage.tsx) are built for Node and each page is rendered into a copy of
 * dist/index.html in each language, with its styles, its <html lang dir> and the typeface files its text uses
 * preloaded (server/pageTemplate.ts), written to dist/pages/<locale>/<page>.html with a brotli and a gzip copy, and
 * listed in dist/pages/pages.json. The API server sends the page in the visitor's language
 * (server/prerenderedPages.ts), and src/main.tsx hydrates it. The renderer and each language's template stay in
 * dist/render/ (never served): the API server renders the pages that show data with them, per request
 * (server/renderedPages.ts).
 */
/**
 * react-admin's layout (the family app's, src/layout/AppLayout.tsx) renders react-admin's preferences inspector, a
 * tool for editing the UI that this console never turns on; its first render reads `document`, which Node has not.
 * In the renderer only, the layout gets a stand-in rendering nothing, as the inspector renders while turned off (so
 * the browser's first render, with the real one, hydrates the same HTML); every other import of the preferences
 * module is the real one.
 */
const layoutWithoutInspector = (): Plugin => {
  const STAND_IN = '\0layout-preferences';
  let preferences = '';
  return {
    name: 'layout-without-inspector',
    enforce: 'pre',
    async resolveId(source, importer, options) {
      if (source !== '../preferences/index.js' || !importer?.includes('ra-ui-materialui/dist/layout/Layout.js'))
        return null;
      preferences = (await this.resolve(source, importer, { ...options, skipSelf: true }))?.id ?? '';
      return STAND_IN;
    },
    load: (id) =>
      id === STAND_IN ? `export * from ${JSON.stringify(preferences)};\nexport const Inspector = () => null;\n` : null,
  };
};

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
      const renderDir = path.join(outDir, RENDER_DIR);
      await build({
        configFile: false,
        root: config.root,
        mode: config.mode,
        envDir: config.envDir,
        logLevel: 'warn',
        plugins: [react(), layoutWithoutInspector()],
        // every package bundled: Node runs the result without resolving MUI's or emotion's browser builds itself
        ssr: { noExternal: true },
        // React's, react-query's and MUI's builds of the console's mode (production: without their development checks,
        // several times slower), whatever NODE_ENV the API server runs with
        define: { 'process.env.NODE_ENV': JSON.stringify(config.mode === 'production' ? 'production' : 'development') },
        build: {
          ssr: path.resolve(config.root, 'src/prerender/renderPage.tsx'),
          outDir: renderDir,
          emptyOutDir: true,
          copyPublicDir: false,
          minify: false,
          rollupOptions: { output: { entryFileNames: RENDERER_FILE, chunkFileNames: '[name]-[hash].mjs' } },
        },
      });
      const renderer = (await import(pathToFileURL(path.join(renderDir, RENDERER_FILE)).href)) as typeof Renderer;
      const index = await inlineStylesheets(await fs.readFile(path.join(outDir, 'index.html'), 'utf8'), outDir);
      // each language's template, kept for the server's renders (server/renderedPages.ts)
      const templates = new Map<string, string>();
      for (const locale of renderer.LOCALES) {
        const template = localeTemplate(index, locale, renderer.directionOf(locale), assets);
        templates.set(locale, template);
        await fs.mkdir(path.dirname(path.join(renderDir, templateFile(locale))), { recursive: true });
        await fs.writeFile(path.join(renderDir, templateFile(locale)), template);
      }
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
          const file = `${PRERENDERED_DIR}/${locale}/${name}.html`;
          const content = fillTemplate(templates.get(locale)!, { locale, pagePath, html, styles });
          await writeCompressed(path.join(outDir, file), content);
          files[locale] = file;
        }
        list.pages.push({ path: pagePath, pattern: pattern.source, flags: pattern.flags, files });
      }
      await fs.writeFile(path.join(outDir, PRERENDERED_LIST), JSON.stringify(list, null, 2));
    },
  };
};

/** The file, and its brotli and gzip copies (as vite.config.ts's precompressed() makes for the other files). */
const writeCompressed = async (file: string, content: string) => {
  await fs.mkdir(path.dirname(file), { recursive: true });
  const bytes = Buffer.from(content);
  await fs.writeFile(file, bytes);
  await fs.writeFile(`${file}.br`, brotliCompressSync(bytes, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }));
  await fs.writeFile(`${file}.gz`, gzipSync(bytes, { level: 9 }));
};
