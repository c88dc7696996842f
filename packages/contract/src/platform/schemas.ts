import { z } from 'zod';
import { AccountTypeSchema } from '../account/enums.ts';
import { RequestKindSchema } from '../accounting/enums.ts';
import { BeneficiaryAccount, RequestNoSchema } from '../accounting/schemas.ts';
import { ATTACHMENT_MAX_BYTES } from '../common/constants.ts';
import { CountrySchema, CurrencySchema } from '../common/countries.ts';
import { ProductTypeSchema } from '../common/enums.ts';
import { InstantSchema, text } from '../common/fields.ts';
import { FILE_NAME_MAX_LENGTH } from '../common/files.ts';
import { parseIpAddress } from '../common/ip.ts';
import { PositiveCentsSchema } from '../common/money.ts';
import { ChargebackReasonCodeSchema, SCORE_MAX, SCORE_MIN } from '../risk/enums.ts';
import { RiskDecisionView } from '../risk/schemas.ts';
import { CASE_NO_PATTERN, CASE_REPLY_MAX_LENGTH, PROVIDER_CASE_STATUSES, PROVIDER_REPLY_STATUSES } from '../support/enums.ts';
import { PROVIDER_RAILS, type ProviderRail, providersOf, type TransferProvider, TransferProviderSchema } from '../transaction/enums.ts';
import { CardSchema, ExchangeRateSchema, PartySchema, StoreOrderSchema, UniqueIdSchema } from '../transaction/parts.ts';

/**
 * The ingestion API (`/internal/v1`): how the payment platform tells Andes what happened. Each
 * event has an id chosen by the platform; an id is applied once — sending it again answers the
 * first outcome and changes nothing (a different payload under a used id is refused). Events may
 * arrive out of order: one about a transaction Andes has not seen yet is parked and applied when
 * the transaction arrives; a status older than the transaction's latest is recorded, not applied.
 * The rules of each event (what it posts to the ledger) are in docs/balances.md.
 */

export const EventIdSchema = text().regex(/^[A-Za-z0-9][A-Za-z0-9._:-]{0,127}$/, 'An event id is 1 to 128 letters, digits, ., _, : or -');
const MerchantCodeSchema = text().regex(/^[A-Z0-9][A-Z0-9_-]{0,63}$/, 'A merchant code like ANDES-DEMO');
const Reason = text().trim().min(1).max(256);
const CaseNoSchema = text().regex(CASE_NO_PATTERN, 'A case number like CS20260101ABC123');
const NonNegativeCents = z.number().int().min(0).max(Number.MAX_SAFE_INTEGER);

/** Transactions the platform creates (refunds and chargebacks come from their own events). */
export const CREATED_TRANSACTION_TYPES = ['PAY_IN', 'PAY_OUT', 'MARKET_PLACE_ORDERS'] as const;
/** Statuses a transaction can be created in. */
export const CREATED_STATUSES = ['INITIAL_STATUS', 'CREATED', 'IN_PROGRESS'] as const;
/** Statuses `transaction.status_changed` can set (money-moving outcomes have their own events). */
export const PAYIN_STATUS_CHANGES = ['IN_PROGRESS', 'FAILED', 'EXPIRED', 'REJECTED', 'CANCELLED'] as const;
/** The pay-in statuses of `transaction.status_changed` that end it without the money (all but IN_PROGRESS). */
export const PAYIN_UNSUCCESSFUL_ENDS = PAYIN_STATUS_CHANGES.filter(
  (s): s is Exclude<(typeof PAYIN_STATUS_CHANGES)[number], 'IN_PROGRESS'> => s !== 'IN_PROGRESS',
);
/** Statuses `payout.status_changed` can set on a payout or marketplace order. */
export const PAYOUT_STATUS_CHANGES = ['IN_PROGRESS', 'SETTLED', 'FAILED', 'REJECTED', 'CANCELLED'] as const;

const base = {
  eventId: EventIdSchema,
  occurredAt: InstantSchema,
  merchantCode: MerchantCodeSchema,
};

// ---- attachments ---------------------------------------------------------------------------------

