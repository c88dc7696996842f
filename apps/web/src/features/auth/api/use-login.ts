import { login } from '@andes/contract/auth/endpoints';
import type { LoginRequest } from '@andes/contract/auth/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';

/** Signs in; on success the new token is stored and nothing of a previous session stays cached. */
export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: LoginRequest) => call(login, values),
    onSuccess: (result) => {
      queryClient.removeQueries();
      const store = useAppStore.getState();
      store.clearSession();
      store.setToken(result.token);
    },
  });
}
