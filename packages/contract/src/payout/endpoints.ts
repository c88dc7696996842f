import { BinaryResponse, defineEndpoint } from '../common/define-endpoint.ts';
import { BATCH_UPLOAD_FILES } from '../common/uploads.ts';
import {
  PayoutApproveRequest,
  PayoutBatchCheck,
  PayoutBatchUploadFields,
  PayoutCreateAnswer,
  PayoutCreateRequest,
  PayoutDecisionAnswer,
  PayoutPage,
  PayoutPageRequest,
  PayoutRefuseRequest,
  PayoutTemplateRequest,
  PayoutVerifyCodeSendRequest,
  PayoutVerifyCodeSent,
} from './schemas.ts';

/**
 * Payouts (spec §7 Payout; issue #11; docs/decisions/0025). Every call is scoped to the caller's
 * merchant (a sub-merchant user: their sub-merchant) and authorised country.
 */

export const payoutPage = defineEndpoint({
  path: '/dashboard/payment-payout/page',
  summary: 'Payouts of a country by approval tab, newest first, with the payout account balance (and one payout with its history)',
  permission: 'payment:payout',
  request: PayoutPageRequest,
  response: PayoutPage,
});

export const payoutTemplateDownload = defineEndpoint({
  path: '/dashboard/payment-payout/template-file/download',
  summary: "The batch payout template of a country (.xlsx: its rails' columns and an example row)",
  permission: 'payment:payout:create',
  kind: 'binary',
  request: PayoutTemplateRequest,
  response: BinaryResponse,
});

/**
 * A batch file: with `dryRun` nothing is created and the answer is the result file; otherwise the
 * valid rows become one batch waiting for approval (verification code, request id and duplicate
 * confirmation as for a single payout) and the result file lists each row's outcome.
 */
export const payoutBatchUpload = defineEndpoint({
  path: '/dashboard/payment-payout/bath-create/file/upload',
  summary: 'Create the payouts of a batch file (or dry-run it) and answer the result file',
  permission: 'payment:payout:create',
  kind: 'multipart',
  files: BATCH_UPLOAD_FILES,
  request: PayoutBatchUploadFields,
  response: BinaryResponse,
  silentErrors: true,
  timeoutMs: 120_000,
});

/** The dry run of a batch file as JSON: every row's errors and duplicates, shown inline before anything is created. */
export const payoutBatchCheck = defineEndpoint({
  path: '/dashboard/payment-payout/bath-create/file/check',
  summary: "Check a batch payout file without creating anything: each row's errors, duplicates and the quote",
  permission: 'payment:payout:create',
  kind: 'multipart',
  files: BATCH_UPLOAD_FILES,
  request: PayoutBatchUploadFields,
  response: PayoutBatchCheck,
  silentErrors: true,
  timeoutMs: 120_000,
});

export const payoutCreate = defineEndpoint({
  path: '/dashboard/payment-payout/create',
  summary: 'Quote (dryRun) or create one payout; it reserves its amount, fee and VAT and waits for approval',
  permission: 'payment:payout:create',
  request: PayoutCreateRequest,
  response: PayoutCreateAnswer,
});

export const payoutVerifyCodeSend = defineEndpoint({
  path: '/dashboard/payment-payout/verify-code/send',
  summary: "E-mail a verification code to the caller, bound to the payouts' count and total",
  permission: 'payment:payout:create',
  request: PayoutVerifyCodeSendRequest,
  response: PayoutVerifyCodeSent,
});

/** Approve (four eyes: never the creator); conditional on PENDING, so a double click approves once. Errors are shown by the screen itself (spec §8). */
export const payoutApprove = defineEndpoint({
  path: '/dashboard/payment-payout/approve',
  summary: 'Approve pending payouts (a batch or chosen ones); they are offered to the platform',
  permission: 'payment:payout:approve',
  request: PayoutApproveRequest,
  response: PayoutDecisionAnswer,
  silentErrors: true,
});

export const payoutRefuse = defineEndpoint({
  path: '/dashboard/payment-payout/refuse',
  summary: 'Refuse pending payouts (a batch or chosen ones); their money is released',
  permission: 'payment:payout:approve',
  request: PayoutRefuseRequest,
  response: PayoutDecisionAnswer,
  silentErrors: true,
});