/** Files one event may attach to its transaction, at most. */
export const ATTACHMENTS_PER_EVENT_MAX = 10;
/** Decoded bytes of all the files of one event, at most (two files of the largest size). */
export const ATTACHMENTS_PER_EVENT_MAX_BYTES = 2 * ATTACHMENT_MAX_BYTES;
/** Body limit of the ingestion call: the attachments' base64 (4/3 of their bytes) plus 1 MiB for the rest. */
export const INGEST_BODY_LIMIT_BYTES = Math.ceil((ATTACHMENTS_PER_EVENT_MAX_BYTES * 4) / 3) + 1_048_576;

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** Bytes a standard (RFC 4648 §4, padded) base64 text decodes to; null when it is not one. */
export function base64DecodedLength(text: string): number | null {
  if (text.length % 4 !== 0 || !BASE64.test(text)) return null;
  const padding = text.endsWith('==') ? 2 : text.endsWith('=') ? 1 : 0;
  return (text.length / 4) * 3 - padding;
}

const megabytes = (bytes: number) => `${(bytes / 1_048_576).toFixed(1)} MB`;

/**
 * A file the platform attaches: its name (with the extension that says what it is), the type the
 * platform believes it has (informational: Andes determines the type from the bytes and the name),
 * and its bytes in standard padded base64.
 */
export const IncomingAttachment = z
  .object({
    name: text()
      .trim()
      .min(1, 'A file name is needed')
      .max(FILE_NAME_MAX_LENGTH, `A file name has at most ${FILE_NAME_MAX_LENGTH} characters`)
      .refine((n) => !/[\p{Cc}/\\]/u.test(n), 'A file name cannot contain / or \\ or control characters'),
    contentType: text().trim().max(255).optional(),
    contentBase64: text(),
  })
  .superRefine((a, ctx) => {
    const size = base64DecodedLength(a.contentBase64);
    if (size === null) {
      ctx.addIssue({
        code: 'custom',
        path: ['contentBase64'],
        message: `${a.name}: the content is not valid base64 (standard alphabet A–Z a–z 0–9 + /, padded with = to a multiple of 4, no line breaks)`,
      });
    } else if (size === 0) {
      ctx.addIssue({ code: 'custom', path: ['contentBase64'], message: `${a.name}: the file is empty` });
    } else if (size > ATTACHMENT_MAX_BYTES) {
      ctx.addIssue({
        code: 'custom',
        path: ['contentBase64'],
        message: `${a.name} is ${megabytes(size)} (${size} bytes); a single attachment must not exceed 10 MB (${ATTACHMENT_MAX_BYTES} bytes)`,
      });
    }
  });
export type IncomingAttachment = z.infer<typeof IncomingAttachment>;

const IncomingAttachments = z
  .array(IncomingAttachment)
  .max(ATTACHMENTS_PER_EVENT_MAX, `An event attaches at most ${ATTACHMENTS_PER_EVENT_MAX} files`)
  .superRefine((list, ctx) => {
    const total = list.reduce((sum, a) => sum + (base64DecodedLength(a.contentBase64) ?? 0), 0);
    if (total > ATTACHMENTS_PER_EVENT_MAX_BYTES) {
      ctx.addIssue({
        code: 'custom',
        message: `The attachments add up to ${megabytes(total)}; one event carries at most ${megabytes(ATTACHMENTS_PER_EVENT_MAX_BYTES)} of files`,
      });
    }
  });

// ---- the provider that carried a transfer ---------------------------------------------------------

/**
 * Why `provider` cannot have carried a transfer of `productType` (a SPEI provider on PIX, any
 * provider on a card payment), or null when it can. The ingestion answers it as a validation error.
 */
export function providerMismatchOf(provider: TransferProvider, productType: string): string | null {
  const allowed = providersOf(productType);
  if (allowed.includes(provider)) return null;
  const rail = (Object.keys(PROVIDER_RAILS) as ProviderRail[]).find((r) =>
    (PROVIDER_RAILS[r].providers as readonly string[]).includes(provider),
  );
  const or = (list: readonly string[]) => `${list.slice(0, -1).join(', ')} or ${list[list.length - 1]}`;
  return allowed.length === 0
    ? `${provider} carries ${rail} transfers, not ${productType}: leave provider out of a ${productType} transaction`
    : `${provider} carries ${rail} transfers, not ${productType}: a ${productType} transfer is carried by ${or(allowed)}`;
}

