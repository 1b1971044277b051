import { lazy } from 'react';
import EventSeatIcon from '@mui/icons-material/EventSeat';

/**
 * Seat requests (docs/api/schools.md "Seat requests"): no single list; each level lists the requests at its own address,
 * with the one SeatRequestList. No screen at /seatRequests.
 */
export default {
  icon: EventSeatIcon,
};

/** A school's seats and its requests (/assigned-quota), a region's (/region-seats), the platform's (/admin-seats). */
export const seatRequestLists = {
  school: lazy(() => import('./SchoolSeatRequestList')),
  region: lazy(() => import('./RegionSeatRequestList')),
  admin: lazy(() => import('./AdminSeatRequestList')),
};
