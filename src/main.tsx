import { type ReactNode, StrictMode, startTransition } from 'react';
import { type Root, createRoot, hydrateRoot } from 'react-dom/client';
/*
 * The Arabic typeface, Cairo, in its three weights: each weight's Arabic, Latin and Latin-extended files with their
 * unicode-range, so a page downloads only the files of the letters it shows, and font-display: swap, so the text
 * is painted at once in a system font and the typeface replaces it once downloaded (vite.config.ts preloads
 * the Arabic regular one, the first page's text).
 */
import '@fontsource/cairo/400.css';
import '@fontsource/cairo/500.css';
import '@fontsource/cairo/700.css';
import { buildI18nProvider, loadMessages, startWithAreas, wantAllMessages } from './i18n';
import { type AppLocale, initialLocale } from './i18n/locales';
import { isLightPath, isPublicPath, publicAreasOf, publicPathOf } from './publicPaths';
import { preloadLightPage } from './signin/lightPages';
import { startEarlyCalls } from './family/earlyCalls';
import { familyPathOf, renderedFamilyPage, startsFamilyApp } from './family/familyPaths';

/*
 * Each app is imported in a function of its own: vite preloads a dynamic
 * import's dependencies, and two imports merged into one conditional
 * expression by the minifier would get the dependencies of one of them.
 */
const loadConsole = async () => (await import('./App')).App;
const loadPublicApp = async () => (await import('./PublicApp')).PublicApp;
const loadLightApp = async () => (await import('./signin/LightApp')).LightApp;
const loadFamilyApp = async () => (await import('./family/FamilyApp')).FamilyApp;
const preloadFamilyPage = async (pathname: string) =>
  (await import('./family/preloadFamilyPage')).preloadFamilyPage(familyPathOf(pathname) ?? '/profile');

/**
 * The app a first load at this address starts with: the whole console, the family app (a family's own pages), the
 * public app or the light app and its page.
 */
const loadFirstApp = (pathname: string, familyApp: boolean): Promise<unknown> => {
  if (familyApp) return Promise.all([loadFamilyApp(), preloadFamilyPage(pathname)]);
  if (!isPublicPath(pathname)) return loadConsole();
  if (isLightPath(pathname)) return Promise.all([loadLightApp(), preloadLightPage(pathname)]);
  return loadPublicApp();
};

/**
 * Whether the root holds the public page of this address in this language, as the server sent it rendered
 * (scripts/prerenderPages.ts): then its app hydrates it; else (another language chosen on this device than the
 * server could know, an older page) the app renders afresh in its place.
 */
const holdsPrerendered = (container: HTMLElement, locale: AppLocale): boolean =>
  !!container.dataset.page &&
  container.dataset.locale === locale &&
  container.dataset.page === publicPathOf(window.location.pathname);

/**
 * Resolves once the browser has painted a frame, or after 100 ms (a hidden tab paints none). Before it, a page the
 * server sent rendered has only index.js's evaluation between its HTML and its first paint: the app's chunks and
 * messages are asked for after that paint, not raced against it. (Lighthouse's simulated phone counts in the largest
 * paint every download that ended before the paint it observed: the chunks, when they won the race, took it from
 * ~1.8 s to 3–4 s; docs/PERFORMANCE.md "Phone".)
 */
const afterFirstPaint = () =>
  new Promise<void>((resolve) => {
    setTimeout(resolve, 100);
    if (typeof requestAnimationFrame === 'function') requestAnimationFrame(() => setTimeout(resolve, 0));
  });

/**
 * Loads the starting language's messages, then renders the console. A signed-in
 * family's first load at its profile or a child's page starts the family app
 * (family/FamilyApp.tsx: react-admin's contexts and the console's layout
 * without <Admin>), which hands over to the whole console at any other
 * address. A first load at /login, /register, /reset-password/:token, /404 or /guest-register starts the light
 * app (signin/LightApp.tsx, no react-admin); at another public page
 * (publicPaths.ts) the public app (PublicApp.tsx); any other address the
 * whole console (App.tsx, react-admin's <Admin>). The light app hands over to
 * the public app or the whole console, the public app to the whole console,
 * in place and without a reload, when it moves to another address (after
 * signing in, for instance); the whole console and the public app mount the
 * same light pages for their own navigations (logout, an expired session).
 */
const start = async () => {
  const locale = initialLocale();
  const container = document.getElementById('root')!;
  const publicPage = isPublicPath(window.location.pathname);
  // a signed-in family at its profile or a child's page: the family app, the page's first calls started at once
  // unless the server rendered the page with their answers
  const familyApp = !publicPage && startsFamilyApp(window.location.pathname);
  const renderedFamily = familyApp ? renderedFamilyPage(container, locale) : undefined;
  if (familyApp && !renderedFamily) startEarlyCalls(window.location.pathname);
  // a page the server sent rendered: its root is made by hydrateRoot (show, below), once its app is here
  const hydrates = renderedFamily !== undefined || holdsPrerendered(container, locale);
  let root: Root | undefined = hydrates ? undefined : createRoot(container);
  const rootNow = () => (root ??= createRoot(container));
  /**
   * Renders the app, or hydrates the page the server sent rendered (the first app only). In a transition: React
   * hydrates in slices of a few milliseconds, yielding to the browser between them, so the page (already painted)
   * answers a tap at once instead of after one long task.
   */
  const show = (app: ReactNode) => {
    if (root) root.render(app);
    else startTransition(() => void (root = hydrateRoot(container, app)));
  };
  if (hydrates) await afterFirstPaint();
  // a public page: the foundation's messages and its areas' only; the console loads the rest (src/i18n/index.ts)
  if (publicPage) startWithAreas(publicAreasOf(window.location.pathname));
  const [messages] = await Promise.all([
    loadMessages(locale, publicPage ? publicAreasOf(window.location.pathname) : 'all'),
    loadFirstApp(window.location.pathname, familyApp),
  ]);
  const i18nProvider = buildI18nProvider(locale, messages);

  const renderConsole = async () => {
    const [App] = await Promise.all([loadConsole(), wantAllMessages()]);
    rootNow().render(
      <StrictMode>
        <App i18nProvider={i18nProvider} />
      </StrictMode>,
    );
  };
  let opening: Promise<void> | undefined;
  const openConsole = () => (opening ??= renderConsole());
  // the family app hands over to the whole console at any other address (family/FamilyApp.tsx)
  if (familyApp) {
    const FamilyApp = await loadFamilyApp();
    show(
      <StrictMode>
        <FamilyApp i18nProvider={i18nProvider} openConsole={openConsole} rendered={renderedFamily} />
      </StrictMode>,
    );
    return rootNow();
  }
  if (!publicPage) {
    await openConsole();
    return rootNow();
  }

  const renderPublicApp = async () => {
    const PublicApp = await loadPublicApp();
    show(
      <StrictMode>
        <PublicApp i18nProvider={i18nProvider} openConsole={openConsole} />
      </StrictMode>,
    );
  };
  if (!isLightPath(window.location.pathname)) {
    await renderPublicApp();
    return rootNow();
  }

  // the light app leaves for another public page or, once signed in, the whole console
  let leaving: Promise<void> | undefined;
  const leave = () => (leaving ??= isPublicPath(window.location.pathname) ? renderPublicApp() : openConsole());
  const LightApp = await loadLightApp();
  show(
    <StrictMode>
      <LightApp i18nProvider={i18nProvider} leave={leave} />
    </StrictMode>,
  );
  return rootNow();
};

/** The rendered root, once started (tests unmount it). */
export const started = start();
