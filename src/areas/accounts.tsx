import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import activeTeachers from '../resources/activeTeachers';
import children from '../resources/children';
import logs from '../resources/logs';
import roles from '../resources/roles';
import teacherRequests from '../resources/teacherRequests';
import teachers from '../resources/teachers';
import users from '../resources/users';
import { lazyPage, OverviewPage, ProfilePage, ResourceScreen } from '../routes';

const SettingsPage = lazyPage(() => import('../custom-pages/settings/SettingsPage'));
const BackgroundJobsPage = lazyPage(() => import('../custom-pages/background-jobs/BackgroundJobsPage'));

/**
 * Accounts: users, teachers, children, roles, logs, the settings, the background jobs, the overview and the
 * profile. Each area of the console is a fragment of <Resource>s and
 * <CustomRoutes> like this one, listed in App.tsx.
 */
export const accountsArea = (
  <>
    <Resource name="users" {...users} />
    <Resource name="teachers" {...teachers} />
    {/* listed at the sidebar's addresses below, not at /activeTeachers and /teacherRequests */}
    <Resource
      name="activeTeachers"
      icon={activeTeachers.icon}
      recordRepresentation={activeTeachers.recordRepresentation}
    />
    <Resource
      name="teacherRequests"
      icon={teacherRequests.icon}
      recordRepresentation={teacherRequests.recordRepresentation}
    />
    <Resource name="roles" {...roles} />
    <Resource name="logs" {...logs} />
    <Resource name="children" {...children} />
    <Resource name="permissions" />
    <CustomRoutes>
      <Route path="/overview" element={<OverviewPage />} />
      <Route path="/profile" element={<ProfilePage />} />
      <Route path="/settings" element={<SettingsPage />} />
      <Route path="/background-jobs" element={<BackgroundJobsPage />} />
      <Route
        path="/active_teacher"
        element={<ResourceScreen resource="activeTeachers" screen={activeTeachers.list} />}
      />
      <Route
        path="/auth/teachers"
        element={<ResourceScreen resource="teacherRequests" screen={teacherRequests.list} />}
      />
    </CustomRoutes>
  </>
);
