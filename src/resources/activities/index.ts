import AssignmentIcon from '@mui/icons-material/Assignment';
import type { RaRecord } from 'react-admin';
import { lazyPage } from '../../routes';
import { ActivityList } from './ActivityList';

/** Children's activities and their evaluation (docs/api/activities.md). */
export default {
  list: ActivityList,
  show: lazyPage(() => import('./ActivityShow')),
  icon: AssignmentIcon,
  recordRepresentation: (record: RaRecord) => String(record.title ?? ''),
};