/**
 * The provider that carried (or carries) a SPEI or PIX transfer: `arcus`, `unipagos` or `stp` for
 * SPEI, `bs2`, `bexs` or `rendimento` for PIX. Optional in every event that takes it; a transfer
 * whose provider was never named offers no provider receipt (docs/decisions/0017-proof-provider.md).
 */
const ProviderField = TransferProviderSchema.optional();

/** The risk signals of a pay-in the platform saw. */
export const RiskSignalsSchema = z.object({
  ip: text()
    .trim()
    .max(64)
    .refine((v) => parseIpAddress(v) !== null, 'An IPv4 or IPv6 address')
    .optional(),
  deviceId: text()
    .regex(/^[A-Za-z0-9._:-]{4,128}$/, 'A device id is 4 to 128 letters, digits, . _ : or -')
    .optional(),
  score: z.number().int().min(SCORE_MIN).max(SCORE_MAX).optional(),
});
export type RiskSignals = z.infer<typeof RiskSignalsSchema>;

const TransactionCreatedFields = z.object({
  uniqueId: UniqueIdSchema,
  /** The merchant's own reference (order number). */
  merchantReference: text().trim().min(1).max(64),
  /** Set when the transaction belongs to one of the merchant's sub-merchants. */
  subMerchantCode: MerchantCodeSchema.optional(),
  transactionType: z.enum(CREATED_TRANSACTION_TYPES),
  status: z.enum(CREATED_STATUSES),
  country: CountrySchema,
  currency: CurrencySchema,
  productType: ProductTypeSchema,
  amount: PositiveCentsSchema,
  accountName: text().trim().min(1).max(128).optional(),
  payer: PartySchema.optional(),
  beneficiary: PartySchema.optional(),
  card: CardSchema.optional(),
  /** The payment link the payment was made through. */
  paymentLinkId: text()
    .regex(/^[A-Za-z0-9_-]{1,64}$/)
    .optional(),
  storeOrder: StoreOrderSchema.optional(),
  description: text().trim().max(256).optional(),
  /**
   * Files that go with the transaction (a payer's transfer receipt, a payout's invoice), stored with
   * the transaction in the same database transaction. At most ATTACHMENTS_PER_EVENT_MAX files of at
   * most 10 MB each, ATTACHMENTS_PER_EVENT_MAX_BYTES together.
   */
  attachments: IncomingAttachments.optional(),
  /** The provider that carries the transfer, when the platform knows it at creation (SPEI and PIX only). */
  provider: ProviderField,
  /**
   * What the platform's risk checks saw (pay-ins; docs/decisions/0028): the payer's IP address, the
   * device fingerprint and the platform's ML score (0 safe – 100 risky). The merchant's risk rules
   * decide on them; the decision comes back in the acknowledgement and at `/internal/v1/risk/decision`.
   */
  risk: RiskSignalsSchema.optional(),
});

/** `transaction.created`'s data; a provider must fit the product type. */
export const TransactionCreatedData = TransactionCreatedFields.superRefine((d, ctx) => {
  const mismatch = d.provider === undefined ? null : providerMismatchOf(d.provider, d.productType);
  if (mismatch !== null) ctx.addIssue({ code: 'custom', path: ['provider'], message: mismatch });
});
export type TransactionCreatedData = z.infer<typeof TransactionCreatedData>;

