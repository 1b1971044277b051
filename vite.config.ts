/// <reference types="vitest/config" />
import { type Plugin, defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { compression } from 'vite-plugin-compression2';

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
 * The console: built to dist/ (the API server serves it); in development
 * vite serves it and forwards /api to the API server.
 */
export default defineConfig({
  plugins: [builtinObjectEntries(), react(), preloadFirstFont(), precompressed()],
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
