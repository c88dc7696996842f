import { productLineChart } from '@andes/contract/home/endpoints';
import type { ChartRangeRequest } from '@andes/contract/home/schemas';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { HOME_REFETCH_MS, homeKeys, keepWithinCountry } from './query-keys.ts';

/** Transactions per product type per day of a range; the previous range's answer stays while another loads. */
export function useProductLineChart(request: ChartRangeRequest) {
  return useQuery({
    queryKey: homeKeys.of(request.country, 'productLineChart', request),
    queryFn: ({ signal }) => call(productLineChart, request, { signal, silent: true }),
    placeholderData: keepWithinCountry(request.country),
    refetchInterval: HOME_REFETCH_MS,
  });
}
