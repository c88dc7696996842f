import { z } from 'zod';
import { AccountTypeSchema } from '../account/enums.ts';
import { UPLOADER_DEFAULT_MAX_FILES } from '../common/constants.ts';
import { CountrySchema, CurrencySchema } from '../common/countries.ts';
import { DateRangeSchema } from '../common/dates.ts';
import { InstantSchema, optionalText, RecordId, SearchText, text } from '../common/fields.ts';
import { FileIdSchema } from '../common/files.ts';
import { CentsSchema, PositiveCentsSchema } from '../common/money.ts';
import { PageRequest, pageOf } from '../common/page.ts';
import { UploadedFile } from '../common/uploads.ts';
import { ExchangeRateSchema } from '../transaction/parts.ts';
import {
  ApprovalStateSchema,
  ExchangeModeSchema,
  ExchangeSideSchema,
  FeeItemSchema,
  RequestEventSchema,
  RequestKindSchema,
  RequestStatusSchema,
  SubTransferAccountTypeSchema,
  TopupModeSchema,
  TransferTargetSchema,
  WithdrawModeSchema,
} from './enums.ts';
import { REQUEST_ACTIONS } from './machines.ts';

/**
 * Accounting requests: top-ups (payout funding), withdrawals (transfer out), FX exchanges and
 * sub-merchant transfers (spec §3, §4, §7 Approvals; issue #12; docs/decisions/0027). Amounts are
 * integer cents of the currency named next to them.
 */

export const REMARK_MAX_LENGTH = 256;
export const BANK_NAME_MAX_LENGTH = 64;
export const HOLDER_NAME_MAX_LENGTH = 128;
export const ACCOUNT_NUMBER_MAX_LENGTH = 34;
/** A beneficiary account number (IBAN-length at most): letters, digits and dashes. */
export const ACCOUNT_NUMBER_PATTERN = /^[A-Za-z0-9-]{4,34}$/;
/** How long a quoted exchange rate can be confirmed, at most (the provider sets each quote's expiry within it). */
export const QUOTE_MAX_VALIDITY_SECONDS = 3_600;

export const ACCOUNTING_MESSAGES = {
  notFound: 'No such request',
  notAllowed: (status: string) => `This request is ${status}: it can no longer be changed that way`,
  insufficient: (available: string, needed: string) =>
    `The available balance (${available}) does not cover this request with its fee (${needed}); nothing was reserved`,
  belowMinimum: (min: string) => `The amount must be at least ${min}`,
  aboveMaximum: (max: string) => `The amount must be at most ${max}`,
  requestReused: 'This request id was used for another request',
  requestIdRequired: 'A creation needs its request id (made once per submission, so a repeated click creates nothing twice)',
  quoteExpired: 'The quoted rate has expired; a new rate has been requested',
  tooSmallToExchange: 'The amount is too small to exchange at this rate',
  proofRequired: 'Upload the proof of transfer',
  ownWithdrawal: 'A withdrawal must be approved or refused by someone other than the person who requested it',
  notAwaitingApproval: 'This withdrawal is not waiting for approval',
  noSubMerchant: 'No such sub-merchant',
  subMerchantUserCannotTransfer: "Sub-merchant users cannot move money between the merchant's accounts",
  revokedBy: (name: string) => `Revoked by ${name}`,
  refusedBy: (name: string, reason: string) => (reason === '' ? `Refused by ${name}` : `Refused by ${name}: ${reason}`),
  notOffered: (what: string, country: string) => `${what} is not offered in ${country}`,
} as const;

// ---- parts ---------------------------------------------------------------------------------------

/** A request's number (`TU…`, `WD…`, `EX…`, `ST…`): what the merchant and the provider quote. */
export const RequestNoSchema = text().regex(/^(TU|WD|EX|ST)[0-9A-Z]{6,30}$/, 'A request number like TU2611260000123');

/** The request id a screen makes once per submission (idempotency: a repeated click creates nothing twice). */
export const ClientRequestIdSchema = text().regex(/^[A-Za-z0-9_-]{8,64}$/, 'A request id is 8 to 64 letters, digits, _ or -');