export const PlatformEvent = z.discriminatedUnion('type', [
  z.object({ ...base, type: z.literal('transaction.created'), data: TransactionCreatedData }),
  z.object({
    ...base,
    type: z.literal('transaction.status_changed'),
    data: z.object({ uniqueId: UniqueIdSchema, status: z.enum(PAYIN_STATUS_CHANGES), reason: Reason.optional() }),
  }),
  z.object({
    ...base,
    /**
     * The issuer or bank authorised the payment (card pay-ins before they settle; docs/decisions/0031):
     * the funnel stage rises to authorised (2) and `authorised_at` is set (to `authorisedAt`, by default
     * the event's time); the status does not change. Idempotent; refused like a status event on a
     * transaction that already failed, was rejected, expired or was cancelled.
     */
    type: z.literal('transaction.authorised'),
    data: z.object({ uniqueId: UniqueIdSchema, authorisedAt: InstantSchema.optional() }),
  }),
  z.object({
    ...base,
    type: z.literal('transaction.settled'),
    data: z
      .object({
        uniqueId: UniqueIdSchema,
        fee: NonNegativeCents,
        vat: NonNegativeCents,
        /** When the settled money becomes available to the merchant (settlement delay). */
        availableAt: InstantSchema,
        /** Part of the net withheld as a deposit (rolling reserve) until `depositReleaseAt`. */
        deposit: NonNegativeCents.default(0),
        depositReleaseAt: InstantSchema.optional(),
        exchangeRate: ExchangeRateSchema.optional(),
        e2eId: text().trim().min(1).max(64).optional(),
        /** The provider that carried the pay-in (SPEI and PIX; checked against the transaction's product type). */
        provider: ProviderField,
      })
      .refine((d) => d.deposit === 0 || d.depositReleaseAt !== undefined, {
        message: 'A deposit needs depositReleaseAt',
        path: ['depositReleaseAt'],
      }),
  }),
  z.object({
    ...base,
    type: z.literal('transaction.refunded'),
    data: z.object({
      /** The pay-in refunded. */
      uniqueId: UniqueIdSchema,
      /** The refund's own unique id (a REFUND transaction). */
      refundId: UniqueIdSchema,
      amount: PositiveCentsSchema,
      reason: Reason.optional(),
    }),
  }),
  z.object({
    ...base,
    type: z.literal('transaction.charged_back'),
    data: z.object({
      uniqueId: UniqueIdSchema,
      /** The chargeback's own unique id (a CHARGE_BACK transaction). */
      chargebackId: UniqueIdSchema,
      amount: PositiveCentsSchema,
      fee: NonNegativeCents.default(0),
      reason: Reason,
      /** The reason's category (docs/decisions/0028): it selects the evidence checklist. */
      reasonCode: ChargebackReasonCodeSchema.default('OTHER'),
      /** The defence deadline; by default the dispute date plus DEFENSE_DAYS_BY_BRAND of the card's brand. */
      respondBy: InstantSchema.optional(),
    }),
  }),
  z.object({
    ...base,
    type: z.literal('chargeback.won'),
    /** The network decided a defended chargeback for the merchant: the amount is credited back. */
    data: z.object({ chargebackId: UniqueIdSchema, reason: Reason.optional() }),
  }),
  z.object({
    ...base,
    type: z.literal('chargeback.lost'),
    /** The network decided for the cardholder (defended or not): the chargeback stands. */
    data: z.object({ chargebackId: UniqueIdSchema, reason: Reason.optional() }),
  }),
  z.object({
    ...base,
    type: z.literal('transaction.held'),
    data: z.object({ uniqueId: UniqueIdSchema, reason: Reason.optional() }),
  }),
  z.object({
    ...base,
    type: z.literal('transaction.unheld'),
    data: z.object({ uniqueId: UniqueIdSchema, reason: Reason.optional() }),
  }),
  z.object({
    ...base,
    type: z.literal('payout.status_changed'),
    data: z.object({
      uniqueId: UniqueIdSchema,
      status: z.enum(PAYOUT_STATUS_CHANGES),
      /** SETTLED: the payout's fee and VAT. */
      fee: NonNegativeCents.optional(),
      vat: NonNegativeCents.optional(),
      e2eId: text().trim().min(1).max(64).optional(),
      reason: Reason.optional(),
      /**
       * The provider that carries the payout (SPEI and PIX; checked against the transaction's
       * product type): a payout created in the dashboard learns it here, when the platform sends it.
       */
      provider: ProviderField,
    }),
  }),
  z.object({
    ...base,
    type: z.literal('global.topped_up'),
    data: z.object({ reference: UniqueIdSchema, amount: PositiveCentsSchema, remark: Reason.optional() }),
  }),
  z.object({
    ...base,
    type: z.literal('global.transferred_out'),
    data: z.object({
      reference: UniqueIdSchema,
      /** USD cents leaving the global account. */
      amount: PositiveCentsSchema,
      targetCountry: CountrySchema,
      targetAccountType: AccountTypeSchema,
      /** Local cents reaching the target account. */
      targetAmount: PositiveCentsSchema,
      exchangeRate: ExchangeRateSchema,
    }),
  }),
  // ---- accounting requests (docs/decisions/0027): the provider's operations team --------------
  z.object({
    ...base,
    type: z.literal('request.verified'),
    /** A top-up: the amount the provider received; the fee is taken from it and the rest credited. */
    data: z.object({ requestNo: RequestNoSchema, verifiedAmount: NonNegativeCents, transferTime: InstantSchema.optional() }),
  }),
  z.object({
    ...base,
    type: z.literal('request.rate_quoted'),
    /** An exchange: the rate (local per 1 USD) and until when the merchant can confirm it. */
    data: z.object({ requestNo: RequestNoSchema, rate: ExchangeRateSchema, expiresAt: InstantSchema }),
  }),
  z.object({
    ...base,
    type: z.literal('request.transfer_started'),
    /** A withdrawal: the money is on its way to the beneficiary account. */
    data: z.object({ requestNo: RequestNoSchema }),
  }),
  z.object({
    ...base,
    type: z.literal('request.completed'),
    /** A withdrawal in transfer, an exchange or a sub-merchant transfer PROCESSING is done. */
    data: z.object({ requestNo: RequestNoSchema, transferTime: InstantSchema.optional() }),
  }),
  z.object({
    ...base,
    type: z.literal('request.transfer_failed'),
    /** A withdrawal's transfer bounced (PAYMENT_FAILED): the money comes back. */
    data: z.object({ requestNo: RequestNoSchema, reason: Reason }),
  }),
  z.object({ ...base, type: z.literal('request.rejected'), data: z.object({ requestNo: RequestNoSchema, reason: Reason }) }),
  z.object({ ...base, type: z.literal('request.failed'), data: z.object({ requestNo: RequestNoSchema, reason: Reason }) }),
  // ---- support cases (docs/decisions/0029): the provider's support desk ------------------------
  z.object({
    ...base,
    type: z.literal('case.replied'),
    /** The provider answers a case (stored as a reply; the case's notification e-mail and its creator are told). */
    data: z.object({
      caseNo: CaseNoSchema,
      /** The agent's name, shown as the responder. */
      responder: text().trim().min(1, 'Name the responder').max(100),
      content: text()
        .trim()
        .min(1, 'A reply needs content')
        .max(CASE_REPLY_MAX_LENGTH, `A reply has at most ${CASE_REPLY_MAX_LENGTH} characters`),
      attachments: IncomingAttachments.optional(),
      /** The case's status after the reply; PROCESSING by default (SOLVED: the provider considers it solved). */
      status: z.enum(PROVIDER_REPLY_STATUSES).optional(),
    }),
  }),
  z.object({
    ...base,
    type: z.literal('case.status_changed'),
    /** The provider moves a case: PROCESSING (taken up), SOLVED, or CLOSED. */
    data: z.object({
      caseNo: CaseNoSchema,
      status: z.enum(PROVIDER_CASE_STATUSES),
      note: text().trim().min(1, 'Say why').max(500),
    }),
  }),
  z.object({
    ...base,
    type: z.literal('fx.rate_published'),
    /** The provider's indicative rate of a currency against USD (local per 1 USD); merchantCode is the provider's own. */
    data: z.object({ currency: CurrencySchema, rate: ExchangeRateSchema }),
  }),
]);
export type PlatformEvent = z.infer<typeof PlatformEvent>;
export type PlatformEventInput = z.input<typeof PlatformEvent>;
export type PlatformEventType = PlatformEvent['type'];
export const PLATFORM_EVENT_TYPES = PlatformEvent.options.map((o) => o.shape.type.value) as readonly PlatformEventType[];

