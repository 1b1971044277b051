import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useNotificationContext } from 'react-admin';

/** Pages a signed-in user is never sent back to. */
const PUBLIC_PATHS = ['/login', '/logout', '/register', '/reset-password', '/404'];

/**
 * Starts a session (login or sign-up), then goes to the address the user
 * was sent away from (react-admin keeps it in the location state) or to
 * `fallback`. The cached "not signed in" answer is refreshed first, so the
 * layout does not log the new session out.
 */
export const useSignIn = () => {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const location = useLocation();
  const { resetNotifications } = useNotificationContext();
  return useCallback(
    async (start: () => Promise<unknown>, fallback: string) => {
      await start();
      resetNotifications();
      await queryClient.invalidateQueries({ queryKey: ['auth'] });
      const state = location.state as { nextPathname?: string; nextSearch?: string } | null;
      const next = state?.nextPathname;
      const usable = next && next !== '/' && !PUBLIC_PATHS.some((p) => next === p || next.startsWith(`${p}/`));
      navigate(usable ? `${next}${state?.nextSearch ?? ''}` : fallback, { replace: true });
    },
    [queryClient, navigate, location.state, resetNotifications],
  );
};
