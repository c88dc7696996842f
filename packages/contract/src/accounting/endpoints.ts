import { BinaryResponse, defineEndpoint } from '../common/define-endpoint.ts';
import { IdParams } from '../common/fields.ts';
import { attachmentFiles, UploadedFilesResponse } from '../common/uploads.ts';
import {
  AccountingRequestDetail,
  ApprovalFileRequest,
  ApprovalFileUploadFields,
  ApprovalThresholdUpdate,
  ContractConfirmRequest,
  ExchangeAmountAnswer,
  ExchangeAmountRequest,
  ExchangeConfigAnswer,
  ExchangeConfigRequest,
  ExchangeCreateRequest,
  FeeCalculateAnswer,
  FeeCalculateRequest,
  FeeConfigAnswer,
  FeeConfigRequest,
  OfflineProofSubmit,
  RequestCancel,
  RequestCreated,
  RequestPage,
  RequestPageRequest,
  RequestQuery,
  SubTransferCalculateAnswer,
  SubTransferCalculateRequest,
  SubTransferCreateRequest,
  TopupCreateRequest,
  WithdrawalCreateRequest,
  WithdrawalDecision,
} from './schemas.ts';

/**
 * Accounting requests (spec §7 Approvals; issue #12; docs/decisions/0027). Every call is scoped to
 * the caller's merchant (a sub-merchant user: the requests of their sub-merchant, read only) and
 * authorised countries. Every state change is conditional on the current status.
 */

// ---- top-up (payout funding) ----------------------------------------------------------------------

export const topupPage = defineEndpoint({
  path: '/dashboard/approval/topup/page',
  summary: 'Top-ups of a country, newest first',
  permission: 'accounting:payout-funding',
  request: RequestPageRequest,
  response: RequestPage,
});
export const topupCreate = defineEndpoint({
  path: '/dashboard/approval/topup/create',
  summary: 'Announce a top-up wired to the provider (with its proof); the provider verifies and credits it',
  permission: 'accounting:funding:add',
  request: TopupCreateRequest,
  response: RequestCreated,
});
export const topupQuery = defineEndpoint({
  path: '/dashboard/approval/topup/query',
  summary: 'One top-up with its history',
  permission: 'accounting:funding-detail',
  request: RequestQuery,
  response: AccountingRequestDetail,
});
export const topupCancel = defineEndpoint({
  path: '/dashboard/approval/topup/cancel',
  summary: 'Cancel a top-up still PROCESSING',
  permission: 'accounting:funding:revoke',
  request: RequestCancel,
  response: AccountingRequestDetail,
});
export const topupConfig = defineEndpoint({
  path: '/dashboard/approval/topup/config/query',
  summary: "The top-up fee, limits and the provider's receiving account of a country and mode",
  permission: 'accounting:payout-funding',
  request: FeeConfigRequest,
  response: FeeConfigAnswer,
});
export const topupFee = defineEndpoint({
  path: '/dashboard/approval/topup/fee/calculate',
  summary: 'The fee of a top-up exactly as it will be posted, and the balance after',
  permission: 'accounting:payout-funding',
  request: FeeCalculateRequest,
  response: FeeCalculateAnswer,
});

// ---- withdrawal (transfer out) ---------------------------------------------------------------------

export const withdrawalPage = defineEndpoint({
  path: '/dashboard/approval/transfer-out/page',
  summary: 'Withdrawals of a country, newest first',
  permission: 'accounting:withdrawal',
  request: RequestPageRequest,
  response: RequestPage,
});
export const withdrawalCreate = defineEndpoint({
  path: '/dashboard/approval/transfer-out/create',
  summary: 'Request a withdrawal; amount and fee are reserved at once',
  permission: 'accounting:withdrawal:add',
  request: WithdrawalCreateRequest,
  response: RequestCreated,
});
export const withdrawalQuery = defineEndpoint({
  path: '/dashboard/approval/transfer-out/query',
  summary: 'One withdrawal with its history',
  permission: 'accounting:withdraws-detail',
  request: RequestQuery,
  response: AccountingRequestDetail,
});
export const withdrawalCancel = defineEndpoint({
  path: '/dashboard/approval/transfer-out/cancel',
  summary: 'Cancel a withdrawal still PROCESSING; its reservation is released',
  permission: 'accounting:withdrawal:revoke',
  request: RequestCancel,
  response: AccountingRequestDetail,
});
export const withdrawalConfig = defineEndpoint({
  path: '/dashboard/approval/transfer-out/config/query',
  summary: 'The withdrawal fee, limits and approval threshold of a country and mode',
  permission: 'accounting:withdrawal',
  request: FeeConfigRequest,
  response: FeeConfigAnswer,
});
export const withdrawalFee = defineEndpoint({
  path: '/dashboard/approval/transfer-out/fee/calculate',
  summary: 'The fee of a withdrawal exactly as it will be posted, and the balance after',
  permission: 'accounting:withdrawal',
  request: FeeCalculateRequest,
  response: FeeCalculateAnswer,
});
/** Andes: the amount above which a withdrawal needs a second person (four eyes). */
export const withdrawalThresholdUpdate = defineEndpoint({
  path: '/dashboard/approval/transfer-out/config/update',
  summary: "Set the country's withdrawal approval threshold",
  permission: 'accounting:withdrawal:approve',
  request: ApprovalThresholdUpdate,
  response: FeeConfigAnswer,
});
/** Andes: four eyes — never the requester; conditional on the approval PENDING. */
export const withdrawalApprove = defineEndpoint({
  path: '/dashboard/approval/transfer-out/approve',
  summary: 'Approve a withdrawal waiting for a second person; it goes to the provider',
  permission: 'accounting:withdrawal:approve',
  request: WithdrawalDecision,
  response: AccountingRequestDetail,
});
export const withdrawalRefuse = defineEndpoint({
  path: '/dashboard/approval/transfer-out/refuse',
  summary: 'Refuse a withdrawal waiting for a second person; it ends REJECTED and its money is released',
  permission: 'accounting:withdrawal:approve',
  request: WithdrawalDecision,
  response: AccountingRequestDetail,
});

