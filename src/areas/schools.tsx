import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import regions, { RegionSchoolShow } from '../resources/regions';
import schoolClasses from '../resources/schoolClasses';
import schools from '../resources/schools';
import seatRequests, { seatRequestLists } from '../resources/seatRequests';
import { lazyPage, ResourceScreen } from '../routes';

const SchoolDashboardPage = lazyPage(() => import('../custom-pages/school-dashboard/SchoolDashboardPage'));
const RegionDashboardPage = lazyPage(() => import('../custom-pages/school-dashboard/RegionDashboardPage'));
const AdminDashboardPage = lazyPage(() => import('../custom-pages/school-dashboard/AdminDashboardPage'));
const SchoolReportsPage = lazyPage(() => import('../custom-pages/school-dashboard/SchoolReportsPage'));
const SchoolTeachersPage = lazyPage(() => import('../custom-pages/school-teachers/SchoolTeachersPage'));
const SchoolStudentsPage = lazyPage(() => import('../custom-pages/school-students/SchoolStudentsPage'));

/**
 * Schools, regions and seats (docs/api/schools.md): the resources, whose screens are at the sidebar's addresses
 * rather than at /<resource> (docs/PRODUCT.md §2), and the dashboards and pages of a school's people.
 */
export const schoolsArea = (
  <>
    <Resource name="regions" icon={regions.icon} />
    <Resource name="schools" icon={schools.icon} />
    <Resource name="schoolClasses" icon={schoolClasses.icon} />
    <Resource name="schoolStudents" />
    <Resource name="schoolTeachers" />
    <Resource name="schoolGroups" />
    <Resource name="seatRequests" icon={seatRequests.icon} />
    <Resource name="pendingSeatRequests" />
    <CustomRoutes>
      <Route path="/school-dashboard" element={<SchoolDashboardPage />} />
      <Route path="/school-dashboard/:id" element={<SchoolDashboardPage />} />
      <Route path="/region-dashboard" element={<RegionDashboardPage />} />
      <Route path="/admin-dashboard" element={<AdminDashboardPage />} />
      <Route path="/school-reports" element={<SchoolReportsPage />} />
      <Route path="/region-schools" element={<ResourceScreen resource="schools" screen={schools.list} />} />
      <Route path="/region-admin" element={<ResourceScreen resource="regions" screen={regions.list} />} />
      <Route path="/region-admin/:id" element={<ResourceScreen resource="regions" screen={regions.show} />} />
      <Route
        path="/region-admin/:id/:school_id"
        element={<ResourceScreen resource="regions" screen={RegionSchoolShow} />}
      />
      <Route path="/school" element={<ResourceScreen resource="schoolClasses" screen={schoolClasses.list} />} />
      <Route path="/school/:id" element={<ResourceScreen resource="schoolClasses" screen={schoolClasses.show} />} />
      <Route path="/school-teachers" element={<SchoolTeachersPage />} />
      <Route path="/school-students" element={<SchoolStudentsPage />} />
      <Route
        path="/assigned-quota"
        element={<ResourceScreen resource="seatRequests" screen={seatRequestLists.school} />}
      />
      <Route
        path="/region-seats"
        element={<ResourceScreen resource="seatRequests" screen={seatRequestLists.region} />}
      />
      <Route path="/admin-seats" element={<ResourceScreen resource="seatRequests" screen={seatRequestLists.admin} />} />
    </CustomRoutes>
  </>
);
