import { lazy } from 'react';
import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';

/** The users resource (/users): list and edit; accounts are created by sign-up. */
export default {
  list: lazy(() => import('./UserList')),
  edit: lazy(() => import('./UserEdit')),
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
