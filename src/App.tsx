import { type ReactNode, useMemo, useState, useSyncExternalStore } from 'react';
import { Admin, CustomRoutes, type I18nProvider, Navigate } from 'react-admin';
import { Route, RouterProvider, createBrowserRouter, useLocation } from 'react-router-dom';
import { accountsArea } from './areas/accounts';
import { examsArea } from './areas/exams';
import { teachingArea } from './areas/teaching';
import { publicArea } from './areas/public';
import { dictionaryArea } from './areas/dictionary';
import { markingArea } from './areas/marking';
import { schoolsArea } from './areas/schools';
import { activitiesArea } from './areas/activities';
import { reportsArea } from './areas/reports';
import { learnerResultsArea } from './areas/learnerResults';
import { specAddressesArea } from './areas/specAddresses';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { currentLocale, subscribeLocale } from './i18n';
import { directionOf } from './i18n/locales';
import { AppLayout } from './layout/AppLayout';
import { AppNotification } from './layout/AppNotification';
import { isPublicPath } from './publicPaths';
import { LogoutPage, NotFoundPage, PUBLIC_PAGES } from './routes';
import { createQueryClient } from './queryClient';
import { isGuestSession } from './session';
import { localisedTheme } from './theme';
import { StyleCache } from './styleCache';

const GoToOverview = () => <Navigate to="/overview" replace />;

/**
 * A guest test-taker's session has no console (docs/SECURITY.md "Guest
 * sessions"): no menu, lists or messages, only its own pages, the test and
 * the public pages; any other address goes back to its test (the server
 * refuses its token there anyway).
 */
const GuestStaysInTest = ({ children }: { children: ReactNode }) => {
  const { pathname } = useLocation();
  if (isGuestSession() && !isPublicPath(pathname)) return <Navigate to="/start-exam/1" replace />;
  return children;
};

/**
 * The console. The theme direction and the emotion cache follow the locale
 * (Arabic right-to-left), switched without a reload.
 */
const Console = ({ i18nProvider }: { i18nProvider: I18nProvider }) => {
  const locale = useSyncExternalStore(subscribeLocale, currentLocale);
  const direction = directionOf(locale);
  const theme = useMemo(() => localisedTheme(locale, i18nProvider.translate), [locale, i18nProvider]);
  // one per console, as <Admin> would make it (its cache is the signed-in user's)
  const [queryClient] = useState(createQueryClient);
  return (
    <StyleCache direction={direction}>
      <GuestStaysInTest>
        <Admin
          title="Neomi Academy"
          dataProvider={dataProvider}
          queryClient={queryClient}
          authProvider={authProvider}
          i18nProvider={i18nProvider}
          theme={theme}
          layout={AppLayout}
          notification={AppNotification}
          dashboard={GoToOverview}
          catchAll={NotFoundPage}
          loginPage={false}
          requireAuth
          disableTelemetry
        >
          {/* each area's resources and pages (src/areas/<area>.tsx) */}
          {accountsArea}
          {examsArea}
          {teachingArea}
          {publicArea}
          {dictionaryArea}
          {markingArea}
          {schoolsArea}
          {activitiesArea}
          {reportsArea}
          {learnerResultsArea}
          {specAddressesArea}
          <CustomRoutes noLayout>
            {Object.entries(PUBLIC_PAGES).map(([path, Page]) => (
              <Route key={path} path={path} element={<Page />} />
            ))}
          </CustomRoutes>
          <CustomRoutes>
            <Route path="/logout" element={<LogoutPage />} />
          </CustomRoutes>
        </Admin>
      </GuestStaysInTest>
    </StyleCache>
  );
};

/**
 * Real paths (/login, /reset-password/<token> from the reset mail), not
 * react-admin's default hash router: a browser data router around it all.
 * Navigations are not transitions: react-admin's logout navigates and then
 * clears its queries at once; in a transition the urgent re-render at the
 * old address would mount LogoutOnMount again, over and over.
 */
export const App = ({ i18nProvider }: { i18nProvider: I18nProvider }) => {
  const router = useMemo(
    () => createBrowserRouter([{ path: '*', element: <Console i18nProvider={i18nProvider} /> }]),
    [i18nProvider],
  );
  return <RouterProvider router={router} useTransitions={false} />;
};
