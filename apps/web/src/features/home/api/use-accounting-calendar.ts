import { accountingCalendar } from '@andes/contract/home/endpoints';
import type { AccountingCalendarRequest } from '@andes/contract/home/schemas';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { HOME_REFETCH_MS, homeKeys, keepWithinCountry } from './query-keys.ts';

/** Settled money released or scheduled per day of a month. */
export function useAccountingCalendar(request: AccountingCalendarRequest) {
  return useQuery({
    queryKey: homeKeys.of(request.country, 'calendar', request),
    queryFn: ({ signal }) => call(accountingCalendar, request, { signal, silent: true }),
    placeholderData: keepWithinCountry(request.country),
    refetchInterval: HOME_REFETCH_MS,
  });
}
