import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import { lazyPage } from '../routes';

const SchoolDashboardPage = lazyPage(() => import('../custom-pages/school-dashboard/SchoolDashboardPage'));
const RegionDashboardPage = lazyPage(() => import('../custom-pages/school-dashboard/RegionDashboardPage'));
const AdminDashboardPage = lazyPage(() => import('../custom-pages/school-dashboard/AdminDashboardPage'));
const SchoolReportsPage = lazyPage(() => import('../custom-pages/school-dashboard/SchoolReportsPage'));
const RegionAdminsPage = lazyPage(() => import('../resources/regions/RegionList'));
const RegionPage = lazyPage(() => import('../resources/regions/RegionShow'));
const RegionSchoolPage = lazyPage(() => import('../resources/regions/RegionSchoolShow'));
const RegionSchoolsPage = lazyPage(() => import('../resources/schools/SchoolList'));
const SchoolClassesPage = lazyPage(() => import('../resources/schoolClasses/SchoolClassList'));
const ClassPage = lazyPage(() => import('../resources/schoolClasses/SchoolClassShow'));
const SchoolTeachersPage = lazyPage(() => import('../custom-pages/school-teachers/SchoolTeachersPage'));
const SchoolStudentsPage = lazyPage(() => import('../custom-pages/school-students/SchoolStudentsPage'));
const AssignedQuotaPage = lazyPage(() => import('../resources/seatRequests/SchoolSeatRequestList'));
const RegionSeatsPage = lazyPage(() => import('../resources/seatRequests/RegionSeatRequestList'));
const AdminSeatsPage = lazyPage(() => import('../resources/seatRequests/AdminSeatRequestList'));

/**
 * Schools, regions and seats (docs/api/schools.md): the resources the pages
 * list (no pages of their own at /<resource>), and the pages at the sidebar's addresses (docs/PRODUCT.md §2).
 */
export const schoolsArea = (
  <>
    <Resource name="regions" />
    <Resource name="schools" />
    <Resource name="schoolClasses" />
    <Resource name="schoolStudents" />
    <Resource name="schoolTeachers" />
    <Resource name="schoolGroups" />
    <Resource name="seatRequests" />
    <Resource name="pendingSeatRequests" />
    <CustomRoutes>
      <Route path="/school-dashboard" element={<SchoolDashboardPage />} />
      <Route path="/school-dashboard/:id" element={<SchoolDashboardPage />} />
      <Route path="/region-dashboard" element={<RegionDashboardPage />} />
      <Route path="/admin-dashboard" element={<AdminDashboardPage />} />
      <Route path="/school-reports" element={<SchoolReportsPage />} />
      <Route path="/region-schools" element={<RegionSchoolsPage />} />
      <Route path="/region-admin" element={<RegionAdminsPage />} />
      <Route path="/region-admin/:id" element={<RegionPage />} />
      <Route path="/region-admin/:id/:school_id" element={<RegionSchoolPage />} />
      <Route path="/school" element={<SchoolClassesPage />} />
      <Route path="/school/:id" element={<ClassPage />} />
      <Route path="/school-teachers" element={<SchoolTeachersPage />} />
      <Route path="/school-students" element={<SchoolStudentsPage />} />
      <Route path="/assigned-quota" element={<AssignedQuotaPage />} />
      <Route path="/region-seats" element={<RegionSeatsPage />} />
      <Route path="/admin-seats" element={<AdminSeatsPage />} />
    </CustomRoutes>
  </>
);
