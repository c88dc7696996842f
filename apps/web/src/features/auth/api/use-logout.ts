import { logout } from '@andes/contract/auth/endpoints';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

/** Ends the session on the server; a failure is not shown (the app forgets the session anyway). */
export function useLogout() {
  return useMutation({
    mutationFn: () => call(logout, {}, { silent: true }),
  });
}
