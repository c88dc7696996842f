import { dayOfHistory } from '@andes/contract/home/endpoints';
import type { DayOfHistoryRequest } from '@andes/contract/home/schemas';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { HOME_REFETCH_MS, homeKeys, keepWithinCountry } from './query-keys.ts';

/** One past day per product beside the same weekday a week before. */
export function useDayOfHistory(request: DayOfHistoryRequest) {
  return useQuery({
    queryKey: homeKeys.of(request.country, 'dayOfHistory', request),
    queryFn: ({ signal }) => call(dayOfHistory, request, { signal, silent: true }),
    placeholderData: keepWithinCountry(request.country),
    refetchInterval: HOME_REFETCH_MS,
  });
}
