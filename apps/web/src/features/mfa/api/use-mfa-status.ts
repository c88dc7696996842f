import { mfaStatus } from '@andes/contract/mfa/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { mfaKeys } from './query-keys.ts';

/** Whether the signed-in user's MFA is on, since when, and the recovery codes left. */
export function useMfaStatus(enabled = true) {
  return useQuery({
    queryKey: mfaKeys.status(),
    queryFn: ({ signal }) => call(mfaStatus, {}, { signal }),
    enabled,
    staleTime: 0,
  });
}
