import HowToRegIcon from '@mui/icons-material/HowToReg';
import type { RaRecord } from 'react-admin';
import { lazyPart } from '../../lazyPart';

/** Active approved teachers; the list is mounted at the sidebar's /active_teacher (App.tsx). */
export default {
  list: lazyPart(() => import('./ActiveTeacherList')),
  icon: HowToRegIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
