/**
 * The exam's service worker (docs/api/exams.md "The exam offline"): built by vite-plugin-pwa's injectManifest
 * (vite.config.ts) into dist/sw.js, registered only by the exam pages (src/offlineApp.ts). It keeps the console's
 * code for the test on the device, nothing else:
 *
 * - the files Workbox lists at build time (self.__WB_MANIFEST: the page, the scripts and styles the exam pages load,
 *   the typeface, the icons), fetched when the worker installs, served from the device;
 * - the hashed scripts the exam page had loaded before the worker took over (the page sends their addresses) and any
 *   hashed file fetched since: kept as they come (a hashed file never changes);
 * - the page itself (a navigation) from the network first, so a deploy is seen at once; from the device only when the
 *   network is gone.
 *
 * Never an /api/ answer: the exam's answers are kept by the page, per session, and deleted when it ends
 * (src/examCache.ts). A new build is a new worker: it replaces the old one at once and deletes the old one's files.
 */

interface ManifestEntry {
  url: string;
  revision: string | null;
}
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void;
}
interface FetchEvent extends ExtendableEvent {
  request: Request;
  respondWith(response: Promise<Response> | Response): void;
}
interface MessageEventLike extends ExtendableEvent {
  data: unknown;
}
interface WorkerScope {
  location: Location;
  skipWaiting(): Promise<void>;
  clients: { claim(): Promise<void> };
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void;
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void;
  addEventListener(type: 'message', listener: (event: MessageEventLike) => void): void;
}

const worker = self as unknown as WorkerScope;
// spelt out as Workbox finds it in the built file (injectManifest replaces it with the list)
const MANIFEST = (self as unknown as { __WB_MANIFEST: ManifestEntry[] }).__WB_MANIFEST;

/** This build's cache: its name carries a digest of the list, so a new build starts a new cache. */
const digest = (text: string) => {
  let h = 2166136261;
  for (let i = 0; i < text.length; i++) h = Math.imul(h ^ text.charCodeAt(i), 16777619);
  return (h >>> 0).toString(36);
};
const PREFIX = 'neomi-code-';
const CACHE = PREFIX + digest(MANIFEST.map((e) => `${e.url}@${e.revision ?? ''}`).join('|'));

const absolute = (url: string) => new URL(url, worker.location.origin).href;
/** The listed files by address (a file without a hash in its name is fetched again when its revision changes). */
const LISTED = new Set(MANIFEST.map((e) => absolute(e.url)));
const PAGE = absolute('/index.html');

const isHashedAsset = (url: URL) => url.origin === worker.location.origin && url.pathname.startsWith('/assets/');

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      // revalidated, never from the browser's cache: the page and the icons keep their names across deploys
      await cache.addAll(MANIFEST.map((e) => new Request(absolute(e.url), { cache: 'no-cache' })));
      await worker.skipWaiting();
    })(),
  );
});

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name.startsWith(PREFIX) && name !== CACHE) await caches.delete(name);
      await worker.clients.claim();
    })(),
  );
});

/** The hashed files the page had loaded before this worker took over: kept for the test offline. */
worker.addEventListener('message', (event) => {
  const data = event.data as { type?: string; urls?: unknown } | null;
  if (data?.type !== 'keep-assets' || !Array.isArray(data.urls)) return;
  const urls = data.urls
    .filter((u): u is string => typeof u === 'string')
    .map((u) => new URL(u, worker.location.origin))
    .filter(isHashedAsset);
  event.waitUntil(
    (async () => {
      const cache = await caches.open(CACHE);
      for (const url of urls) {
        if (await cache.match(url.href)) continue;
        await cache.add(url.href).catch(() => undefined);
      }
    })(),
  );
});

async function fromDevice(request: Request): Promise<Response> {
  const cache = await caches.open(CACHE);
  const kept = await cache.match(request.url);
  if (kept) return kept;
  const response = await fetch(request);
  // a hashed file fetched while the test is open: kept as it is (its name changes when it does)
  if (response.ok && isHashedAsset(new URL(request.url))) await cache.put(request.url, response.clone());
  return response;
}

async function page(request: Request): Promise<Response> {
  try {
    return await fetch(request);
  } catch (error) {
    const kept = await (await caches.open(CACHE)).match(PAGE);
    if (kept) return kept;
    throw error;
  }
}

worker.addEventListener('fetch', (event) => {
  const { request } = event;
  if (request.method !== 'GET') return;
  const url = new URL(request.url);
  if (url.origin !== worker.location.origin || url.pathname.startsWith('/api/') || url.pathname === '/api') return;
  if (request.mode === 'navigate') event.respondWith(page(request));
  else if (LISTED.has(url.href) || isHashedAsset(url)) event.respondWith(fromDevice(request));
});
