import type { ComponentType, ReactElement } from 'react';
import { Badge } from '@mui/material';
import { useTranslate } from 'react-admin';
import { useNewOrders } from '../resources/orders/useNewOrders';

/** A count on a sidebar item's icon: what waits there for the user (0 shows nothing). */
const CountBadge = ({ count, label, icon }: { count: number | undefined; label: string; icon: ReactElement }) =>
  count ? (
    <Badge
      badgeContent={count}
      color="error"
      max={99}
      title={label}
      slotProps={{ badge: { 'aria-label': label } as never }}
    >
      {icon}
    </Badge>
  ) : (
    icon
  );

const NewOrdersBadge = ({ icon }: { icon: ReactElement }) => {
  const translate = useTranslate();
  const { data } = useNewOrders(true);
  return <CountBadge count={data} label={translate('app.orders.newOrders', { smart_count: data ?? 0 })} icon={icon} />;
};

/**
 * Badges by sidebar path (domain/permissions.ts SIDEBAR), shown only to
 * users who see the item: the new kit orders for now; users' notifications
 * will join them.
 */
export const MENU_BADGES: Record<string, ComponentType<{ icon: ReactElement }>> = {
  '/orders': NewOrdersBadge,
};
