import { defineEndpoint } from '../common/define-endpoint.ts';
import { DEEP_QUERY_PERMISSION, LIST_PERMISSIONS } from './enums.ts';
import {
  TransactionAdvancedPageRequest,
  TransactionDetail,
  TransactionIdRequest,
  TransactionPage,
  TransactionPageRequest,
  TransactionSubMerchantList,
  TransactionSubMerchantRequest,
} from './schemas.ts';

/**
 * The transaction calls of spec §7. A list request names its list (`list`); the caller needs that
 * list's permission (LIST_PERMISSIONS), or the deep-query permission for a deep query. Merchant
 * users see the merchant's and its sub-merchants' transactions, sub-merchant users their own.
 */

const LIST_CODES = [LIST_PERMISSIONS.payin, LIST_PERMISSIONS.payout, LIST_PERMISSIONS['market-place'], LIST_PERMISSIONS['holding-page']];

export const transactionPage = defineEndpoint({
  path: '/dashboard/transaction/page',
  summary: 'A page of a transaction list, with the simple search’s filters',
  permission: LIST_CODES,
  request: TransactionPageRequest,
  response: TransactionPage,
});

export const transactionAdvancedPage = defineEndpoint({
  path: '/dashboard/transaction/advanced-page',
  summary: 'A page of a transaction list, with the advanced search’s filters (and the deep query)',
  permission: [...LIST_CODES, DEEP_QUERY_PERMISSION],
  request: TransactionAdvancedPageRequest,
  response: TransactionPage,
});

export const transactionQuery = defineEndpoint({
  path: '/dashboard/transaction/query',
  summary: 'One transaction with every field, its refunds and chargebacks, and its history',
  permission: 'transactions:detail',
  request: TransactionIdRequest,
  response: TransactionDetail,
});

export const transactionSubMerchantQuery = defineEndpoint({
  path: '/dashboard/transaction/sub-merchant/query',
  summary: 'The sub-merchants the caller may filter transactions by',
  permission: [...LIST_CODES, DEEP_QUERY_PERMISSION, 'transactions:payment-link', 'transactions:shopify', 'transactions:shoplazza'],
  request: TransactionSubMerchantRequest,
  response: TransactionSubMerchantList,
});
