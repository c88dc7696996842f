import { forgotPassword } from '@andes/contract/password/endpoints';
import type { ForgotPasswordRequest } from '@andes/contract/password/schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

/** Asks for a reset link; the server answers the same whether or not the account exists. */
export function useForgotPassword() {
  return useMutation({
    mutationFn: (request: ForgotPasswordRequest) => call(forgotPassword, request, { silent: true }),
  });
}
