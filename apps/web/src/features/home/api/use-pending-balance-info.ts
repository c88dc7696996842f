import type { Country } from '@andes/contract/common/countries';
import { pendingBalanceInfo } from '@andes/contract/home/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { HOME_REFETCH_MS, homeKeys } from './query-keys.ts';

/** Pending and held money, and the dates pending money becomes available. */
export function usePendingBalanceInfo(country: Country) {
  return useQuery({
    queryKey: homeKeys.of(country, 'pending'),
    queryFn: ({ signal }) => call(pendingBalanceInfo, { country }, { signal, silent: true }),
    refetchInterval: HOME_REFETCH_MS,
  });
}
