import { mfaActivate } from '@andes/contract/mfa/endpoints';
import type { MfaCodeRequest } from '@andes/contract/mfa/schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

/** Finishes binding with a code from the app; answers the recovery codes once. */
export function useMfaActivate() {
  return useMutation({
    mutationFn: (request: MfaCodeRequest) => call(mfaActivate, request, { silent: true }),
  });
}
