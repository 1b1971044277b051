import ClassIcon from '@mui/icons-material/Class';
import { lazyPart } from '../../lazyPart';

/**
 * A school's classes: listed at /school, one class and its students at /school/:id; added and edited in dialogs
 * (ClassDialogs.tsx). No screen at /schoolClasses.
 */
export default {
  list: lazyPart(() => import('./SchoolClassList')),
  show: lazyPart(() => import('./SchoolClassShow')),
  icon: ClassIcon,
};
