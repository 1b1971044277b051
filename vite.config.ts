/// <reference types="vitest/config" />
import { type Plugin, type Rollup, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';
import { VitePWA } from 'vite-plugin-pwa';
import { prerenderPages } from './scripts/prerenderPages.ts';

/**
 * node-polyglot (react-admin's translations) requires the `object.entries`
 * polyfill, which brings a dozen es-abstract helpers (~5 KB gzipped) into
 * the first download of every page. Every browser the console supports has
 * Object.entries: the package resolves to the built-in.
 */
const builtinObjectEntries = (): Plugin => ({
  name: 'builtin-object-entries',
  enforce: 'pre',
  resolveId: (id) => (id === 'object.entries' ? '\0builtin-object-entries' : null),
  load: (id) => (id === '\0builtin-object-entries' ? 'module.exports = Object.entries;' : null),
});

/**
 * Beside each built file that compresses, a brotli (.br) and a gzip (.gz)
 * copy, made once at build time at the strongest settings (brotli 11, gzip
 * 9): the API server (server/app.ts) sends the one the browser accepts.
 * Fonts and images are compressed already.
 */
const precompressed = () =>
  compression({
    algorithms: ['brotliCompress', 'gzip'],
    include: /\.(js|css|html|svg|json|txt|webmanifest)$/,
    threshold: 512,
    skipIfLargerOrEqual: true,
    // not a line per file (there are hundreds)
    logLevel: 'silent',
  });

/**
 * The first page's typeface file, preloaded from index.html so it arrives with the scripts rather than after them
 * (the stylesheet names it only once the page has rendered text in it): Cairo's Arabic regular, the text of the
 * first page in the console's first language. Its other files (weights, Latin) load as text asks for them
 * (src/main.tsx); all are font-display: swap.
 */
const preloadFirstFont = (): Plugin => ({
  name: 'preload-first-font',
  apply: 'build',
  transformIndexHtml: {
    order: 'post',
    handler: (_html, { bundle }) => {
      const font = Object.keys(bundle ?? {}).find((file) => /cairo-arabic-400-normal-[^/]*\.woff2$/.test(file));
      if (!font) throw new Error('preload-first-font: the Arabic regular Cairo file is not in the build');
      return [
        {
          tag: 'link',
          attrs: { rel: 'preload', as: 'font', type: 'font/woff2', href: `/${font}`, crossorigin: '' },
          injectTo: 'head',
        },
      ];
    },
  },
});

/**
 * The built files the exam needs on the device (docs/api/exams.md "The exam offline"): from the entry, the console,
 * the public pages' app and the two exam pages, every chunk they import (and its styles and files), and every
 * chunk of messages (any language, any area). Set while the console is built; read by the service worker's list.
 */
const examFiles = new Set<string>();
const examCode = (): Plugin => ({
  name: 'exam-code',
  apply: 'build',
  generateBundle(_options, bundle) {
    examFiles.clear();
    const chunks = new Map(
      Object.values(bundle)
        .filter((c): c is Rollup.OutputChunk => c.type === 'chunk')
        .map((c) => [c.fileName, c]),
    );
    const visit = (chunk: Rollup.OutputChunk | undefined) => {
      if (!chunk || examFiles.has(chunk.fileName)) return;
      examFiles.add(chunk.fileName);
      for (const file of [...(chunk.viteMetadata?.importedCss ?? []), ...(chunk.viteMetadata?.importedAssets ?? [])])
        examFiles.add(file);
      chunk.imports.forEach((file) => visit(chunks.get(file)));
    };
    const root = /\/src\/(App|PublicApp)\.tsx$|\/exam-taking\/(StartExamPage|ExamPage)\.tsx$|\/src\/i18n\//;
    for (const chunk of chunks.values()) if (chunk.isEntry || root.test(chunk.facadeModuleId ?? '')) visit(chunk);
  },
});

/** The web app manifest: Arabic first (one name is all a manifest has: the Arabic, then the Latin). */
const WEB_APP_MANIFEST = {
  name: 'أكاديمية نيومي · Neomi Academy',
  short_name: 'اختبار نيومي',
  description: 'اختبار نيومي للإبداع، يعمل دون اتصال بعد فتحه · The Neomi creativity test, offline once opened',
  lang: 'ar',
  dir: 'rtl',
  start_url: '/exam-page',
  scope: '/',
  display: 'standalone',
  orientation: 'any',
  background_color: '#ffffff',
  theme_color: '#5b3fa8',
  icons: [
    { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
    { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
  ],
};

/**
 * The installable exam (docs/api/exams.md "The exam offline"): the web app manifest and the service worker.
 * injectManifest, not generateSW: the worker's rules are ours (src/sw.ts: the page from the network first, no /api/
 * answer ever, the scripts the page had loaded kept), which generateSW's options cannot all say; Workbox lists the
 * files to keep (the exam's code above, the typeface, the page, the icons) with their revisions.
 * The manifest is linked by the exam pages only (src/offlineApp.ts), not in index.html: the sign-in and
 * kit-order pages fetch nothing of it.
 */
const installableExam = () => [
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src',
    filename: 'sw.ts',
    injectRegister: false,
    includeManifestIcons: false,
    // the manifest is written below, to be linked by the exam pages only (the plugin would link it in index.html)
    manifest: false,
    injectManifest: {
      globPatterns: ['index.html', 'assets/*.{js,css,woff2}', 'icons/*.png'],
      maximumFileSizeToCacheInBytes: 3 * 1024 * 1024,
      manifestTransforms: [
        async (entries) => ({
          manifest: entries.filter(
            (e) => !e.url.startsWith('assets/') || e.url.endsWith('.woff2') || examFiles.has(e.url),
          ),
          warnings: [],
        }),
      ],
    },
  }),
  {
    name: 'web-app-manifest',
    apply: 'build',
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'manifest.webmanifest', source: JSON.stringify(WEB_APP_MANIFEST) });
    },
  } satisfies Plugin,
];

/**
 * The console: built to dist/ (the API server serves it); in development
 * vite serves it and forwards /api to the API server.
 */
export default defineConfig({
  plugins: [
    builtinObjectEntries(),
    react(),
    preloadFirstFont(),
    examCode(),
    ...installableExam(),
    precompressed(),
    prerenderPages(),
  ],
  server: {
    proxy: { '/api': { target: 'http://127.0.0.1:3000', changeOrigin: false } },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 900,
  },
  // the `console` test project (vitest.config.ts) extends this file
  test: { globals: true },
});
