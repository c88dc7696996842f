import type { AccountType } from '@andes/contract/account/enums';
import type { Country } from '@andes/contract/common/countries';
import { balanceDetail } from '@andes/contract/home/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { HOME_REFETCH_MS, homeKeys } from './query-keys.ts';

/** One account type of the country per holder, while its drawer is open (`accountType` set). */
export function useBalanceDetail(country: Country, accountType: AccountType | null) {
  return useQuery({
    queryKey: homeKeys.of(country, 'balanceDetail', accountType),
    queryFn: ({ signal }) => call(balanceDetail, { country, accountType: accountType ?? 'PAY_IN' }, { signal, silent: true }),
    enabled: accountType !== null,
    refetchInterval: HOME_REFETCH_MS,
  });
}
