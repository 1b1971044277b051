import HistoryIcon from '@mui/icons-material/History';
import { lazyPart } from '../../lazyPart';

/** The change log (/logs): read only. */
export default {
  list: lazyPart(() => import('./LogList')),
  icon: HistoryIcon,
  recordRepresentation: 'id',
};
