import { mfaValidate } from '@andes/contract/mfa/endpoints';
import type { MfaProofRequest } from '@andes/contract/mfa/schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

/** The MFA panel's check of a code or a recovery code; the panel shows failures itself. */
export function useMfaValidate() {
  return useMutation({
    mutationFn: (proof: MfaProofRequest) => call(mfaValidate, proof, { silent: true }),
  });
}
