import { useCallback } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate, useNotificationContext } from 'react-admin';
import { type ComeBack, addressAfterSignIn } from '../signin/env';

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
      navigate(addressAfterSignIn(location.state as ComeBack | null, fallback), { replace: true });
    },
    [queryClient, navigate, location.state, resetNotifications],
  );
};
