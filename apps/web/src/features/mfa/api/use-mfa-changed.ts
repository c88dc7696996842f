import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionKeys } from '../../../shared/auth/query-keys.ts';
import { mfaKeys } from './query-keys.ts';

/** After MFA was turned on or off: the status and the permission load (its `mfaOpenState`) are fetched again. */
export function useMfaChanged(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: mfaKeys.all }),
      queryClient.invalidateQueries({ queryKey: sessionKeys.permissionLoad() }),
    ]);
  }, [queryClient]);
}
