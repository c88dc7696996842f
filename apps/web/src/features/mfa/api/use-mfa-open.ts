import { mfaOpen } from '@andes/contract/mfa/endpoints';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

/** Starts binding an authenticator: a new secret with its QR code (step 2 of the binding dialog). */
export function useMfaOpen() {
  return useMutation({
    mutationFn: () => call(mfaOpen, {}, { silent: true }),
  });
}
