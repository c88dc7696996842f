import { mfaClose } from '@andes/contract/mfa/endpoints';
import type { MfaProofRequest } from '@andes/contract/mfa/schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

/** Turns MFA off with a current code or a recovery code. */
export function useMfaClose() {
  return useMutation({
    mutationFn: (proof: MfaProofRequest) => call(mfaClose, proof, { silent: true }),
  });
}
