import PendingActionsIcon from '@mui/icons-material/PendingActions';
import type { RaRecord } from 'react-admin';
import { lazyPart } from '../../lazyPart';

/** Teachers waiting for approval; mounted at /auth/teachers (areas/accounts.tsx; docs/DECISIONS.md "Teachers wait"). */
export default {
  list: lazyPart(() => import('./TeacherRequestList')),
  icon: PendingActionsIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
