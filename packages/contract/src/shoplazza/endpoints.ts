import { defineEndpoint } from '../common/define-endpoint.ts';
import { StoreOrderPageRequest, TransactionDetail, TransactionIdRequest, TransactionPage } from '../transaction/schemas.ts';

/** Payments of Shoplazza store orders (`/transactions/shoplazza` and its detail). */

export const shoplazzaPage = defineEndpoint({
  path: '/dashboard/shoplazza/page',
  summary: 'A page of payments of Shoplazza store orders',
  permission: 'transactions:shoplazza',
  request: StoreOrderPageRequest,
  response: TransactionPage,
});

export const shoplazzaQuery = defineEndpoint({
  path: '/dashboard/shoplazza/query',
  summary: 'One Shoplazza order payment with every field and its history',
  permission: 'transactions:shoplazza-detail',
  request: TransactionIdRequest,
  response: TransactionDetail,
});
