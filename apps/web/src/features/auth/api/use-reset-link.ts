import { passwordReset } from '@andes/contract/iam/endpoints';
import type { PasswordResetRequest } from '@andes/contract/iam/schemas';
import { resetLinkVerify } from '@andes/contract/password/endpoints';
import { useMutation, useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

const resetLinkKeys = {
  verify: (token: string) => ['reset-link', 'verify', token] as const,
};

/**
 * Who a reset link is for and until when. The link's token goes in the token header instead of
 * the stored session token (spec §2); the answer is not kept once the page is left.
 */
export function useResetLinkVerify(token: string | null) {
  return useQuery({
    queryKey: resetLinkKeys.verify(token ?? ''),
    queryFn: ({ signal }) => call(resetLinkVerify, {}, { signal, token: token ?? '', silent: true }),
    enabled: token !== null && token !== '',
    gcTime: 0,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** Sets the new password with the link's token; the token is used up. */
export function usePasswordReset(token: string) {
  return useMutation({
    mutationFn: (request: PasswordResetRequest) => call(passwordReset, request, { token, silent: true }),
  });
}
