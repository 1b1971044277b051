import SchoolIcon from '@mui/icons-material/School';
import type { RaRecord } from 'react-admin';
import { lazyPart } from '../../lazyPart';

/** Courses (/courses): the catalogue, create and edit; the course page is /course/:id (custom-pages/course). */
export default {
  list: lazyPart(() => import('./CourseList')),
  create: lazyPart(() => import('./CourseCreate')),
  edit: lazyPart(() => import('./CourseEdit')),
  icon: SchoolIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
