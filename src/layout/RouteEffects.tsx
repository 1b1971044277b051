import { useEffect, useRef } from 'react';
import { useLocation } from 'react-admin';
import { useQueryClient } from '@tanstack/react-query';

/**
 * After each navigation: scroll to the top, and reload the user's roles and
 * permissions (docs/PRODUCT.md §2 "Navigation") — react-admin's getPermissions calls GET /api/me.
 */
export const RouteEffects = () => {
  const { pathname } = useLocation();
  const queryClient = useQueryClient();
  const first = useRef(true);
  useEffect(() => {
    window.scrollTo({ top: 0, left: 0 });
    if (first.current) {
      first.current = false;
      return;
    }
    void queryClient
      .invalidateQueries({ queryKey: ['auth', 'getPermissions'] })
      .then(() => queryClient.invalidateQueries({ queryKey: ['auth', 'getIdentity'] }));
  }, [pathname, queryClient]);
  return null;
};
