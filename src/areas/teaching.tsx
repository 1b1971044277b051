import type { ComponentType } from 'react';
import { CustomRoutes, Resource, ResourceContextProvider } from 'react-admin';
import { Route } from 'react-router-dom';
import courses from '../resources/courses';
import groups from '../resources/groups';
import { lazyPage } from '../routes';

const CoursePage = lazyPage(() => import('../custom-pages/course/CoursePage'));
const CourseGroupsPage = lazyPage(() => import('../custom-pages/course/CourseGroupsPage'));
const SortStudentsPage = lazyPage(() => import('../custom-pages/groups/SortStudentsPage'));
const ShowAllPage = lazyPage(() => import('../custom-pages/groups/ShowAllPage'));
const CourseApprovalsPage = lazyPage(() => import('../custom-pages/requests/CourseApprovalsPage'));
const CourseRequestsPage = lazyPage(() => import('../custom-pages/requests/CourseRequestsPage'));
const GroupRequestsPage = lazyPage(() => import('../custom-pages/requests/GroupRequestsPage'));
const StudentRequestsPage = lazyPage(() => import('../custom-pages/requests/StudentRequestsPage'));

/** A request list at a sidebar address, in its resource's context. */
const at = (resource: string, Page: ComponentType) => (
  <ResourceContextProvider value={resource}>
    <Page />
  </ResourceContextProvider>
);

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
    <CustomRoutes>
      <Route path="/course/:id/:group_id?" element={<CoursePage />} />
      <Route path="/course-groups/:id?" element={<CourseGroupsPage />} />
      <Route path="/groups/group/sorted/students/:group" element={<SortStudentsPage />} />
      <Route path="/show/all/:id" element={<ShowAllPage />} />
      <Route path="/auth/courses" element={at('courseApprovals', CourseApprovalsPage)} />
      <Route path="/course/requests" element={at('courseRequests', CourseRequestsPage)} />
      <Route path="/auth/groups" element={at('groupRequests', GroupRequestsPage)} />
      <Route path="/student/requests" element={at('studentRequests', StudentRequestsPage)} />
    </CustomRoutes>
  </>
);
