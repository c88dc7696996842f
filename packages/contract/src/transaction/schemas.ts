import { z } from 'zod';
import { DATE_PICKER_MONTHS_BACK, DEFAULT_LANGUAGE, LANGUAGES, MAX_AMOUNT_CENTS } from '../common/constants.ts';
import { type Country, CountrySchema, CurrencySchema } from '../common/countries.ts';
import { addDays, addMonths, clampEndInstant, startOfLocalDay, todayIn, toEpochMs } from '../common/dates.ts';
import {
  HoldFlagSchema,
  PRODUCT_TYPES,
  ProductTypeSchema,
  productTypesOf,
  TRANSACTION_STATUSES,
  TransactionStatusSchema,
  TransactionTypeSchema,
} from '../common/enums.ts';
import { InstantSchema, isUnique, RecordId, text } from '../common/fields.ts';
import { FileIdSchema } from '../common/files.ts';
import { CentsSchema } from '../common/money.ts';
import { PageRequest, pageOf } from '../common/page.ts';
import { CardTokenFilterSchema, FailReasonFilterSchema, FunnelStageFilterSchema } from '../revenue-assurance/enums.ts';
import { RiskDecisionView } from '../risk/schemas.ts';
import { SubMerchantList, SubMerchantListRequest } from '../sub-merchant/schemas.ts';
import {
  LIST_TRANSACTION_TYPES,
  ProofVariantSchema,
  SUB_MERCHANT_FILTER_MAX,
  TransactionExportFormatSchema,
  TransactionHistoryEventSchema,
  TransactionListSchema,
  TransferStatusSchema,
} from './enums.ts';
import { CardBrandSchema, CardSchema, PartySchema, RefundStatusSchema, StorePlatformSchema } from './parts.ts';

/**
 * The transaction screens' wire shapes (spec §3, §7): one filter shared by every transaction list
 * (the simple search is a subset of the advanced one), the list item, and the detail with its
 * history. Amounts are integer cents; times are UTC instants (the screens show them in the
 * country's zone).
 */

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

export const TRANSACTION_ID_MESSAGE = 'Not a valid transaction id';
export const AMOUNT_RANGE_MESSAGE = 'The maximum amount must not be below the minimum amount';
export const CREATED_RANGE_ORDER_MESSAGE = 'The end time must be after the start time';
export const STATUSES_REPEATED_MESSAGE = 'Each status can be chosen once';
export const PRODUCT_TYPES_REPEATED_MESSAGE = 'Each product type can be chosen once';
export const SUB_MERCHANTS_REPEATED_MESSAGE = 'Each sub-merchant can be chosen once';
export const SUB_MERCHANTS_TOO_MANY_MESSAGE = `At most ${SUB_MERCHANT_FILTER_MAX} sub-merchants`;
export const CARD_BIN_MESSAGE = 'A card BIN is 6 to 8 digits';
export const CARD_LAST4_MESSAGE = 'Card last 4 is 4 digits';
export const IDENTIFIER_MESSAGE = 'At most 64 letters, digits and . _ - / # : characters';
export const HOLD_STATUS_LIST_MESSAGE = 'The holding page lists transactions on hold only';

export function productTypeCountryMessage(productType: string, country: Country): string {
  return `${productType} is not a product type of ${country}`;
}
export function transactionTypeListMessage(transactionType: string, list: string): string {
  return `The ${list} list does not show ${transactionType} transactions`;
}

/** Refusals the server answers (the created-at rules need the clock and the country's zone). */
export const TRANSACTION_MESSAGES = {
  rangeInFuture: 'The search cannot reach beyond today',
  rangeTooOld: `Transactions can be searched at most ${DATE_PICKER_MONTHS_BACK} months back; use the deep query for older ones`,
  deepNeedsIdentifier: 'The deep query needs a unique id, merchant reference or e2e id',
  notFound: 'The transaction does not exist',
  invalidCursor: 'The page position is not valid any more: start from the first page',
} as const;

