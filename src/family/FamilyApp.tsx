import { useCallback, useMemo, useRef, useState } from 'react';
import type { QueryClient } from '@tanstack/react-query';
import { type I18nProvider, localStorageStore } from 'ra-core';
import { Route, type RouteObject, RouterProvider, Routes, createBrowserRouter } from 'react-router-dom';
import { AppContexts, type HandOver, HandOverOnError, OpenConsole, deferredDataProvider } from '../appShell';
import type { AppDataProvider } from '../dataProvider';
import { AppLayout } from '../layout/AppLayout';
import { ProfilePage, lazyPage } from '../routes';
import { withEarlyAnswers } from './earlyAnswers';
import { type FamilyPageAnswer, familyQueryClient } from './familyQueries';

/**
 * The family's two pages (familyPaths.ts) as an app of their own, for a signed-in family's first load at one of them
 * (main.tsx decides): react-admin's contexts with the console's own auth, data and i18n providers, store, theme and
 * notifications, inside the console's layout (its app bar, language and user menus, the family's menu), but not
 * <Admin>'s resources, lists and areas, which are downloaded only when the whole console takes over (any other
 * address, docs/PERFORMANCE.md "Phone").
 */

/** react-admin's own default store (<Admin> creates the same): what it keeps in localStorage is shared with the console. */
const store = localStorageStore();

/**
 * The console's data provider, downloaded at its first call, or as the app starts when the page was not rendered by
 * the server (FamilyApp), not awaited by the first render (its schemas and zod run meanwhile): the page's first reads
 * are answered by the calls main.tsx started (earlyAnswers.ts). A page the server rendered has its first reads'
 * answers (familyQueries.ts): the provider and its schemas wait for a call (docs/PERFORMANCE.md "Phone").
 */
let loadingCalls: Promise<AppDataProvider> | undefined;
const loadCalls = () => (loadingCalls ??= import('../dataProvider').then((m) => m.dataProvider));
const familyDataProvider = withEarlyAnswers(deferredDataProvider(loadCalls));

/** The console mounts the same page at the same address (src/areas/activities.tsx): one chunk for both. */
const StudentDetailsPage = lazyPage(() => import('../custom-pages/student-details/StudentDetailsPage'));

interface FamilyPagesProps {
  i18nProvider: I18nProvider;
  handOver: HandOver;
  /** the app's query client (familyQueries.ts): one per app, as <Admin> makes one; the console makes its own */
  queryClient: QueryClient;
}

/** The family's pages in react-admin's contexts (appShell.tsx AppContexts) and the console's layout. */
const FamilyPages = ({ i18nProvider, handOver, queryClient }: FamilyPagesProps) => {
  return (
    <AppContexts i18nProvider={i18nProvider} dataProvider={familyDataProvider} store={store} queryClient={queryClient}>
      <AppLayout>
        <Routes>
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/student-details/:id" element={<StudentDetailsPage />} />
          {/* the layout stays while the console downloads, then the console renders this address */}
          <Route path="*" element={<OpenConsole handOver={handOver} />} />
        </Routes>
      </AppLayout>
    </AppContexts>
  );
};

export interface FamilyAppProps {
  i18nProvider: I18nProvider;
  /** renders the whole console (App.tsx) in this app's place at the current address; rejects if it cannot be downloaded */
  openConsole: () => Promise<void>;
  /** the answers the server rendered the page with, for this device's user (main.tsx checks), if it did */
  rendered?: FamilyPageAnswer;
}

type Router = ReturnType<typeof createBrowserRouter>;

/**
 * The one route of the family app: every address, the family's pages inside (FamilyPages). The browser's router
 * below and the server's render of a family page (src/prerender/renderPage.tsx) route the same, so the hydrated tree
 * is the rendered one.
 */
export const familyRoutes = (
  i18nProvider: I18nProvider,
  handOver: HandOver,
  queryClient: QueryClient,
): RouteObject[] => [
  {
    path: '*',
    element: (
      <HandOverOnError handOver={handOver}>
        <FamilyPages i18nProvider={i18nProvider} handOver={handOver} queryClient={queryClient} />
      </HandOverOnError>
    ),
  },
];

/**
 * A browser data router around the family's pages, as App.tsx has around the console; once the console has taken
 * over, this router stops following the history (the console's router does). Navigations are not transitions, as in
 * App.tsx (react-admin's logout navigates, then clears its queries).
 */
export const FamilyApp = ({ i18nProvider, openConsole, rendered }: FamilyAppProps) => {
  const routerRef = useRef<Router | null>(null);
  const [queryClient] = useState(() => {
    if (!rendered) void loadCalls();
    return familyQueryClient(rendered);
  });
  const handOver = useCallback(() => openConsole().then(() => routerRef.current?.dispose()), [openConsole]);
  const router = useMemo(() => {
    routerRef.current = createBrowserRouter(familyRoutes(i18nProvider, handOver, queryClient));
    return routerRef.current;
  }, [i18nProvider, handOver, queryClient]);
  return <RouterProvider router={router} useTransitions={false} />;
};
