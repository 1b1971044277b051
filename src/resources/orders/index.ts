import { lazy } from 'react';
import ShoppingBasketIcon from '@mui/icons-material/ShoppingBasket';
import type { RaRecord } from 'react-admin';

/** Kit orders from /order-neomi-kit (/orders): list, show, status changes; for the platform's admins. */
export default {
  list: lazy(() => import('./OrderList')),
  show: lazy(() => import('./OrderShow')),
  icon: ShoppingBasketIcon,
  recordRepresentation: (record: RaRecord) => `${record.entity ?? ''} (${record.kits_no ?? ''})`,
};
