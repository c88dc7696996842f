import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { LOGIN_FORM_PATH } from '../../../shared/navigation/paths.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { useLogout } from '../api/use-logout.ts';

/**
 * Signs out: ends the session on the server (best effort), leaves the authenticated screens, then
 * forgets the token, the user and every cached answer.
 */
export function useSignOut(): { signOut: () => Promise<void>; pending: boolean } {
  const logout = useLogout();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { mutateAsync } = logout;
  const signOut = useCallback(async () => {
    await mutateAsync().catch(() => undefined);
    // Leave the authenticated screens first (rendered at once), so the guard never sees a missing
    // token and turns the sign-out into a "please sign in again" with a redirect.
    await Promise.resolve(navigate(LOGIN_FORM_PATH, { replace: true, flushSync: true })).catch(() => undefined);
    useAppStore.getState().clearSession();
    queryClient.clear();
  }, [mutateAsync, navigate, queryClient]);
  return { signOut, pending: logout.isPending };
}
