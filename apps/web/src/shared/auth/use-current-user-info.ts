import { currentUserInfo } from '@andes/contract/auth/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { useAppStore } from '../store/app-store.ts';
import { sessionKeys } from './query-keys.ts';

/** The signed-in user, fetched once per session and kept in the persisted store for the next visit. */
export function useCurrentUserInfo() {
  return useQuery({
    queryKey: sessionKeys.currentUser(),
    queryFn: async ({ signal }) => {
      const user = await call(currentUserInfo, {}, { signal });
      useAppStore.getState().setCurrentUser(user);
      return user;
    },
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