/**
 * What became of an event: APPLIED (now, or before: `duplicate` says so), PARKED (its transaction
 * is not known yet; applied when it arrives), STALE (older than what is known; recorded only).
 */
export const EVENT_OUTCOMES = ['APPLIED', 'PARKED', 'STALE'] as const;
export const EventOutcomeSchema = z.enum(EVENT_OUTCOMES);
export type EventOutcome = z.infer<typeof EventOutcomeSchema>;

export const EventAck = z.object({
  eventId: EventIdSchema,
  outcome: EventOutcomeSchema,
  /** True when the id was seen before: nothing changed this time. */
  duplicate: z.boolean(),
  /** `transaction.created` of a pay-in: the risk decision of the merchant's rules (the platform follows it). */
  risk: RiskDecisionView.optional(),
});
export type EventAck = z.infer<typeof EventAck>;

// ---- payouts offered to the platform (outbox) ---------------------------------------------------

export const PayoutClaimRequest = z.object({
  /** How many payouts to take at most. */
  limit: z.number().int().min(1).max(100).default(20),
  /** How long they stay reserved for this caller before being offered again, in seconds. */
  leaseSeconds: z.number().int().min(5).max(3600).default(60),
});
export type PayoutClaimRequest = z.infer<typeof PayoutClaimRequest>;

