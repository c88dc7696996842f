import { mfaRecoveryCodesRegenerate } from '@andes/contract/mfa/endpoints';
import type { MfaCodeRequest } from '@andes/contract/mfa/schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

/** Replaces every recovery code with new ones (needs a current code); the new ones are answered once. */
export function useMfaRegenerate() {
  return useMutation({
    mutationFn: (request: MfaCodeRequest) => call(mfaRecoveryCodesRegenerate, request, { silent: true }),
  });
}
