import { lazy } from 'react';
import HowToRegIcon from '@mui/icons-material/HowToReg';
import type { RaRecord } from 'react-admin';

/** Active approved teachers; the list is mounted at the sidebar's /active_teacher (App.tsx). */
export default {
  list: lazy(() => import('./ActiveTeacherList')),
  icon: HowToRegIcon,
  recordRepresentation: (record: RaRecord) => String(record.name ?? record.id),
};
