import { useMemo, useSyncExternalStore } from 'react';
import { CacheProvider } from '@emotion/react';
import { Admin, CustomRoutes, type I18nProvider, Navigate, Resource, ResourceContextProvider } from 'react-admin';
import { Route, RouterProvider, createBrowserRouter } from 'react-router-dom';
import { authProvider } from './authProvider';
import { dataProvider } from './dataProvider';
import { currentLocale, subscribeLocale } from './i18n';
import { directionOf } from './i18n/locales';
import { AppLayout } from './layout/AppLayout';
import { AppNotification } from './layout/AppNotification';
import activeTeachers from './resources/activeTeachers';
import children from './resources/children';
import logs from './resources/logs';
import roles from './resources/roles';
import teacherRequests from './resources/teacherRequests';
import teachers from './resources/teachers';
import users from './resources/users';
import {
  LoginPage, LogoutPage, NotFoundPage, OverviewPage, ProfilePage, RegisterPage, ResetPasswordPage,
} from './routes';
import { emotionCaches, themes } from './theme';

const GoToOverview = () => <Navigate to="/overview" replace />;

/** Listed at the sidebar's addresses (/active_teacher, /auth/teachers), inside the layout's Suspense. */
const ActiveTeacherList = activeTeachers.list;
const TeacherRequestList = teacherRequests.list;

/**
 * The console. The theme direction and the emotion cache follow the locale
 * (Arabic right-to-left), switched without a reload.
 */
const Console = ({ i18nProvider }: { i18nProvider: I18nProvider }) => {
  const locale = useSyncExternalStore(subscribeLocale, currentLocale);
  const direction = directionOf(locale);
  return (
    <CacheProvider value={emotionCaches[direction]}>
      <Admin
        title="Neomi Academy"
        dataProvider={dataProvider}
        authProvider={authProvider}
        i18nProvider={i18nProvider}
        theme={themes[direction]}
        layout={AppLayout}
        notification={AppNotification}
        dashboard={GoToOverview}
        catchAll={NotFoundPage}
        loginPage={false}
        requireAuth
        disableTelemetry
      >
        <Resource name="users" {...users} />
        <Resource name="teachers" {...teachers} />
        {/* listed at the sidebar's addresses below, not at /activeTeachers and /teacherRequests */}
        <Resource name="activeTeachers" icon={activeTeachers.icon} recordRepresentation={activeTeachers.recordRepresentation} />
        <Resource name="teacherRequests" icon={teacherRequests.icon} recordRepresentation={teacherRequests.recordRepresentation} />
        <Resource name="roles" {...roles} />
        <Resource name="logs" {...logs} />
        <Resource name="children" {...children} />
        <Resource name="permissions" />
        <CustomRoutes noLayout>
          <Route path="/login" element={<LoginPage />} />
          <Route path="/register" element={<RegisterPage />} />
          <Route path="/reset-password/:token" element={<ResetPasswordPage />} />
          <Route path="/404" element={<NotFoundPage />} />
        </CustomRoutes>
        <CustomRoutes>
          <Route path="/overview" element={<OverviewPage />} />
          <Route path="/profile" element={<ProfilePage />} />
          <Route path="/logout" element={<LogoutPage />} />
          <Route
            path="/active_teacher"
            element={
              <ResourceContextProvider value="activeTeachers">
                <ActiveTeacherList />
              </ResourceContextProvider>
            }
          />
          <Route
            path="/auth/teachers"
            element={
              <ResourceContextProvider value="teacherRequests">
                <TeacherRequestList />
              </ResourceContextProvider>
            }
          />
        </CustomRoutes>
      </Admin>
    </CacheProvider>
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
  const router = useMemo(() => createBrowserRouter([{ path: '*', element: <Console i18nProvider={i18nProvider} /> }]), [i18nProvider]);
  return <RouterProvider router={router} useTransitions={false} />;
};
