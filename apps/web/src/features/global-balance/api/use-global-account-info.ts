import { globalAccountInfo } from '@andes/contract/global/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { GLOBAL_REFETCH_MS, globalBalanceKeys } from './query-keys.ts';

/** The merchant's global account: balances, the last 30 days, where funds can go. */
export function useGlobalAccountInfo() {
  return useQuery({
    queryKey: globalBalanceKeys.info(),
    queryFn: ({ signal }) => call(globalAccountInfo, {}, { signal, silent: true }),
    refetchInterval: GLOBAL_REFETCH_MS,
  });
}
