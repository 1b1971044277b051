import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import courses from '../resources/courses';
import groups from '../resources/groups';
import { lazyPage, ResourceScreen } from '../routes';
import { lazyPart } from '../lazyPart';

const CoursePage = lazyPage(() => import('../custom-pages/course/CoursePage'));
const CourseGroupsPage = lazyPage(() => import('../custom-pages/course/CourseGroupsPage'));
const SortStudentsPage = lazyPage(() => import('../custom-pages/groups/SortStudentsPage'));
const ShowAllPage = lazyPage(() => import('../custom-pages/groups/ShowAllPage'));
const CourseApprovalsPage = lazyPart(() => import('../custom-pages/requests/CourseApprovalsPage'));
const CourseRequestsPage = lazyPart(() => import('../custom-pages/requests/CourseRequestsPage'));
const GroupRequestsPage = lazyPart(() => import('../custom-pages/requests/GroupRequestsPage'));
const StudentRequestsPage = lazyPart(() => import('../custom-pages/requests/StudentRequestsPage'));
const WaitingStudentsPage = lazyPart(() => import('../custom-pages/requests/WaitingStudentsPage'));

/**
 * Teaching: courses and their page (lessons, groups), groups and their
 * students, requests to join, course approvals (docs/api/teaching.md).
 */
export const teachingArea = (
  <>
    <Resource name="courses" {...courses} />
    <Resource name="groups" {...groups} />
    {/* listed at the sidebar's addresses below */}
    <Resource name="courseApprovals" />
    <Resource name="courseRequests" />
    <Resource name="groupRequests" />
    <Resource name="studentRequests" />
    <Resource name="waitingStudents" />
    <CustomRoutes>
      <Route path="/course/:id/:group_id?" element={<CoursePage />} />
      <Route path="/course-groups/:id?" element={<CourseGroupsPage />} />
      <Route path="/groups/group/sorted/students/:group" element={<SortStudentsPage />} />
      <Route path="/show/all/:id" element={<ShowAllPage />} />
      <Route
        path="/auth/courses"
        element={<ResourceScreen resource="courseApprovals" screen={CourseApprovalsPage} />}
      />
      <Route
        path="/course/requests"
        element={<ResourceScreen resource="courseRequests" screen={CourseRequestsPage} />}
      />
      <Route path="/auth/groups" element={<ResourceScreen resource="groupRequests" screen={GroupRequestsPage} />} />
      <Route
        path="/student/requests"
        element={<ResourceScreen resource="studentRequests" screen={StudentRequestsPage} />}
      />
      <Route
        path="/auth/student"
        element={<ResourceScreen resource="waitingStudents" screen={WaitingStudentsPage} />}
      />
    </CustomRoutes>
  </>
);