/** A filter naming a sub-merchant the caller may not see (unknown and other merchants' ids alike). */
export const SUB_MERCHANT_FORBIDDEN_MESSAGE = 'You may only filter by your own sub-merchants';

// ---------------------------------------------------------------------------------------------
// Fields
// ---------------------------------------------------------------------------------------------

/** A transaction's id (a bigint identity; ids stay within the safe integers). */
export const TransactionId = z
  .number({ error: TRANSACTION_ID_MESSAGE })
  .int(TRANSACTION_ID_MESSAGE)
  .min(1, TRANSACTION_ID_MESSAGE)
  .max(Number.MAX_SAFE_INTEGER, TRANSACTION_ID_MESSAGE);

/** `:id` of a detail route, as text of digits. */
export const TransactionIdRequest = z.object({ id: TransactionId });
export type TransactionIdRequest = z.infer<typeof TransactionIdRequest>;

/** An exact identifier typed in a search box: trimmed; empty means no filter. */
function identifier(pattern: RegExp, message: string) {
  return text()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || pattern.test(v), message);
}
const IDENTIFIER = /^[A-Za-z0-9][A-Za-z0-9._\-/#:]{0,63}$/;

/** A half-open range of instants `[start, end)`; the screens send local day boundaries as instants. */
export const InstantRangeSchema = z
  .object({ start: InstantSchema, end: InstantSchema })
  .refine((r) => Date.parse(r.end) > Date.parse(r.start), { message: CREATED_RANGE_ORDER_MESSAGE, path: ['end'] });
export type InstantRangeInput = z.infer<typeof InstantRangeSchema>;

const NonNegativeCents = z
  .number()
  .int('Amount must be a whole number of cents')
  .min(0, 'Amount must not be negative')
  .max(MAX_AMOUNT_CENTS);

function uniqueArray<T extends z.ZodType>(item: T, max: number, message: string, tooMany = message) {
  return z.array(item).max(max, tooMany).refine(isUnique, message).default([]);
}

/**
 * The filters every transaction list offers (pay-in, payout, marketplace, holding page, payment
 * link, Shopify, Shoplazza). Identifier searches are exact matches.
 */
const commonFilterFields = {
  /** The country shown (one of the caller's authorised countries). */
  country: CountrySchema,
  /** Created (submit) time; absent means the whole searchable window (five months back to today). */
  createdAt: InstantRangeSchema.optional(),
  /** Any of these statuses; empty for all. */
  statuses: uniqueArray(TransactionStatusSchema, TRANSACTION_STATUSES.length, STATUSES_REPEATED_MESSAGE),
  /** Any of these product types (of the country); empty for all. */
  productTypes: uniqueArray(ProductTypeSchema, PRODUCT_TYPES.length, PRODUCT_TYPES_REPEATED_MESSAGE),
  refundStatus: RefundStatusSchema.optional(),
  /** Amount bounds in cents, both inclusive. */
  amountMin: NonNegativeCents.optional(),
  amountMax: NonNegativeCents.optional(),
  uniqueId: identifier(IDENTIFIER, IDENTIFIER_MESSAGE),
  merchantReference: identifier(IDENTIFIER, IDENTIFIER_MESSAGE),
  /** PIX end-to-end id, SPEI tracking key… */
  e2eId: identifier(IDENTIFIER, IDENTIFIER_MESSAGE),
  /** The payer's (pay-in) or beneficiary's (payout) document. */
  document: identifier(/^[A-Za-z0-9.\-/]{1,32}$/, IDENTIFIER_MESSAGE),
  cardBin: identifier(/^\d{6,8}$/, CARD_BIN_MESSAGE),
  cardLast4: identifier(/^\d{4}$/, CARD_LAST4_MESSAGE),
  /** Revenue assurance's drill-down (docs/decisions/0031): reached at least this funnel stage (1 submitted, 2 authorised, 3 settled). */
  funnelStageMin: FunnelStageFilterSchema.optional(),
  /** Card payments with a network token or with the card number. */
  cardToken: CardTokenFilterSchema.optional(),
  /** FAILED, REJECTED or EXPIRED with exactly this normalised reason ('' for none given). */
  failReason: FailReasonFilterSchema.optional(),
};

/** The sub-merchants a merchant user narrows to; a sub-merchant user may only name their own. */
const subMerchantIdsField = {
  subMerchantIds: uniqueArray(RecordId, SUB_MERCHANT_FILTER_MAX, SUB_MERCHANTS_REPEATED_MESSAGE, SUB_MERCHANTS_TOO_MANY_MESSAGE),
};

interface CommonChecked {
  country: Country;
  productTypes: readonly string[];
  amountMin?: number | undefined;
  amountMax?: number | undefined;
}

function checkCommon(value: CommonChecked, ctx: z.RefinementCtx): void {
  if (value.amountMin !== undefined && value.amountMax !== undefined && value.amountMax < value.amountMin) {
    ctx.addIssue({ code: 'custom', message: AMOUNT_RANGE_MESSAGE, path: ['amountMax'] });
  }
  const allowed = new Set<string>(productTypesOf(value.country));
  value.productTypes.forEach((p, i) => {
    if (!allowed.has(p)) ctx.addIssue({ code: 'custom', message: productTypeCountryMessage(p, value.country), path: ['productTypes', i] });
  });
}

const transactionListFields = {
  /** The screen the request serves: it fixes the types shown and the permission needed. */
  list: TransactionListSchema,
  /** One of the list's types; absent for the list's first (PAY_IN, PAY_OUT, MARKET_PLACE_ORDERS). */
  transactionType: TransactionTypeSchema.optional(),
  /** 1 on hold, 2 unhold; the holding page always lists 1. */
  holdStatus: HoldFlagSchema.optional(),
};

function checkList(
  value: CommonChecked & {
    list: keyof typeof LIST_TRANSACTION_TYPES;
    transactionType?: string | undefined;
    holdStatus?: number | undefined;
  },
  ctx: z.RefinementCtx,
): void {
  checkCommon(value, ctx);
  if (value.transactionType !== undefined && !(LIST_TRANSACTION_TYPES[value.list] as readonly string[]).includes(value.transactionType)) {
    ctx.addIssue({ code: 'custom', message: transactionTypeListMessage(value.transactionType, value.list), path: ['transactionType'] });
  }
  if (value.list === 'holding-page' && value.holdStatus !== undefined && value.holdStatus !== 1) {
    ctx.addIssue({ code: 'custom', message: HOLD_STATUS_LIST_MESSAGE, path: ['holdStatus'] });
  }
}

/** The simple search bar (`/dashboard/transaction/page`): the chips of spec §2. */
export const TransactionPageRequest = PageRequest.extend({ ...transactionListFields, ...commonFilterFields }).superRefine(checkList);
export type TransactionPageRequest = z.input<typeof TransactionPageRequest>;
export type ParsedTransactionPageRequest = z.output<typeof TransactionPageRequest>;

/**
 * The advanced search (`/dashboard/transaction/advanced-page`): the simple one plus sub-merchants
 * (select-deep) and `deep`, the deep query of `/transactions/deep-query/:type`: all time (the
 * 100-year picker; an end beyond 2099 means now), by an exact unique id, merchant reference or
 * e2e id only.
 */
export const TransactionAdvancedPageRequest = PageRequest.extend({
  ...transactionListFields,
  ...commonFilterFields,
  ...subMerchantIdsField,
  deep: z.boolean().default(false),
}).superRefine(checkList);
export type TransactionAdvancedPageRequest = z.input<typeof TransactionAdvancedPageRequest>;
export type ParsedTransactionAdvancedPageRequest = z.output<typeof TransactionAdvancedPageRequest>;

/** The payment-link list (`/dashboard/payment-link/page`): pay-ins made through a payment link. */
export const PaymentLinkPageRequest = PageRequest.extend({
  ...commonFilterFields,
  ...subMerchantIdsField,
  paymentLinkId: identifier(/^[A-Za-z0-9_-]{1,64}$/, IDENTIFIER_MESSAGE),
}).superRefine(checkCommon);
export type PaymentLinkPageRequest = z.input<typeof PaymentLinkPageRequest>;
export type ParsedPaymentLinkPageRequest = z.output<typeof PaymentLinkPageRequest>;

/** The Shopify and Shoplazza lists (`/dashboard/shopify/page`, `/dashboard/shoplazza/page`): pay-ins of store orders. */
export const StoreOrderPageRequest = PageRequest.extend({
  ...commonFilterFields,
  ...subMerchantIdsField,
  storeOrderId: identifier(/^[A-Za-z0-9#_-]{1,64}$/, IDENTIFIER_MESSAGE),
  shopDomain: identifier(/^[a-z0-9][a-z0-9.-]{0,252}$/, IDENTIFIER_MESSAGE),
}).superRefine(checkCommon);
export type StoreOrderPageRequest = z.input<typeof StoreOrderPageRequest>;
export type ParsedStoreOrderPageRequest = z.output<typeof StoreOrderPageRequest>;

// ---------------------------------------------------------------------------------------------
// The created-at rules (spec §5, §9), the same on both sides
// ---------------------------------------------------------------------------------------------

/** The searchable window in a zone: `[start of today − 5 months, start of tomorrow)`, as epoch ms. */
export function searchWindow(timeZone: string, now: Date | number): { start: number; end: number } {
  const today = todayIn(timeZone, now);
  return {
    start: startOfLocalDay(timeZone, addMonths(today, -DATE_PICKER_MONTHS_BACK)),
    end: startOfLocalDay(timeZone, addDays(today, 1)),
  };
}

/**
 * The created-at range a list searches, as epoch ms `[start, end)`, or the refusal's message.
 * Absent: the whole window (or all time for a deep query). A list may not reach past today nor
 * before the window; a deep query may reach anywhere, an end beyond 2099 meaning now.
 */
export function resolveCreatedRange(
  range: { start: string; end: string } | undefined,
  timeZone: string,
  now: Date | number,
  deep = false,
): { start: number | null; end: number | null } | { message: string } {
  if (deep) {
    if (range === undefined) return { start: null, end: null };
    return { start: toEpochMs(range.start), end: clampEndInstant(range.end, now, timeZone) };
  }
  const window = searchWindow(timeZone, now);
  if (range === undefined) return window;
  const start = toEpochMs(range.start);
  const end = toEpochMs(range.end);
  if (end > window.end) return { message: TRANSACTION_MESSAGES.rangeInFuture };
  if (start < window.start) return { message: TRANSACTION_MESSAGES.rangeTooOld };
  return { start, end };
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const StoreOrderSummary = z.object({
  platform: StorePlatformSchema,
  shopDomain: z.string(),
  orderId: z.string(),
  orderName: z.string().nullable(),
});

/** A row of every transaction list (spec §3 fields a list shows). */
export const TransactionListItem = z.object({
  id: TransactionId,
  uniqueId: z.string(),
  merchantReference: z.string(),
  accountName: z.string().nullable(),
  /** The sub-merchant the transaction belongs to; null for the merchant's own. */
  subMerchantId: RecordId.nullable(),
  subMerchantName: z.string().nullable(),
  transactionType: TransactionTypeSchema,
  productType: ProductTypeSchema,
  country: CountrySchema,
  currency: CurrencySchema,
  amount: CentsSchema,
  fee: CentsSchema,
  vat: CentsSchema,
  status: TransactionStatusSchema,
  holdStatus: HoldFlagSchema,
  refundStatus: RefundStatusSchema,
  refundedAmount: CentsSchema,
  /** Submit time. */
  createdAt: InstantSchema,
  /** Settle time. */
  settledAt: InstantSchema.nullable(),
  /** The payer's (pay-in) or beneficiary's (payout) name and document. */
  counterpartyName: z.string().nullable(),
  document: z.string().nullable(),
  e2eId: z.string().nullable(),
  cardBrand: CardBrandSchema.nullable(),
  cardBin: z.string().nullable(),
  cardLast4: z.string().nullable(),
  paymentLinkId: z.string().nullable(),
  storeOrder: StoreOrderSummary.nullable(),
});
export type TransactionListItem = z.infer<typeof TransactionListItem>;

export const TransactionPage = pageOf(TransactionListItem);
export type TransactionPage = z.infer<typeof TransactionPage>;

/** A refund or chargeback of a pay-in, as its detail lists them. */
export const RelatedTransaction = z.object({
  id: TransactionId,
  uniqueId: z.string(),
  transactionType: TransactionTypeSchema,
  amount: CentsSchema,
  fee: CentsSchema,
  status: TransactionStatusSchema,
  createdAt: InstantSchema,
  reason: z.string().nullable(),
});
export type RelatedTransaction = z.infer<typeof RelatedTransaction>;

/**
 * One step of the history: what the platform reported and when, the status it led to (null when
 * the status stayed), the hold flag it set, and the amount and reference of a refund or chargeback.
 */
export const TransactionHistoryEntry = z.object({
  at: InstantSchema,
  event: TransactionHistoryEventSchema,
  status: TransactionStatusSchema.nullable(),
  holdStatus: HoldFlagSchema.nullable(),
  amount: CentsSchema.nullable(),
  /** The refund's or chargeback's unique id. */
  reference: z.string().nullable(),
  reason: z.string().nullable(),
});
export type TransactionHistoryEntry = z.infer<typeof TransactionHistoryEntry>;

/**
 * A file attached to a transaction (by the payment platform, with `transaction.created`): its
 * stored file's id, name, size in bytes and the content type the server determined from its bytes.
 */
export const AttachmentInfo = z.object({
  fileId: FileIdSchema,
  name: z.string(),
  size: z.number().int().min(0),
  contentType: z.string(),
});
export type AttachmentInfo = z.infer<typeof AttachmentInfo>;

/** `/dashboard/transaction/attachment/download`: one attachment of a transaction the caller may see. */
export const TransactionAttachmentRequest = z.object({ id: TransactionId, fileId: FileIdSchema });
export type TransactionAttachmentRequest = z.infer<typeof TransactionAttachmentRequest>;

/** Refusal of an attachment download naming a file the transaction does not have. */
export const ATTACHMENT_MESSAGES = {
  notFound: 'The transaction has no such attachment',
} as const;

/** Every field of spec §3 of one transaction, with its refunds, chargebacks and history. */
export const TransactionDetail = TransactionListItem.extend({
  statusReason: z.string().nullable(),
  transferStatus: TransferStatusSchema.nullable(),
  exchangeRate: z.string().nullable(),
  heldAmount: CentsSchema,
  refundTime: InstantSchema.nullable(),
  chargedBackAmount: CentsSchema,
  /** When the settled money becomes (or became) available. */
  availableAt: InstantSchema.nullable(),
  description: z.string().nullable(),
  payer: PartySchema.nullable(),
  beneficiary: PartySchema.nullable(),
  card: CardSchema.nullable(),
  attachments: z.array(AttachmentInfo),
  /** For a refund or chargeback: the pay-in it concerns. */
  original: z.object({ id: TransactionId, uniqueId: z.string(), transactionType: TransactionTypeSchema }).nullable(),
  /** For a pay-in: its refunds and chargebacks, oldest first. */
  related: z.array(RelatedTransaction),
  /** Oldest first. */
  history: z.array(TransactionHistoryEntry),
  /** A pay-in's risk decision (docs/decisions/0028): the rules that fired, and case management's outcome; null when none was made. */
  risk: RiskDecisionView.nullable(),
  /**
   * A payment-link payment's link (spec §3: link id, payment id, installment plan), when the link
   * was generated in Andes; null for other transactions and links the platform made elsewhere.
   */
  paymentLink: z
    .object({
      linkId: z.string(),
      description: z.string(),
      merchantReference: z.string(),
      amount: CentsSchema,
      /** The installments offered to the payer (null: paid at once), each split exactly in cents. */
      installments: z.object({ count: z.number().int(), installmentAmount: CentsSchema, firstAmount: CentsSchema }).nullable(),
      createdAt: InstantSchema,
    })
    .nullable(),
});
export type TransactionDetail = z.infer<typeof TransactionDetail>;

/** `/dashboard/transaction/sub-merchant/query`: the sub-merchants the caller may filter by. */
export const TransactionSubMerchantRequest = SubMerchantListRequest;
export const TransactionSubMerchantList = SubMerchantList;

// ---------------------------------------------------------------------------------------------
// Exports and proofs
// ---------------------------------------------------------------------------------------------

/**
 * `/dashboard/transaction/file/download` and `/file/download-url/generator`: the advanced page's
 * filter (same list, country, created-at and sub-merchant rules; no page position) plus the file's
 * format and the language of its header row and enumeration labels. The file holds every row the
 * filter shows, newest first.
 */
const transactionExportFields = {
  ...transactionListFields,
  ...commonFilterFields,
  ...subMerchantIdsField,
  deep: z.boolean().default(false),
  format: TransactionExportFormatSchema,
  language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
};

export const TransactionExportRequest = z.object(transactionExportFields).superRefine(checkList);

/**
 * The same request queued in the download center: an idempotency key per dialog, so a retried or
 * double-clicked creation answers the same task.
 */
export const TransactionExportTaskRequest = z
  .object({ ...transactionExportFields, idempotencyKey: z.uuid({ error: 'Not a valid idempotency key' }) })
  .superRefine(checkList);
export type TransactionExportTaskRequest = z.input<typeof TransactionExportTaskRequest>;

export type TransactionExportRequest = z.input<typeof TransactionExportRequest>;
export type ParsedTransactionExportRequest = z.output<typeof TransactionExportRequest>;

/** A one-time URL (a path on the API's origin) that downloads the export with a plain GET until `expiresAt`. */
export const TransactionExportLink = z.object({ url: z.string(), expiresAt: InstantSchema });
export type TransactionExportLink = z.infer<typeof TransactionExportLink>;

/** `/dashboard/transaction/proof/list`: the proofs the transaction has (empty unless a settled transfer). */
export const TransactionProofList = z.object({ variants: z.array(ProofVariantSchema) });
export type TransactionProofList = z.infer<typeof TransactionProofList>;

/** Refusals of the proof downloads. */
export const PROOF_MESSAGES = {
  notSettled: 'The transfer is not settled: a proof is issued once it settles',
  notThisKind: 'This proof is not available for this transaction (another kind of transfer or provider)',
  noProvider:
    'The payment platform did not say which provider carried this transfer, so no provider receipt can be issued for it; ask support for a statement of the transfer',
} as const;

/** Refusal of another provider's receipt: names the provider that carried the transfer (`PROVIDER_NAMES`). */
export function otherProviderProofMessage(carriedBy: string): string {
  return `This transfer was carried by ${carriedBy}; its proof is the ${carriedBy} receipt`;
}

/** Refusal of the export links. */
export const EXPORT_LINK_MESSAGES = {
  invalid: 'This download link is not valid: it was used already, it expired or it does not exist',
  forbidden: 'The user who asked for this download link may not export transactions any more',
} as const;
