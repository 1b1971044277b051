import GroupsIcon from '@mui/icons-material/Groups';
import type { RaRecord } from 'react-admin';
import { lazyPart } from '../../lazyPart';

/** Groups (/groups): list, create, edit, and the group's page with its students. */
export default {
  list: lazyPart(() => import('./GroupList')),
  create: lazyPart(() => import('./GroupCreate')),
  edit: lazyPart(() => import('./GroupEdit')),
  show: lazyPart(() => import('./GroupShow')),
  icon: GroupsIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
