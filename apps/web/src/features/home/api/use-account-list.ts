import { accountList } from '@andes/contract/account/endpoints';
import type { Country } from '@andes/contract/common/countries';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { HOME_REFETCH_MS, homeKeys } from './query-keys.ts';

/** The local accounts of the country (the merchant's and its sub-merchants'), with their balances. */
export function useAccountList(country: Country) {
  return useQuery({
    queryKey: homeKeys.of(country, 'accounts'),
    queryFn: ({ signal }) => call(accountList, { country }, { signal, silent: true }),
    refetchInterval: HOME_REFETCH_MS,
  });
}
