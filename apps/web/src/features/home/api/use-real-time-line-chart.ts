import { realTimeLineChart } from '@andes/contract/home/endpoints';
import type { RealTimeRequest } from '@andes/contract/home/schemas';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { homeKeys, keepWithinCountry, REAL_TIME_REFETCH_MS } from './query-keys.ts';

/** Today's successful amount per hour beside yesterday's; refreshed every 15 s. */
export function useRealTimeLineChart(request: RealTimeRequest) {
  return useQuery({
    queryKey: homeKeys.of(request.country, 'realTime', request),
    queryFn: ({ signal }) => call(realTimeLineChart, request, { signal, silent: true }),
    placeholderData: keepWithinCountry(request.country),
    refetchInterval: REAL_TIME_REFETCH_MS,
  });
}
