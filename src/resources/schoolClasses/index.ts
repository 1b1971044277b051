import { lazy } from 'react';
import ClassIcon from '@mui/icons-material/Class';

/**
 * A school's classes: listed at /school, one class and its students at /school/:id; added and edited in dialogs
 * (ClassDialogs.tsx). No screen at /schoolClasses.
 */
export default {
  list: lazy(() => import('./SchoolClassList')),
  show: lazy(() => import('./SchoolClassShow')),
  icon: ClassIcon,
};