/** The merchant's bank account a withdrawal is paid to (spec "beneficiary account"). */
export const BeneficiaryAccount = z.object({
  holderName: text().trim().min(1, 'Enter the account holder').max(HOLDER_NAME_MAX_LENGTH),
  bankName: text().trim().min(1, 'Enter the bank').max(BANK_NAME_MAX_LENGTH),
  accountNumber: text().trim().regex(ACCOUNT_NUMBER_PATTERN, `An account number is 4 to ${ACCOUNT_NUMBER_MAX_LENGTH} letters, digits or -`),
});
export type BeneficiaryAccount = z.infer<typeof BeneficiaryAccount>;

/** The provider's bank account a top-up or an offline exchange is wired to. */
export const ReceivingAccount = z.object({
  bankName: z.string(),
  holderName: z.string(),
  accountNumber: z.string(),
  currency: CurrencySchema,
  /** What the merchant writes in the transfer's reference so the provider can match it. */
  referenceHint: z.string(),
});
export type ReceivingAccount = z.infer<typeof ReceivingAccount>;

export const FeeLineSchema = z.object({ item: FeeItemSchema, amount: CentsSchema });

export const RequestHistoryEntry = z.object({
  event: RequestEventSchema,
  /** The status after the event. */
  status: RequestStatusSchema,
  at: InstantSchema,
  /** A user's name; null for the provider and the system. */
  by: z.string().nullable(),
  reason: z.string().nullable(),
});
export type RequestHistoryEntry = z.infer<typeof RequestHistoryEntry>;

export const RequestActionSchema = z.enum(REQUEST_ACTIONS);

/**
 * A request (spec §3: request id, country, account type, request amount, verified amount, final
 * amount, exchange rate, deduction or receipt amount, transfer time, remitting bank, beneficiary
 * account, proof of transfer, remark, status, create and update time). Fields a kind does not use
 * are null.
 */
