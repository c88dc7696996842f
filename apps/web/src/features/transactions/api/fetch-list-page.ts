import { paymentLinkPage } from '@andes/contract/payment-link/endpoints';
import { shopifyPage } from '@andes/contract/shopify/endpoints';
import { shoplazzaPage } from '@andes/contract/shoplazza/endpoints';
import { transactionAdvancedPage, transactionPage } from '@andes/contract/transaction/endpoints';
import type {
  PaymentLinkPageRequest,
  StoreOrderPageRequest,
  TransactionAdvancedPageRequest,
  TransactionPage,
} from '@andes/contract/transaction/schemas';
import { call } from '../../../shared/api/client.ts';
import { needsAdvancedCall } from '../transaction-search.ts';

/** A list's request with the call that answers it. */
export type ListRequest =
  | { call: 'transaction'; request: TransactionAdvancedPageRequest }
  | { call: 'payment-link'; request: PaymentLinkPageRequest }
  | { call: 'shopify' | 'shoplazza'; request: StoreOrderPageRequest };

/**
 * One page of a list: the transaction lists go to `/page`, or to `/advanced-page` when the filter
 * names sub-merchants or is a deep query; the others to their own calls.
 */
export function fetchListPage(list: ListRequest, cursor: string | undefined, signal: AbortSignal): Promise<TransactionPage> {
  const at = <R extends { cursor?: string | undefined }>(request: R): R => {
    const { cursor: _drop, ...rest } = request;
    return (cursor === undefined ? rest : { ...rest, cursor }) as R;
  };
  switch (list.call) {
    case 'transaction': {
      const request = at(list.request);
      if (needsAdvancedCall(request)) return call(transactionAdvancedPage, request, { signal });
      const { subMerchantIds: _s, deep: _d, ...simple } = request;
      return call(transactionPage, simple, { signal });
    }
    case 'payment-link':
      return call(paymentLinkPage, at(list.request), { signal });
    case 'shopify':
      return call(shopifyPage, at(list.request), { signal });
    case 'shoplazza':
      return call(shoplazzaPage, at(list.request), { signal });
  }
}
