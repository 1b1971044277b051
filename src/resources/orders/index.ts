import ShoppingBasketIcon from '@mui/icons-material/ShoppingBasket';
import type { RaRecord } from 'react-admin';
import { lazyPart } from '../../lazyPart';

/** Kit orders from /order-neomi-kit (/orders): list, show, status changes; for the platform's admins. */
export default {
  list: lazyPart(() => import('./OrderList')),
  show: lazyPart(() => import('./OrderShow')),
  icon: ShoppingBasketIcon,
  recordRepresentation: (record: RaRecord) => `${record.entity ?? ''} (${record.kits_no ?? ''})`,
};
