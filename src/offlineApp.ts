/**
 * The installable, offline exam (docs/api/exams.md "The exam offline"), switched on by the exam pages only: the
 * web app manifest is linked and the service worker (src/sw.ts, built to /sw.js) registered when a child opens a
 * test, never on the sign-in or kit-order pages (they download no precache: docs/PERFORMANCE.md). The worker is
 * then told which hashed scripts the page has loaded already, to keep them on the device with the rest.
 */

let registering: Promise<void> | null = null;

/** The hashed files (/assets/…) this page has loaded or announced (module preloads): what the exam runs on. */
const loadedAssets = (): string[] => {
  const urls = new Set<string>();
  for (const entry of performance.getEntriesByType('resource')) urls.add(entry.name);
  document.querySelectorAll<HTMLScriptElement>('script[src]').forEach((s) => urls.add(s.src));
  document.querySelectorAll<HTMLLinkElement>('link[href]').forEach((l) => urls.add(l.href));
  return [...urls].filter((u) => {
    try {
      const url = new URL(u);
      return url.origin === window.location.origin && url.pathname.startsWith('/assets/');
    } catch {
      return false;
    }
  });
};

const linkManifest = () => {
  if (document.querySelector('link[rel="manifest"]')) return;
  const link = document.createElement('link');
  link.rel = 'manifest';
  link.href = '/manifest.webmanifest';
  document.head.appendChild(link);
};

/** Links the manifest and registers the exam's service worker, once a page; nothing outside a secure context. */
export function registerExamWorker(): Promise<void> {
  if (import.meta.env.DEV || typeof navigator === 'undefined' || !('serviceWorker' in navigator)) {
    return Promise.resolve();
  }
  if (!window.isSecureContext) return Promise.resolve();
  return (registering ??= (async () => {
    linkManifest();
    try {
      await navigator.serviceWorker.register('/sw.js', { scope: '/' });
      const ready = await navigator.serviceWorker.ready;
      ready.active?.postMessage({ type: 'keep-assets', urls: loadedAssets() });
    } catch {
      // no worker (storage refused, a private window): the test works online as before
    }
  })());
}
