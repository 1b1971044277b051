import SchoolIcon from '@mui/icons-material/School';
import type { RaRecord } from 'react-admin';
import { lazyPart } from '../../lazyPart';

/** Approved teachers (/teachers). */
export default {
  list: lazyPart(() => import('./TeacherList')),
  icon: SchoolIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
