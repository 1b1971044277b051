import { type ReactNode, Suspense, useCallback, useMemo, useRef, use, useSyncExternalStore } from 'react';
import { type I18nProvider, localStorageStore } from 'ra-core';
import { Route, type RouteObject, RouterProvider, Routes, createBrowserRouter } from 'react-router-dom';
import { AppContexts, type HandOver, HandOverOnError, OpenConsole, Waiting, deferredDataProvider } from './appShell';
import { currentMessagesVersion, needAreas, subscribeMessages } from './i18n';
import { PUBLIC_PAGE_AREAS, type PublicPagePath } from './publicPaths';
import { PUBLIC_PAGES } from './routes';

/**
 * The public pages (/login, /register, /reset-password/:token, /404) as a
 * light app of their own, for a first load at one of these addresses
 * (main.tsx decides): react-admin's contexts with the console's own auth,
 * data and i18n providers, store, theme and notifications, but not <Admin>'s
 * layout, menus, resources and lists, which are downloaded only when the
 * whole console takes over.
 */

/** react-admin's own default store (<Admin> creates the same): what it keeps in localStorage is shared with the console. */
const store = localStorageStore();

/**
 * The console's data provider, downloaded on its first call; it brings the domain's list schemas and zod, which the
 * first load does without (the kit order page, a page of the light app now, calls dataProvider/publicCalls.ts
 * itself: the whole provider, every resource's schemas, took a phone's main thread for about 70 ms, 4 times that on
 * Lighthouse's phone, right after the page showed; docs/PERFORMANCE.md "Phone").
 */
const dataProvider = deferredDataProvider(async () => (await import('./dataProvider')).dataProvider);

/** A public page once the message areas it names are loaded (src/i18n/index.ts; a spinner meanwhile). */
const WithMessages = ({ path, children }: { path: PublicPagePath; children: ReactNode }) => {
  const pending = needAreas(PUBLIC_PAGE_AREAS[path]);
  if (pending) use(pending);
  return children;
};

/** The public pages in react-admin's contexts (appShell.tsx AppContexts), each once its messages are here. */
const PublicPages = ({ i18nProvider, handOver }: { i18nProvider: I18nProvider; handOver: HandOver }) => {
  // more messages arrived (another page's areas, or all of them): every text is translated again
  useSyncExternalStore(subscribeMessages, currentMessagesVersion, currentMessagesVersion);
  return (
    <AppContexts i18nProvider={i18nProvider} dataProvider={dataProvider} store={store}>
      <Routes>
        {Object.entries(PUBLIC_PAGES).map(([path, Page]) => (
          <Route
            key={path}
            path={path}
            element={
              <Suspense fallback={<Waiting />}>
                <WithMessages path={path as PublicPagePath}>
                  <Page />
                </WithMessages>
              </Suspense>
            }
          />
        ))}
        <Route path="*" element={<OpenConsole handOver={handOver} />} />
      </Routes>
    </AppContexts>
  );
};

export interface PublicAppProps {
  i18nProvider: I18nProvider;
  /** renders the whole console (App.tsx) in this app's place at the current address; rejects if it cannot be downloaded */
  openConsole: () => Promise<void>;
}

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The one route of the public app: every address, each public page's own route inside (PublicPages). The browser's
 * router below and the build's prerender (src/prerender/) route the same, so the hydrated tree is the prerendered one.
 */
export const publicRoutes = (i18nProvider: I18nProvider, handOver: HandOver): RouteObject[] => [
  {
    path: '*',
    element: (
      <HandOverOnError handOver={handOver}>
        <PublicPages i18nProvider={i18nProvider} handOver={handOver} />
      </HandOverOnError>
    ),
  },
];

/**
 * A browser data router around the public pages, as App.tsx has around the
 * console; once the console has taken over, this router stops following the
 * history (the console's router does).
 */
export const PublicApp = ({ i18nProvider, openConsole }: PublicAppProps) => {
  const routerRef = useRef<Router | null>(null);
  const handOver = useCallback(() => openConsole().then(() => routerRef.current?.dispose()), [openConsole]);
  const router = useMemo(() => {
    routerRef.current = createBrowserRouter(publicRoutes(i18nProvider, handOver));
    return routerRef.current;
  }, [i18nProvider, handOver]);
  return <RouterProvider router={router} useTransitions={false} />;
};