export const AccountingRequest = z.object({
  id: RecordId,
  requestNo: z.string(),
  kind: RequestKindSchema,
  country: CountrySchema,
  /** The merchant account the request funds or draws on (an exchange: its local account). */
  accountType: AccountTypeSchema,
  /** TOPUP: PAY_OUT or MARKET_PLACE; WITHDRAWAL: PAY_IN or PAY_OUT; EXCHANGE: PAY_IN, PAY_OUT or OFFLINE; SUB_TRANSFER: null. */
  mode: z.string().nullable(),
  status: RequestStatusSchema,
  /** Its currency (an exchange: the currency of `requestAmount`, the side the merchant fixed). */
  currency: CurrencySchema,
  requestAmount: PositiveCentsSchema,
  /** TOPUP: what the provider received. */
  verifiedAmount: CentsSchema.nullable(),
  /** TOPUP and WITHDRAWAL: the fee (a withdrawal's as reserved at creation; a top-up's once verified). */
  fee: CentsSchema.nullable(),
  feeLines: z.array(FeeLineSchema),
  /** TOPUP: credited (verified − fee); WITHDRAWAL: paid to the beneficiary; EXCHANGE: bought; SUB_TRANSFER: moved. */
  finalAmount: CentsSchema.nullable(),
  /** What left the merchant's account (WITHDRAWAL: amount + fee; EXCHANGE: sold; SUB_TRANSFER: moved), once known. */
  deductionAmount: CentsSchema.nullable(),
  /** What reached a merchant account (TOPUP: final; EXCHANGE: bought; SUB_TRANSFER: moved), once known. */
  receiptAmount: CentsSchema.nullable(),
  // exchange
  side: ExchangeSideSchema.nullable(),
  sellCurrency: CurrencySchema.nullable(),
  buyCurrency: CurrencySchema.nullable(),
  sellAmount: CentsSchema.nullable(),
  buyAmount: CentsSchema.nullable(),
  /** Local currency units per 1 USD, as quoted by the provider. */
  exchangeRate: ExchangeRateSchema.nullable(),
  rateExpiresAt: InstantSchema.nullable(),
  contractConfirmedAt: InstantSchema.nullable(),
  contractConfirmedBy: z.string().nullable(),
  // transfers
  /** TOPUP and OFFLINE exchange: when the merchant wired the money; WITHDRAWAL: when the provider sent it. */
  transferTime: InstantSchema.nullable(),
  remittingBank: z.string().nullable(),
  beneficiaryAccount: BeneficiaryAccount.nullable(),
  proofFiles: z.array(UploadedFile),
  remark: z.string(),
  /** The provider's or approver's reason for REJECTED, FAILED, PAYMENT_FAILED. */
  statusReason: z.string().nullable(),
  // sub-merchant transfer
  target: TransferTargetSchema.nullable(),
  subMerchantId: RecordId.nullable(),
  subMerchantName: z.string().nullable(),
  // withdrawal four eyes
  approvalState: ApprovalStateSchema,
  approvedBy: z.string().nullable(),
  approvedAt: InstantSchema.nullable(),
  createdBy: z.string(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
  /** What the caller may do now (the screen's buttons), within their permissions. */
  actions: z.array(RequestActionSchema),
});
export type AccountingRequest = z.infer<typeof AccountingRequest>;

export const AccountingRequestDetail = AccountingRequest.extend({ history: z.array(RequestHistoryEntry) });
export type AccountingRequestDetail = z.infer<typeof AccountingRequestDetail>;

// ---- lists ---------------------------------------------------------------------------------------

/**
 * One kind's list in a country, newest first (keyset). `range`: local dates of creation (default
 * the last week); `keyword`: the request number (exact or prefix) or, for withdrawals, the
 * beneficiary's account number (exact).
 */
export const RequestPageRequest = PageRequest.extend({
  country: CountrySchema,
  status: RequestStatusSchema.optional(),
  mode: z.enum(['PAY_IN', 'PAY_OUT', 'MARKET_PLACE', 'OFFLINE']).optional(),
  range: DateRangeSchema.optional(),
  keyword: SearchText,
  /** Sub-merchant transfers: one sub-merchant's. */
  subMerchantId: RecordId.optional(),
});
export type RequestPageRequest = z.input<typeof RequestPageRequest>;

export const RequestPage = pageOf(AccountingRequest);
export type RequestPage = z.infer<typeof RequestPage>;

export const RequestQuery = z.object({ id: RecordId });
export type RequestQuery = z.infer<typeof RequestQuery>;

export const RequestCancel = z.object({ id: RecordId });
export type RequestCancel = z.infer<typeof RequestCancel>;

// ---- configuration and fees ---------------------------------------------------------------------

export const AccountBalance = z.object({
  accountType: AccountTypeSchema.nullable(),
  currency: CurrencySchema,
  available: CentsSchema,
  reserved: CentsSchema,
});
export type AccountBalance = z.infer<typeof AccountBalance>;

/** `/topup/config/query` and `/transfer-out/config/query`: the rules of one mode in one country. */
export const FeeConfigRequest = z.object({ country: CountrySchema, mode: z.enum(['PAY_IN', 'PAY_OUT', 'MARKET_PLACE']) });
export type FeeConfigRequest = z.infer<typeof FeeConfigRequest>;

export const FeeConfigAnswer = z.object({
  country: CountrySchema,
  mode: AccountTypeSchema,
  currency: CurrencySchema,
  perRequestFee: CentsSchema,
  smallTransferThreshold: CentsSchema,
  smallTransferFee: CentsSchema,
  minAmount: PositiveCentsSchema,
  maxAmount: PositiveCentsSchema,
  /** WITHDRAWAL: above this amount a second person approves (null: never). */
  approvalThreshold: CentsSchema.nullable(),
  /** TOPUP: where to wire the money. */
  receivingAccount: ReceivingAccount.nullable(),
  balance: AccountBalance,
});
export type FeeConfigAnswer = z.infer<typeof FeeConfigAnswer>;

export const FeeCalculateRequest = FeeConfigRequest.extend({ amount: PositiveCentsSchema });
export type FeeCalculateRequest = z.infer<typeof FeeCalculateRequest>;

/** The fee exactly as it will be posted, and the balance before and after (a withdrawal: after reserving amount + fee). */
export const FeeCalculateAnswer = z.object({
  currency: CurrencySchema,
  amount: PositiveCentsSchema,
  lines: z.array(FeeLineSchema),
  fee: CentsSchema,
  /** WITHDRAWAL: amount + fee taken from the account; TOPUP: amount − fee credited if the provider verifies the amount. */
  total: CentsSchema,
  availableBefore: CentsSchema,
  availableAfter: CentsSchema,
  /** WITHDRAWAL: true when this amount needs a second person's approval. */
  needsApproval: z.boolean(),
  /** Why it cannot be created as it is (below the minimum, balance short), or null. */
  problem: z.string().nullable(),
});
export type FeeCalculateAnswer = z.infer<typeof FeeCalculateAnswer>;

/** `/transfer-out/config/update` (an Andes call): the amount above which a withdrawal needs a second person. */
export const ApprovalThresholdUpdate = z.object({
  country: CountrySchema,
  /** Null: no withdrawal needs approval. */
  approvalThreshold: CentsSchema.min(0).nullable(),
});
export type ApprovalThresholdUpdate = z.infer<typeof ApprovalThresholdUpdate>;

export const ExchangeConfigRequest = z.object({ country: CountrySchema, mode: ExchangeModeSchema });
export type ExchangeConfigRequest = z.infer<typeof ExchangeConfigRequest>;

export const ExchangeConfigAnswer = z.object({
  country: CountrySchema,
  mode: ExchangeModeSchema,
  sellCurrency: CurrencySchema,
  buyCurrency: CurrencySchema,
  /** The provider's latest rate for the pair (local per 1 USD), indicative until a quote is made. */
  indicativeRate: ExchangeRateSchema,
  indicativeRateAt: InstantSchema,
  /** Limits of the amount sold, in the sold currency. */
  minSellAmount: PositiveCentsSchema,
  maxSellAmount: PositiveCentsSchema,
  /** OFFLINE: where to wire the USD. */
  receivingAccount: ReceivingAccount.nullable(),
  /** The account sold from (PAY_IN: the local pay-in account; PAY_OUT: the global account); null for OFFLINE. */
  sellBalance: AccountBalance.nullable(),
  /** The account bought into. */
  buyBalance: AccountBalance,
});
export type ExchangeConfigAnswer = z.infer<typeof ExchangeConfigAnswer>;

/**
 * `/exchange/amount/calculate`: the other side of an amount. With `id`, at the request's quoted rate
 * (while valid); otherwise at the indicative rate.
 */
export const ExchangeAmountRequest = z.object({
  country: CountrySchema,
  mode: ExchangeModeSchema,
  side: ExchangeSideSchema,
  amount: PositiveCentsSchema,
  id: RecordId.optional(),
});
export type ExchangeAmountRequest = z.infer<typeof ExchangeAmountRequest>;

export const ExchangeAmountAnswer = z.object({
  sellCurrency: CurrencySchema,
  buyCurrency: CurrencySchema,
  sellAmount: PositiveCentsSchema,
  buyAmount: PositiveCentsSchema,
  rate: ExchangeRateSchema,
  rateKind: z.enum(['INDICATIVE', 'QUOTED']),
  rateExpiresAt: InstantSchema.nullable(),
  /** The account sold from, before and after (null for OFFLINE). */
  sellAvailableBefore: CentsSchema.nullable(),
  sellAvailableAfter: CentsSchema.nullable(),
  buyAvailableBefore: CentsSchema,
  buyAvailableAfter: CentsSchema,
  problem: z.string().nullable(),
});
export type ExchangeAmountAnswer = z.infer<typeof ExchangeAmountAnswer>;

// ---- creation ------------------------------------------------------------------------------------

const creation = {
  requestId: ClientRequestIdSchema,
  country: CountrySchema,
  remark: optionalText(REMARK_MAX_LENGTH),
};
const proofFileIds = z
  .array(FileIdSchema)
  .max(UPLOADER_DEFAULT_MAX_FILES, `At most ${UPLOADER_DEFAULT_MAX_FILES} files`)
  .refine((ids) => new Set(ids).size === ids.length, 'A file is listed twice');

/** A top-up: the merchant says what they wired (amount, bank, time, proof); the provider verifies it. */
export const TopupCreateRequest = z.object({
  ...creation,
  mode: TopupModeSchema,
  amount: PositiveCentsSchema,
  remittingBank: text().trim().min(1, 'Enter the bank the money was sent from').max(BANK_NAME_MAX_LENGTH),
  transferTime: InstantSchema,
  proofFileIds: proofFileIds.min(1, 'Upload the proof of transfer'),
});
export type TopupCreateRequest = z.input<typeof TopupCreateRequest>;

/** A withdrawal: amount + fee is reserved at once; above the approval threshold a second person approves. */
export const WithdrawalCreateRequest = z.object({
  ...creation,
  mode: WithdrawModeSchema,
  amount: PositiveCentsSchema,
  beneficiaryAccount: BeneficiaryAccount,
});
export type WithdrawalCreateRequest = z.input<typeof WithdrawalCreateRequest>;

/** An exchange: the merchant fixes one side; OFFLINE starts waiting for the proof of the wire. */
export const ExchangeCreateRequest = z.object({
  ...creation,
  mode: ExchangeModeSchema,
  side: ExchangeSideSchema,
  amount: PositiveCentsSchema,
});
export type ExchangeCreateRequest = z.input<typeof ExchangeCreateRequest>;

/** A sub-merchant transfer: SUB from the merchant to a sub-merchant, SELF back; the same account type on both sides. */
export const SubTransferCreateRequest = z.object({
  ...creation,
  target: TransferTargetSchema,
  subMerchantId: RecordId,
  accountType: SubTransferAccountTypeSchema,
  amount: PositiveCentsSchema,
});
export type SubTransferCreateRequest = z.input<typeof SubTransferCreateRequest>;

/**
 * `/dashboard/approval/sub-merchant/amount/calculate` (an Andes call): what a transfer would do to
 * both accounts before it is made — no fee; the source's available balance before and after
 * reserving the amount, the target's before and after the transfer completes.
 */
export const SubTransferCalculateRequest = z.object({
  country: CountrySchema,
  target: TransferTargetSchema,
  subMerchantId: RecordId,
  accountType: SubTransferAccountTypeSchema,
  amount: PositiveCentsSchema,
});
export type SubTransferCalculateRequest = z.infer<typeof SubTransferCalculateRequest>;

export const SubTransferCalculateAnswer = z.object({
  currency: CurrencySchema,
  amount: PositiveCentsSchema,
  sourceAvailableBefore: CentsSchema,
  sourceAvailableAfter: CentsSchema,
  targetAvailableBefore: CentsSchema,
  targetAvailableAfter: CentsSchema,
  /** Why it cannot be created as it is (the source's balance short), or null. */
  problem: z.string().nullable(),
});
export type SubTransferCalculateAnswer = z.infer<typeof SubTransferCalculateAnswer>;

/** What a creation answers: the request (the same one again for a repeated request id). */
export const RequestCreated = z.object({ request: AccountingRequestDetail, duplicate: z.boolean() });
export type RequestCreated = z.infer<typeof RequestCreated>;

// ---- actions -------------------------------------------------------------------------------------

export const OfflineProofSubmit = z.object({
  id: RecordId,
  remittingBank: text().trim().min(1, 'Enter the bank the money was sent from').max(BANK_NAME_MAX_LENGTH),
  transferTime: InstantSchema,
  proofFileIds: proofFileIds.min(1, 'Upload the proof of transfer'),
});
export type OfflineProofSubmit = z.infer<typeof OfflineProofSubmit>;

/** `/contract/confirm/{id}`: the merchant accepts the quoted rate (before it expires); the money sold is reserved. */
export const ContractConfirmRequest = z.object({
  /** The rate the merchant saw: a changed quote is refused rather than confirmed blind. */
  rate: ExchangeRateSchema,
});
export type ContractConfirmRequest = z.infer<typeof ContractConfirmRequest>;

export const WithdrawalDecision = z.object({
  id: RecordId,
  reason: optionalText(REMARK_MAX_LENGTH),
});
export type WithdrawalDecision = z.infer<typeof WithdrawalDecision>;

/** The refusal of a proof download naming a file the request does not have (shown as sent, like an attachment's). */
export const PROOF_FILE_MESSAGES = { notFound: 'The request has no such proof file' } as const;

/** `/dashboard/approval/file/download` (an Andes call): one proof of a request the caller may see. */
export const ApprovalFileRequest = z.object({ id: RecordId, fileId: FileIdSchema });
export type ApprovalFileRequest = z.infer<typeof ApprovalFileRequest>;

/** `/dashboard/approval/file/upload`'s form fields (none besides the files). */
export const ApprovalFileUploadFields = z.object({}).strict();
