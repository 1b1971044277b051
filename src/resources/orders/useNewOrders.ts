import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';

export const NEW_ORDERS_KEY = ['orders', 'newCount'];

/** How many kit orders wait for an admin (GET /contact/orders/new_count), asked again every minute. */
export const useNewOrders = (enabled: boolean) => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: NEW_ORDERS_KEY,
    queryFn: async () => (await dataProvider.countNewOrders()).count,
    enabled,
    // the sidebar's item and its section's header share one count: fresh for a minute, then asked again
    staleTime: 60_000,
    refetchInterval: 60_000,
    // the sidebar is outside every page: a refused read shows no page state (src/queryClient.ts)
    throwOnError: false,
  });
};

/** After a status change: the count again. */
export const useRecountNewOrders = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: NEW_ORDERS_KEY });
};
