import { CustomRoutes, Resource } from 'react-admin';
import { Route } from 'react-router-dom';
import activities from '../resources/activities';
import { lazyPage } from '../routes';

const GalleryPage = lazyPage(() => import('../custom-pages/gallery/GalleryPage'));
const MessagePage = lazyPage(() => import('../custom-pages/message/MessagePage'));
const FeedbackPage = lazyPage(() => import('../custom-pages/feedback/FeedbackPage'));
const StudentDetailsPage = lazyPage(() => import('../custom-pages/student-details/StudentDetailsPage'));

/**
 * Activities: children's activities and their evaluation (/activities),
 * the galleries (/gallery, /photo-gallery), messages (/message), feedback
 * (/feedback) and a child's details (/student-details/:id). The overview
 * and the top bar's notifications live in accounts' overview page and the layout.
 */
export const activitiesArea = (
  <>
    <Resource name="activities" {...activities} />
    {/* lists read by custom pages, with no screens of their own */}
    <Resource name="feedback" />
    <Resource name="messages" />
    <CustomRoutes>
      <Route path="/gallery" element={<GalleryPage />} />
      <Route path="/photo-gallery" element={<GalleryPage />} />
      <Route path="/message" element={<MessagePage />} />
      <Route path="/feedback" element={<FeedbackPage />} />
      <Route path="/student-details/:id" element={<StudentDetailsPage />} />
    </CustomRoutes>
  </>
);
