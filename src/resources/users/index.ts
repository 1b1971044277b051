import PeopleIcon from '@mui/icons-material/People';
import type { RaRecord } from 'react-admin';
import { lazyPart } from '../../lazyPart';

/** The users resource (/users): list and edit; accounts are created by sign-up. */
export default {
  list: lazyPart(() => import('./UserList')),
  edit: lazyPart(() => import('./UserEdit')),
  icon: PeopleIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
