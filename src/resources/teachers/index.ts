import { lazy } from 'react';
import SchoolIcon from '@mui/icons-material/School';
import type { RaRecord } from 'react-admin';

/** Approved teachers (/teachers). */
export default {
  list: lazy(() => import('./TeacherList')),
  icon: SchoolIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
