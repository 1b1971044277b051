import { lazy } from 'react';
import SchoolIcon from '@mui/icons-material/School';
import type { RaRecord } from 'react-admin';

/** Courses (/courses): the catalogue, create and edit; the course page is /course/:id (custom-pages/course). */
export default {
  list: lazy(() => import('./CourseList')),
  create: lazy(() => import('./CourseCreate')),
  edit: lazy(() => import('./CourseEdit')),
  icon: SchoolIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
