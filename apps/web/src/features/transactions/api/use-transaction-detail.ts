import { paymentLinkQuery } from '@andes/contract/payment-link/endpoints';
import { shopifyQuery } from '@andes/contract/shopify/endpoints';
import { shoplazzaQuery } from '@andes/contract/shoplazza/endpoints';
import { transactionQuery } from '@andes/contract/transaction/endpoints';
import { useQuery } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import type { DetailKind } from '../list-kinds.ts';
import { transactionKeys } from './query-keys.ts';

const ENDPOINTS = {
  transaction: transactionQuery,
  'payment-link': paymentLinkQuery,
  shopify: shopifyQuery,
  shoplazza: shoplazzaQuery,
} as const;

/** One transaction with every field, its refunds and chargebacks, and its history. `null` id waits. */
export function useTransactionDetail(kind: DetailKind, id: number | null) {
  return useQuery({
    queryKey: transactionKeys.detail(kind, id ?? 0),
    queryFn: ({ signal }) => call(ENDPOINTS[kind], { id: id as number }, { signal }),
    enabled: id !== null,
  });
}
