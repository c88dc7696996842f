import { BinaryResponse, defineEndpoint } from '../common/define-endpoint.ts';
import { DEEP_QUERY_PERMISSION, LIST_PERMISSIONS } from './enums.ts';
import {
  TransactionAdvancedPageRequest,
  TransactionAttachmentRequest,
  TransactionDetail,
  TransactionExportLink,
  TransactionExportRequest,
  TransactionIdRequest,
  TransactionPage,
  TransactionPageRequest,
  TransactionProofList,
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

/**
 * The filtered transactions as a CSV or XLSX file (every row the advanced page's filter shows,
 * newest first; times in the country's zone, named in the header; amounts in currency units).
 * transactions:export admits any list's export (the button sits on the lists); the data is the
 * caller's scope, country and window as in the list.
 */
export const transactionFileDownload = defineEndpoint({
  path: '/dashboard/transaction/file/download',
  summary: 'Download the filtered transactions as CSV or XLSX',
  permission: 'transactions:export',
  kind: 'binary',
  timeoutMs: 120_000,
  request: TransactionExportRequest,
  response: BinaryResponse,
});

/**
 * A one-time URL for the same file, valid EXPORT_LINK_TTL_MINUTES: a plain GET downloads it once
 * (for large files, through the browser's own download manager).
 */
export const transactionFileDownloadUrl = defineEndpoint({
  path: '/dashboard/transaction/file/download-url/generator',
  summary: 'A one-time download URL for the filtered transactions as CSV or XLSX',
  permission: 'transactions:export',
  request: TransactionExportRequest,
  response: TransactionExportLink,
});

/**
 * One attachment of a transaction, as its bytes with the content type the server determined.
 * Same access as the detail (transactions:detail, the caller's scope; another merchant's
 * transaction answers NOT_FOUND). Previewable images are answered `inline`, other files as
 * `attachment`; every answer has `X-Content-Type-Options: nosniff` and a sandboxing CSP.
 */
export const transactionAttachmentDownload = defineEndpoint({
  path: '/dashboard/transaction/attachment/download',
  summary: 'Download one attachment of a transaction',
  permission: 'transactions:detail',
  kind: 'binary',
  request: TransactionAttachmentRequest,
  response: BinaryResponse,
  silentErrors: true,
});

/**
 * The proofs a transaction has (the detail page shows one download button per variant); a SPEI or
 * PIX transfer has the receipt of the provider that carried it only.
 */
export const transactionProofList = defineEndpoint({
  path: '/dashboard/transaction/proof/list',
  summary: 'The proof-of-transfer documents a transaction has',
  permission: 'transactions:proof-view',
  request: TransactionIdRequest,
  response: TransactionProofList,
  silentErrors: true,
});

function proofDownload(path: string, summary: string) {
  return defineEndpoint({
    path,
    summary,
    permission: 'transactions:proof-view',
    kind: 'binary',
    request: TransactionIdRequest,
    response: BinaryResponse,
  });
}

/** The proof-of-transfer PDF downloads of spec §7, one per variant (settled transfers only); proof-endpoints.ts maps variants to them. */
export const proofMxSpeiArcus = proofDownload('/dashboard/transaction/proof/mx/spei/arcus/download', 'SPEI proof of transfer (arcus), PDF');
export const proofMxSpeiUnipagos = proofDownload(
  '/dashboard/transaction/proof/mx/spei/unipagos/download',
  'SPEI proof of transfer (unipagos), PDF',
);
export const proofMxSpeiStp = proofDownload('/dashboard/transaction/proof/mx/spei/stp/download', 'SPEI proof of transfer (stp), PDF');
export const proofBrPixBs2 = proofDownload('/dashboard/transaction/proof/br/pix/bs2/download', 'PIX proof of transfer (bs2), PDF');
export const proofBrPixBexs = proofDownload('/dashboard/transaction/proof/br/pix/bexs/download', 'PIX proof of transfer (bexs), PDF');
export const proofBrPixRendimento = proofDownload(
  '/dashboard/transaction/proof/br/pix/rendimento/download',
  'PIX proof of transfer (rendimento), PDF',
);
export const proofCoBankTransfer = proofDownload('/dashboard/transaction/proof/co/bank-transfer/download', 'CO bank transfer proof, PDF');
export const proofPaymentLinkDefault = proofDownload('/dashboard/payment-link/proof/download', 'Payment-link receipt, PDF');
export const proofPaymentLinkGwm = proofDownload(
  '/dashboard/payment-link/proof/gwm/download',
  'Payment-link receipt (gwm, white label), PDF',
);
