import ApartmentIcon from '@mui/icons-material/Apartment';
import { lazyPart } from '../../lazyPart';

/**
 * The schools resource: listed at /region-schools (a region's schools; every school for the platform), where a school
 * is added with its admin and edited in dialogs (SchoolDialogs.tsx). No screen at /schools.
 */
export default {
  list: lazyPart(() => import('./SchoolList')),
  icon: ApartmentIcon,
};
