import { BinaryResponse, defineEndpoint } from '../common/define-endpoint.ts';
import { attachmentFiles, BATCH_UPLOAD_FILES, UploadedFilesResponse } from '../common/uploads.ts';
import { PaymentLinkPageRequest, TransactionDetail, TransactionIdRequest, TransactionPage } from '../transaction/schemas.ts';
import {
  InstallmentsPlanCheck,
  InstallmentsPlanCheckRequest,
  InstallmentsPlanList,
  InstallmentsPlanRequest,
  PAYMENT_LINK_APPENDIX_MAX,
  PayerAppendixRequest,
  PayerLink,
  PayerLinkRequest,
  PayerPayRequest,
  PaymentLink,
  PaymentLinkAppendixFields,
  PaymentLinkBatchCheck,
  PaymentLinkBatchFields,
  PaymentLinkCancelRequest,
  PaymentLinkGenerateRequest,
  PaymentLinkListRequest,
  PaymentLinkPage,
  PaymentLinkProductList,
  PaymentLinkProductListRequest,
  PaymentLinkTemplateRequest,
} from './schemas.ts';

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

// ---- generation (Payment → Payment Link; docs/decisions/0035) ---------------------------------------

const GENERATE = 'payment:payment-link:create';

export const paymentLinkProductList = defineEndpoint({
  path: '/dashboard/account/payment/payment-link/product/list',
  summary: 'The products a payment link may be made for, per country: currency, minimum and label of each',
  permission: 'payment:payment-link',
  request: PaymentLinkProductListRequest,
  response: PaymentLinkProductList,
});

export const installmentsPlanList = defineEndpoint({
  path: '/dashboard/account/payment/payment-link/installments-plan/list',
  summary: 'The installment plans a product offers for an amount (each split exactly in cents)',
  permission: 'payment:payment-link',
  request: InstallmentsPlanRequest,
  response: InstallmentsPlanList,
});

export const installmentsPlanCheck = defineEndpoint({
  path: '/dashboard/account/payment/payment-link/installments-plan/check',
  summary: 'Whether a number of installments may be offered for an amount, and why not',
  permission: 'payment:payment-link',
  request: InstallmentsPlanCheckRequest,
  response: InstallmentsPlanCheck,
});

export const paymentLinkAppendixUpload = defineEndpoint({
  path: '/dashboard/account/payment/payment-link/appendix/upload',
  summary: 'Upload the appendix of a link (then named by id when generating it)',
  permission: GENERATE,
  kind: 'multipart',
  files: attachmentFiles({ maxFiles: PAYMENT_LINK_APPENDIX_MAX, required: true }),
  request: PaymentLinkAppendixFields,
  response: UploadedFilesResponse,
});

export const paymentLinkGenerate = defineEndpoint({
  path: '/dashboard/account/payment/payment-link/generate',
  summary: 'Generate a payment link (idempotent by request id)',
  permission: GENERATE,
  request: PaymentLinkGenerateRequest,
  response: PaymentLink,
});

/** Andes: the batch template of a country (its products as a drop-down). */
export const paymentLinkTemplateDownload = defineEndpoint({
  path: '/dashboard/account/payment/payment-link/batch/template',
  summary: 'The batch payment-link template of a country (.xlsx)',
  permission: GENERATE,
  kind: 'binary',
  request: PaymentLinkTemplateRequest,
  response: BinaryResponse,
});

/** A batch file: with `dryRun` nothing is generated; otherwise every valid row becomes a link, listed in the result file. */
export const paymentLinkBatchGenerate = defineEndpoint({
  path: '/dashboard/account/payment/payment-link/batch/generate',
  summary: 'Generate the links of a batch file (or dry-run it) and answer the result file with each link',
  permission: GENERATE,
  kind: 'multipart',
  files: BATCH_UPLOAD_FILES,
  request: PaymentLinkBatchFields,
  response: BinaryResponse,
  silentErrors: true,
  timeoutMs: 120_000,
});

/** Andes: the dry run of a batch file as JSON (every row's errors inline before anything is generated). */
export const paymentLinkBatchCheck = defineEndpoint({
  path: '/dashboard/account/payment/payment-link/batch/check',
  summary: "Check a batch payment-link file without generating anything: each row's errors",
  permission: GENERATE,
  kind: 'multipart',
  files: BATCH_UPLOAD_FILES,
  request: PaymentLinkBatchFields,
  response: PaymentLinkBatchCheck,
  silentErrors: true,
  timeoutMs: 120_000,
});

/** Andes: the links the merchant generated, newest first. */
export const paymentLinkList = defineEndpoint({
  path: '/dashboard/account/payment/payment-link/page',
  summary: "The country's generated payment links, newest first, by status and keyword",
  permission: 'payment:payment-link',
  request: PaymentLinkListRequest,
  response: PaymentLinkPage,
});

/** Andes: cancel an active link (its page then says so; a payment already started is refused by the provider). */
export const paymentLinkCancel = defineEndpoint({
  path: '/dashboard/account/payment/payment-link/cancel',
  summary: 'Cancel an active payment link',
  permission: 'payment:payment-link:cancel',
  request: PaymentLinkCancelRequest,
  response: PaymentLink,
});

// ---- the payer's page (public, rate-limited) -----------------------------------------------------------

export const payerLinkQuery = defineEndpoint({
  path: '/dashboard/public/payment-link/query',
  summary: 'A payment link as its payer sees it (no sign-in; only what paying needs)',
  public: true,
  request: PayerLinkRequest,
  response: PayerLink,
});

export const payerLinkPay = defineEndpoint({
  path: '/dashboard/public/payment-link/pay',
  summary: "The payer chooses to pay: the payment is offered to the provider's checkout",
  public: true,
  request: PayerPayRequest,
  response: PayerLink,
});

export const payerAppendixDownload = defineEndpoint({
  path: '/dashboard/public/payment-link/appendix/download',
  summary: 'Download an appendix of a payment link (its payer; no sign-in)',
  public: true,
  kind: 'binary',
  request: PayerAppendixRequest,
  response: BinaryResponse,
  silentErrors: true,
});
