import { defineEndpoint } from '../common/define-endpoint.ts';
import { PaymentLinkPageRequest, TransactionDetail, TransactionIdRequest, TransactionPage } from '../transaction/schemas.ts';

/** Payments made through payment links (`/transactions/payment-link` and its detail). */

export const paymentLinkPage = defineEndpoint({
  path: '/dashboard/payment-link/page',
  summary: 'A page of payments made through payment links',
  permission: 'transactions:payment-link',
  request: PaymentLinkPageRequest,
  response: TransactionPage,
});

export const paymentLinkQuery = defineEndpoint({
  path: '/dashboard/payment-link/query',
  summary: 'One payment-link payment with every field and its history',
  permission: 'transactions:payment-link-detail',
  request: TransactionIdRequest,
  response: TransactionDetail,
});
