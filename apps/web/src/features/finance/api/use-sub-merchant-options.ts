import { subMerchantList } from '@andes/contract/sub-merchant/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { financeKeys } from './query-keys.ts';

/** The merchant's sub-merchants (the holder picker), asked only when the picker is shown. */
export function useSubMerchantOptions(merchantId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: financeKeys.subMerchants(merchantId ?? 0),
    queryFn: ({ signal }) => call(subMerchantList, { merchantId: merchantId as number }, { signal }),
    enabled: enabled && merchantId !== null,
    staleTime: 5 * 60_000,
  });
}
