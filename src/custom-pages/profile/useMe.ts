import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useDataProvider } from 'react-admin';
import type { AppDataProvider } from '../../dataProvider';
import { type SessionUser, saveSessionUser } from '../../session';

export const ME_QUERY_KEY = ['auth', 'me'];

/** The signed-in user, fresh from GET /api/me (kept in the session too). */
export const useMe = () => {
  const dataProvider = useDataProvider<AppDataProvider>();
  return useQuery({
    queryKey: ME_QUERY_KEY,
    queryFn: async () => {
      const { data } = await dataProvider.getMe();
      saveSessionUser(data as unknown as SessionUser);
      return data as unknown as SessionUser;
    },
  });
};

/** After the user changed their own account: reload it, their identity and permissions. */
export const useReloadMe = () => {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ['auth'] });
};
