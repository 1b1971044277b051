import EventSeatIcon from '@mui/icons-material/EventSeat';
import { lazyPart } from '../../lazyPart';

/**
 * Seat requests (docs/api/schools.md "Seat requests"): no single list; each level lists the requests at its own address,
 * with the one SeatRequestList. No screen at /seatRequests.
 */
export default {
  icon: EventSeatIcon,
};

/** A school's seats and its requests (/assigned-quota), a region's (/region-seats), the platform's (/admin-seats). */
export const seatRequestLists = {
  school: lazyPart(() => import('./SchoolSeatRequestList')),
  region: lazyPart(() => import('./RegionSeatRequestList')),
  admin: lazyPart(() => import('./AdminSeatRequestList')),
};
