import MapIcon from '@mui/icons-material/Map';
import { lazyPart } from '../../lazyPart';

/**
 * The regions resource: listed with their admins at /region-admin, one region's figures and schools at
 * /region-admin/:id. No screen at /regions.
 */
export default {
  list: lazyPart(() => import('./RegionList')),
  show: lazyPart(() => import('./RegionShow')),
  icon: MapIcon,
};

/** One school of a region, as its region and the platform see it: /region-admin/:id/:school_id. */
export const RegionSchoolShow = lazyPart(() => import('./RegionSchoolShow'));
