import { lazy } from 'react';
import GroupsIcon from '@mui/icons-material/Groups';
import type { RaRecord } from 'react-admin';

/** Groups (/groups): list, create, edit, and the group's page with its students. */
export default {
  list: lazy(() => import('./GroupList')),
  create: lazy(() => import('./GroupCreate')),
  edit: lazy(() => import('./GroupEdit')),
  show: lazy(() => import('./GroupShow')),
  icon: GroupsIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
