import { productPieChart } from '@andes/contract/home/endpoints';
import type { ChartRangeRequest } from '@andes/contract/home/schemas';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { HOME_REFETCH_MS, homeKeys, keepWithinCountry } from './query-keys.ts';

/** Transactions per product type over a range; the previous range's answer stays while another loads. */
export function useProductPieChart(request: ChartRangeRequest) {
  return useQuery({
    queryKey: homeKeys.of(request.country, 'productPieChart', request),
    queryFn: ({ signal }) => call(productPieChart, request, { signal, silent: true }),
    placeholderData: keepWithinCountry(request.country),
    refetchInterval: HOME_REFETCH_MS,
  });
}
