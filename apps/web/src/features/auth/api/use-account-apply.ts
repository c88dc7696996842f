import { accountApply } from '@andes/contract/onboarding/endpoints';
import type { AccountApplicationRequest } from '@andes/contract/onboarding/schemas';
import { useMutation } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';

/**
 * Sends an account application. The page shows failures itself (under the form, or on the
 * fields); the request's `requestId` makes a retry answer the application already made.
 */
export function useAccountApply() {
  return useMutation({
    mutationFn: (request: AccountApplicationRequest) => call(accountApply, request, { silent: true }),
  });
}