/** A payout created in the dashboard, waiting for the platform to send it. */
export const OfferedPayout = z.object({
  uniqueId: UniqueIdSchema,
  merchantCode: text(),
  subMerchantCode: text().nullable(),
  transactionType: z.enum(['PAY_OUT', 'MARKET_PLACE_ORDERS']),
  country: CountrySchema,
  currency: CurrencySchema,
  productType: ProductTypeSchema,
  amount: PositiveCentsSchema,
  beneficiary: PartySchema,
  merchantReference: text(),
  createdAt: InstantSchema,
  /**
   * The fee and its VAT quoted to the merchant and reserved with the amount (docs/decisions/0025):
   * the platform settles with these figures (a settlement with others moves the difference from or
   * to the merchant's available balance). 0 for payouts without a quote.
   */
  fee: NonNegativeCents,
  vat: NonNegativeCents,
  /** How many times it was offered before (a lease that ran out). */
  attempts: z.number().int().min(0),
});
export type OfferedPayout = z.infer<typeof OfferedPayout>;

export const PayoutClaim = z.object({ list: z.array(OfferedPayout) });
export type PayoutClaim = z.infer<typeof PayoutClaim>;

// ---- accounting requests offered to the provider --------------------------------------------------

/** What the provider is asked to do with a request. */
export const PROVIDER_TASKS = ['VERIFY', 'QUOTE', 'TRANSFER', 'SETTLE'] as const;
export type ProviderTask = (typeof PROVIDER_TASKS)[number];

export const RequestClaimRequest = PayoutClaimRequest;
export type RequestClaimRequest = z.infer<typeof RequestClaimRequest>;

/**
 * A request waiting for the provider: VERIFY a top-up's wire, QUOTE an exchange rate, TRANSFER a
 * withdrawal, SETTLE a withdrawal in transfer, a confirmed exchange or a sub-merchant transfer.
 */
export const OfferedRequest = z.object({
  requestNo: z.string(),
  kind: RequestKindSchema,
  task: z.enum(PROVIDER_TASKS),
  merchantCode: z.string(),
  subMerchantCode: z.string().nullable(),
  country: CountrySchema,
  currency: CurrencySchema,
  mode: z.string().nullable(),
  status: z.string(),
  requestAmount: PositiveCentsSchema,
  side: z.string().nullable(),
  sellCurrency: CurrencySchema.nullable(),
  buyCurrency: CurrencySchema.nullable(),
  sellAmount: NonNegativeCents.nullable(),
  buyAmount: NonNegativeCents.nullable(),
  exchangeRate: z.string().nullable(),
  remittingBank: z.string().nullable(),
  transferTime: InstantSchema.nullable(),
  beneficiaryAccount: BeneficiaryAccount.nullable(),
  target: z.string().nullable(),
  createdAt: InstantSchema,
  attempts: z.number().int().min(0),
});
export type OfferedRequest = z.infer<typeof OfferedRequest>;

export const RequestClaim = z.object({ list: z.array(OfferedRequest) });
export type RequestClaim = z.infer<typeof RequestClaim>;