// ---- exchange ------------------------------------------------------------------------------------

export const exchangePage = defineEndpoint({
  path: '/dashboard/approval/exchange/page',
  summary: 'Exchanges of a country, newest first',
  permission: 'accounting:exchange',
  request: RequestPageRequest,
  response: RequestPage,
});
export const exchangeCreate = defineEndpoint({
  path: '/dashboard/approval/exchange/create',
  summary: 'Request an exchange; the provider quotes a rate for the merchant to confirm',
  permission: 'accounting:exchange:add',
  request: ExchangeCreateRequest,
  response: RequestCreated,
});
export const exchangeQuery = defineEndpoint({
  path: '/dashboard/approval/exchange/query',
  summary: 'One exchange with its history',
  permission: 'accounting:exchange-detail',
  request: RequestQuery,
  response: AccountingRequestDetail,
});
export const exchangeCancel = defineEndpoint({
  path: '/dashboard/approval/exchange/cancel',
  summary: 'Cancel an exchange before its contract is confirmed',
  permission: 'accounting:exchange:revoke',
  request: RequestCancel,
  response: AccountingRequestDetail,
});
export const exchangeConfig = defineEndpoint({
  path: '/dashboard/approval/exchange/config/query',
  summary: 'The currencies, indicative rate, limits and balances of an exchange mode in a country',
  permission: 'accounting:exchange',
  request: ExchangeConfigRequest,
  response: ExchangeConfigAnswer,
});
export const exchangeAmount = defineEndpoint({
  path: '/dashboard/approval/exchange/amount/calculate',
  summary: 'The other side of an exchange amount at the quoted or indicative rate (exact in cents)',
  permission: 'accounting:exchange',
  request: ExchangeAmountRequest,
  response: ExchangeAmountAnswer,
});
export const exchangeProofSubmit = defineEndpoint({
  path: '/dashboard/approval/exchange/offline/proof/submit',
  summary: 'Submit the proof of an offline exchange wire; the provider then quotes a rate',
  permission: 'accounting:exchange:add',
  request: OfflineProofSubmit,
  response: AccountingRequestDetail,
});
export const contractConfirm = defineEndpoint({
  path: '/dashboard/approval/contract/confirm/:id',
  summary: 'Confirm an exchange contract at its quoted rate before it expires; the money sold is reserved',
  permission: 'accounting:exchange:add',
  params: IdParams,
  request: ContractConfirmRequest,
  response: AccountingRequestDetail,
});

// ---- sub-merchant transfer ---------------------------------------------------------------------------

export const subTransferPage = defineEndpoint({
  path: '/dashboard/approval/sub-merchant/page',
  summary: 'Transfers between the merchant and its sub-merchants in a country, newest first',
  permission: 'setting:sub-merchant',
  request: RequestPageRequest,
  response: RequestPage,
});
export const subTransferCreate = defineEndpoint({
  path: '/dashboard/approval/sub-merchant/create',
  summary: 'Request a transfer to (SUB) or from (SELF) a sub-merchant; the amount is reserved at once',
  permission: 'setting:sub-merchant:add',
  request: SubTransferCreateRequest,
  response: RequestCreated,
});
export const subTransferQuery = defineEndpoint({
  path: '/dashboard/approval/sub-merchant/query',
  summary: 'One sub-merchant transfer with its history',
  permission: 'setting:sub-merchant-detail',
  request: RequestQuery,
  response: AccountingRequestDetail,
});
/** Andes: the balances a transfer would leave on both sides, shown before creating it (no fee). */
export const subTransferCalculate = defineEndpoint({
  path: '/dashboard/approval/sub-merchant/amount/calculate',
  summary: "A sub-merchant transfer's effect on both accounts' available balances, before creating it",
  permission: 'setting:sub-merchant:add',
  request: SubTransferCalculateRequest,
  response: SubTransferCalculateAnswer,
});
export const subTransferCancel = defineEndpoint({
  path: '/dashboard/approval/sub-merchant/cancel',
  summary: 'Revoke a sub-merchant transfer still PROCESSING (it ends REJECTED); its reservation is released',
  permission: 'setting:sub-merchant:revoke',
  request: RequestCancel,
  response: AccountingRequestDetail,
});

// ---- files ------------------------------------------------------------------------------------------

export const approvalFileUpload = defineEndpoint({
  path: '/dashboard/approval/file/upload',
  summary: 'Upload proofs of transfer (then named by id in a top-up or an offline exchange proof)',
  permission: ['accounting:funding:add', 'accounting:exchange:add'],
  kind: 'multipart',
  files: attachmentFiles(),
  request: ApprovalFileUploadFields,
  response: UploadedFilesResponse,
});

/**
 * One proof of a request (Andes: the detail's file list with preview). The caller needs the detail
 * permission of the request's kind and its scope (another merchant's request answers NOT_FOUND).
 * Previewable images are answered `inline`, other files as `attachment`, with `nosniff`.
 */
export const approvalFileDownload = defineEndpoint({
  path: '/dashboard/approval/file/download',
  summary: 'Download one proof of transfer of a request',
  permission: ['accounting:funding-detail', 'accounting:exchange-detail'],
  kind: 'binary',
  request: ApprovalFileRequest,
  response: BinaryResponse,
  silentErrors: true,
});
