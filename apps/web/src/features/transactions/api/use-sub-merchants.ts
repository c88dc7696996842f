import { transactionSubMerchantQuery } from '@andes/contract/transaction/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import { transactionKeys } from './query-keys.ts';

/** The sub-merchants the user may filter by (the advanced search); only asked when the merchant has any. */
export function useSubMerchants(merchantId: number | null, enabled: boolean) {
  return useQuery({
    queryKey: transactionKeys.subMerchants(merchantId ?? 0),
    queryFn: ({ signal }) => call(transactionSubMerchantQuery, { merchantId: merchantId as number }, { signal }),
    enabled: enabled && merchantId !== null,
    staleTime: 5 * 60_000,
  });
}
