import { amountSummary } from '@andes/contract/home/endpoints';
import type { ChartRangeRequest } from '@andes/contract/home/schemas';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { HOME_REFETCH_MS, homeKeys, keepWithinCountry } from './query-keys.ts';

/** Amounts per kind of transaction over a range; the previous range's answer stays while another loads. */
export function useAmountSummary(request: ChartRangeRequest) {
  return useQuery({
    queryKey: homeKeys.of(request.country, 'amountSummary', request),
    queryFn: ({ signal }) => call(amountSummary, request, { signal, silent: true }),
    placeholderData: keepWithinCountry(request.country),
    refetchInterval: HOME_REFETCH_MS,
  });
}