// ---- risk and chargebacks (docs/decisions/0028) ------------------------------------------------------

export const RiskDecisionRequest = z.object({ merchantCode: MerchantCodeSchema, uniqueId: UniqueIdSchema });
export type RiskDecisionRequest = z.infer<typeof RiskDecisionRequest>;

export const ChargebackClaimRequest = PayoutClaimRequest;
export type ChargebackClaimRequest = z.infer<typeof ChargebackClaimRequest>;

/** A defence submitted by the merchant, waiting for the provider to present it to the network. */
export const OfferedDefense = z.object({
  chargebackId: z.string(),
  payinUniqueId: z.string(),
  merchantCode: z.string(),
  country: CountrySchema,
  currency: CurrencySchema,
  amount: PositiveCentsSchema,
  reasonCode: ChargebackReasonCodeSchema,
  description: z.string(),
  /** Names and sizes of the appendices (the files are read in the dashboard's back office). */
  appendices: z.array(z.object({ name: z.string(), size: z.number().int() })),
  defendedAt: InstantSchema,
  deadline: InstantSchema,
  attempts: z.number().int().min(0),
});
export type OfferedDefense = z.infer<typeof OfferedDefense>;
export const ChargebackClaim = z.object({ list: z.array(OfferedDefense) });
export type ChargebackClaim = z.infer<typeof ChargebackClaim>;

// ---- support cases (docs/decisions/0029) ---------------------------------------------------------

export const CaseClaimRequest = PayoutClaimRequest;
export type CaseClaimRequest = z.infer<typeof CaseClaimRequest>;

/** A case waiting for the provider's answer: new, replied to by the merchant, or reopened. */
export const OfferedCase = z.object({
  caseNo: z.string(),
  merchantCode: z.string(),
  subMerchantCode: z.string().nullable(),
  country: CountrySchema,
  caseType: z.string(),
  transactionType: z.string().nullable(),
  productType: z.string().nullable(),
  title: z.string(),
  description: z.string(),
  transactionKey: z.string().nullable(),
  /** The linked transaction's unique id, when one matched. */
  transactionUniqueId: z.string().nullable(),
  e2eId: z.string().nullable(),
  clabe: z.string().nullable(),
  status: z.string(),
  /** The merchant's latest row of the thread (reply, reopen or the opening), to answer. */
  lastMerchantMessage: z.object({ kind: z.string(), content: z.string(), at: InstantSchema, by: z.string() }).nullable(),
  /** Names and sizes of the case's appendices (the files are read in the dashboard's back office). */
  appendices: z.array(z.object({ name: z.string(), size: z.number().int() })),
  createdAt: InstantSchema,
  attempts: z.number().int().min(0),
});
export type OfferedCase = z.infer<typeof OfferedCase>;
export const CaseClaim = z.object({ list: z.array(OfferedCase) });
export type CaseClaim = z.infer<typeof CaseClaim>;

// ---- payment links (docs/decisions/0035) -------------------------------------------------------------

export const PaymentLinkClaimRequest = PayoutClaimRequest;
export type PaymentLinkClaimRequest = z.infer<typeof PaymentLinkClaimRequest>;

/**
 * A payer chose to pay a link: the provider's checkout takes the payment and reports it through
 * `/internal/v1/events` as a pay-in with `paymentLinkId` (a settled one pays the link; a failed
 * one lets the payer try again).
 */
export const OfferedLinkPayment = z.object({
  linkId: z.string(),
  merchantCode: z.string(),
  subMerchantCode: z.string().nullable(),
  country: CountrySchema,
  currency: CurrencySchema,
  productType: ProductTypeSchema,
  amount: PositiveCentsSchema,
  description: z.string(),
  installments: z.number().int().nullable(),
  payerEmail: z.string().nullable(),
  /** When the payer chose to pay. */
  requestedAt: InstantSchema,
});
export type OfferedLinkPayment = z.infer<typeof OfferedLinkPayment>;
export const PaymentLinkClaim = z.object({ list: z.array(OfferedLinkPayment) });
export type PaymentLinkClaim = z.infer<typeof PaymentLinkClaim>;
