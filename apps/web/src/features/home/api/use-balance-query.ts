import type { Country } from '@andes/contract/common/countries';
import { balanceQuery } from '@andes/contract/home/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { HOME_REFETCH_MS, homeKeys } from './query-keys.ts';

/** The country's balances in total and per account type; refreshed every 30 s. */
export function useBalanceQuery(country: Country) {
  return useQuery({
    queryKey: homeKeys.of(country, 'balance'),
    queryFn: ({ signal }) => call(balanceQuery, { country }, { signal, silent: true }),
    refetchInterval: HOME_REFETCH_MS,
  });
}
