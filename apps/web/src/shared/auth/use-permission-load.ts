import { permissionLoad } from '@andes/contract/auth/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../api/client.ts';
import { sessionKeys } from './query-keys.ts';

/**
 * The permission load (user flags, authorised areas, menu tree, merchant flags). Loaded once per
 * session by the main guard; every other reader gets the cached answer.
 */
export function usePermissionLoad() {
  return useQuery({
    queryKey: sessionKeys.permissionLoad(),
    queryFn: ({ signal }) => call(permissionLoad, {}, { signal }),
    staleTime: Number.POSITIVE_INFINITY,
    retry: false,
  });
}
