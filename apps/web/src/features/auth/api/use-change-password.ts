import { changePassword } from '@andes/contract/auth/endpoints';
import type { ChangePasswordRequest } from '@andes/contract/auth/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { sessionKeys } from '../../../shared/auth/query-keys.ts';

/** Changes the signed-in user's password; the form shows the server's message itself. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: ChangePasswordRequest) => call(changePassword, values, { silent: true }),
    onSuccess: () => queryClient.resetQueries({ queryKey: sessionKeys.all }),
  });
}
