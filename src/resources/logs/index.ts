import { lazy } from 'react';
import HistoryIcon from '@mui/icons-material/History';

/** The change log (/logs): read only. */
export default {
  list: lazy(() => import('./LogList')),
  icon: HistoryIcon,
  recordRepresentation: 'id',
};
