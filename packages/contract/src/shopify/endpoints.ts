import { defineEndpoint } from '../common/define-endpoint.ts';
import { StoreOrderPageRequest, TransactionDetail, TransactionIdRequest, TransactionPage } from '../transaction/schemas.ts';

/** Payments of Shopify store orders (`/transactions/shopify` and its detail). */

export const shopifyPage = defineEndpoint({
  path: '/dashboard/shopify/page',
  summary: 'A page of payments of Shopify store orders',
  permission: 'transactions:shopify',
  request: StoreOrderPageRequest,
  response: TransactionPage,
});

export const shopifyQuery = defineEndpoint({
  path: '/dashboard/shopify/query',
  summary: 'One Shopify order payment with every field and its history',
  permission: 'transactions:shopify-detail',
  request: TransactionIdRequest,
  response: TransactionDetail,
});
