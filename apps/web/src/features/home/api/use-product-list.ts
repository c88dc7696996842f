import type { Country } from '@andes/contract/common/countries';
import { productList } from '@andes/contract/home/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { HOME_REFETCH_MS, homeKeys } from './query-keys.ts';

/** The merchant's product types in the country, open or closed. */
export function useProductList(country: Country) {
  return useQuery({
    queryKey: homeKeys.of(country, 'products'),
    queryFn: ({ signal }) => call(productList, { country }, { signal, silent: true }),
    refetchInterval: HOME_REFETCH_MS,
  });
}
