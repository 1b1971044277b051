import { Notification } from 'react-admin';
import { NOTIFICATION_TIMEOUT_MS } from '../../domain/codes';

/** Notifications top right for 5 s (docs/PRODUCT.md §9 "Time"). */
export const AppNotification = () => (
  <Notification anchorOrigin={{ vertical: 'top', horizontal: 'right' }} autoHideDuration={NOTIFICATION_TIMEOUT_MS} />
);
