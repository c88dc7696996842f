import { z } from 'zod';
import { AccountTypeSchema } from '../account/enums.ts';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../common/constants.ts';
import { CountrySchema, CurrencySchema } from '../common/countries.ts';
import { CalendarDateSchema, DateRangeSchema } from '../common/dates.ts';
import { AccountBillTypeSchema, FeeRelatedTypeSchema, TransactionTypeSchema } from '../common/enums.ts';
import { InstantSchema, RecordId, SearchText } from '../common/fields.ts';
import { CentsSchema } from '../common/money.ts';
import { PageRequest, pageOf } from '../common/page.ts';
import { ReportFormatSchema } from '../download-center/enums.ts';
import { TransactionId } from '../transaction/schemas.ts';
import { ReportPageSchema, StatementCategorySchema, StatementEventSchema, StatementItemSchema } from './enums.ts';

/**
 * Finance statements, tax details, reconciliation and daily reports (issue #10). Every period is
 * a range of local dates in the account's country zone (COUNTRY_INFO[country].timezoneName),
 * both inclusive, at most FINANCE_MAX_SPAN_DAYS long, not after today there and not before
 * FINANCE_MONTHS_BACK months back; every answer names its zone.
 */

/** Ledger ids are bigint identities: any safe positive integer. */
const LedgerId = z.number().int().min(1).refine(Number.isSafeInteger, 'Not a valid id');

/**
 * Whose account: a merchant user may name one of its sub-merchants (default: the merchant itself);
 * a sub-merchant user always gets its own (naming another holder answers NOT_FOUND).
 */
const holderField = { subMerchantId: RecordId.optional() };

/** The account of a statement: the holder's account of one country and type. */
export const AccountSelector = z.object({
  country: CountrySchema,
  accountType: AccountTypeSchema,
  ...holderField,
});
export type AccountSelector = z.infer<typeof AccountSelector>;

/** The statement's filter (the search bar): period, type, category, a transaction's id or reference. */
const statementFilterFields = {
  ...AccountSelector.shape,
  /** Local dates of the booking; default the last week (DEFAULT_DATE_RANGE_DAYS) to today. */
  range: DateRangeSchema.optional(),
  type: FeeRelatedTypeSchema.optional(),
  category: StatementCategorySchema.optional(),
  /** A transaction's unique id or merchant reference, or a global movement's reference (exact). */
  keyword: SearchText,
};

export const StatementPageRequest = PageRequest.extend(statementFilterFields);
export type StatementPageRequest = z.input<typeof StatementPageRequest>;

/** One movement of the account's book balance. */
export const StatementLine = z.object({
  id: LedgerId,
  /** When it was booked: the event's time, or the account's previous booking when the event came late (never before it). */
  bookedAt: InstantSchema,
  /** `bookedAt` as a local date in the account's zone. */
  localDate: CalendarDateSchema,
  type: FeeRelatedTypeSchema,
  event: StatementEventSchema,
  item: StatementItemSchema,
  category: StatementCategorySchema,
  /** The transaction the entry is about (null for a global movement): its id opens its detail. */
  transactionId: TransactionId.nullable(),
  transactionUniqueId: z.string().nullable(),
  merchantReference: z.string().nullable(),
  transactionType: TransactionTypeSchema.nullable(),
  productType: z.string().nullable(),
  /** A global movement's reference (top-up, transfer out). */
  reference: z.string().nullable(),
  /** Cents into the account (≥ 0); exactly one of amountIn and amountOut is non-zero. */
  amountIn: CentsSchema,
  amountOut: CentsSchema,
  /** The book balance right after this line (negative when the holder owes more than it has). */
  balanceAfter: CentsSchema,
});
export type StatementLine = z.infer<typeof StatementLine>;

/** The period above the list: opening + credits − debits = closing, for the whole period (not only the filtered lines). */
export const StatementPeriod = z.object({
  accountNo: z.string().nullable(),
  currency: CurrencySchema,
  timezoneName: z.string(),
  range: DateRangeSchema,
  openingBalance: CentsSchema,
  credits: CentsSchema,
  debits: CentsSchema,
  closingBalance: CentsSchema,
  lineCount: z.number().int().min(0),
});
export type StatementPeriod = z.infer<typeof StatementPeriod>;

export const StatementPage = pageOf(StatementLine).extend({ period: StatementPeriod });
export type StatementPage = z.infer<typeof StatementPage>;

/** `/dashboard/fiance/account-details/download`: the filtered statement as a file (oldest first, with the period's opening and closing). */
const statementExportFields = {
  ...statementFilterFields,
  format: ReportFormatSchema,
  language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
};
export const StatementDownloadRequest = z.object(statementExportFields);
export type StatementDownloadRequest = z.input<typeof StatementDownloadRequest>;

/** The same queued in the download center: an idempotency key per dialog answers the same task again. */
export const StatementExportTaskRequest = z.object({
  ...statementExportFields,
  idempotencyKey: z.uuid({ error: 'Not a valid idempotency key' }),
});
export type StatementExportTaskRequest = z.input<typeof StatementExportTaskRequest>;

// ---------------------------------------------------------------------------------------------
// Fees and taxes
// ---------------------------------------------------------------------------------------------

/** `/dashboard/fiance/transaction-tax/detail`: one transaction (by unique id or merchant reference) or a period. */
export const TaxDetailRequest = z
  .object({
    ...AccountSelector.shape,
    transactionKey: SearchText,
    range: DateRangeSchema.optional(),
  })
  .refine((r) => r.transactionKey !== undefined || r.range !== undefined, {
    message: 'Name a transaction or a period',
    path: ['range'],
  });
export type TaxDetailRequest = z.input<typeof TaxDetailRequest>;

/** Fees and taxes per kind and event, in cents (positive: what was charged; a refund of a charge is negative). */
export const TaxDetailRow = z.object({
  item: z.enum(['FEE', 'VAT']),
  event: StatementEventSchema,
  amount: CentsSchema,
  count: z.number().int().min(0),
});

export const TaxDetail = z.object({
  currency: CurrencySchema,
  timezoneName: z.string(),
  /** The period, or null for a transaction. */
  range: DateRangeSchema.nullable(),
  /** The transaction, or null for a period. */
  transaction: z
    .object({
      id: TransactionId,
      uniqueId: z.string(),
      merchantReference: z.string(),
      transactionType: TransactionTypeSchema,
      amount: CentsSchema,
      /** The transaction's own fee and VAT columns, as the platform reported them. */
      fee: CentsSchema,
      vat: CentsSchema,
    })
    .nullable(),
  rows: z.array(TaxDetailRow),
  totals: z.object({ fee: CentsSchema, vat: CentsSchema, total: CentsSchema }),
});
export type TaxDetail = z.infer<typeof TaxDetail>;

// ---------------------------------------------------------------------------------------------
// Reconciliation (not named by the spec: docs/decisions/0026)
// ---------------------------------------------------------------------------------------------

export const ReconciliationRequest = z.object({ ...AccountSelector.shape, range: DateRangeSchema.optional() });
export type ReconciliationRequest = z.input<typeof ReconciliationRequest>;

/**
 * One figure of the period three ways: the statement's lines, the ledger's postings of the same
 * entries on the account, and the transactions' own amount, fee and VAT columns (null where the
 * figure is not about transactions, like FX). `difference` is statement − postings (and −
 * transactions): zero when everything agrees.
 */
export const ReconciliationRow = z.object({
  category: StatementCategorySchema,
  count: z.number().int().min(0),
  statement: CentsSchema,
  postings: CentsSchema,
  transactions: CentsSchema.nullable(),
  difference: CentsSchema,
});
export type ReconciliationRow = z.infer<typeof ReconciliationRow>;

export const Reconciliation = z.object({
  currency: CurrencySchema,
  timezoneName: z.string(),
  range: DateRangeSchema,
  rows: z.array(ReconciliationRow),
  /** Opening + the period's lines = closing, and every day's closing is the next day's opening. */
  chain: z.object({
    openingBalance: CentsSchema,
    movements: CentsSchema,
    closingBalance: CentsSchema,
    /** Days whose opening is not the previous day's closing, or whose lines do not add up (empty when sound). */
    brokenDays: z.array(CalendarDateSchema),
  }),
  /** True when every difference is zero and no day is broken. */
  balanced: z.boolean(),
  checkedAt: InstantSchema,
});
export type Reconciliation = z.infer<typeof Reconciliation>;

// ---------------------------------------------------------------------------------------------
// Daily reports
// ---------------------------------------------------------------------------------------------

/**
 * The report page asking (REPORT_PAGE_INFO): it says whose transactions a TRANSACTION report counts
 * — the payment-link, Shopify and Shoplazza pages count their channel's pay-ins, the pay-in page all
 * pay-ins — and which permission the request needs. Absent: the page of the bill type (PAYMENT_LINK,
 * SHOPIFY, SHOPLAZZA), else the account type's page. A page that does not offer the account type
 * and bill type is refused (FINANCE_MESSAGES.billTypeNotOnPage).
 */
const reportPageField = { page: ReportPageSchema.optional() };

/**
 * `/dashboard/report/daily-finance/page`: one row per local day of the period, newest first.
 * Bill type ACCOUNT: the account's daily statement with balances. PAYMENT_LINK, SHOPIFY and
 * SHOPLAZZA: the money of those payments on the PAY_IN account (no balance of their own).
 * TRANSACTION: the transactions created each day. The cursor is the last date of the page.
 */
export const DailyReportRequest = PageRequest.extend({
  country: CountrySchema,
  accountType: AccountTypeSchema,
  billType: AccountBillTypeSchema,
  ...holderField,
  range: DateRangeSchema.optional(),
  ...reportPageField,
});
export type DailyReportRequest = z.input<typeof DailyReportRequest>;

/** Money booked on a day, by column (signed as it moves the balance: payouts, refunds, fees… are negative). */
export const DailyMoneyRow = z.object({
  date: CalendarDateSchema,
  /** ACCOUNT only: the book balance at the start and the end of the local day. */
  openingBalance: CentsSchema.nullable(),
  closingBalance: CentsSchema.nullable(),
  payin: CentsSchema,
  payout: CentsSchema,
  refund: CentsSchema,
  chargeback: CentsSchema,
  fee: CentsSchema,
  tax: CentsSchema,
  fx: CentsSchema,
  /** Top-ups, withdrawals, transfers and adjustments. */
  other: CentsSchema,
  /** The sum of the columns: closing − opening for an ACCOUNT row. */
  net: CentsSchema,
  payinCount: z.number().int().min(0),
  payoutCount: z.number().int().min(0),
  refundCount: z.number().int().min(0),
  chargebackCount: z.number().int().min(0),
});
export type DailyMoneyRow = z.infer<typeof DailyMoneyRow>;

/** Transactions created on a day (bill type TRANSACTION). */
export const DailyTransactionRow = z.object({
  date: CalendarDateSchema,
  count: z.number().int().min(0),
  amount: CentsSchema,
  /** SETTLED, REFUNDING, REFUNDED or CHARGED_BACK (the payment went through). */
  successCount: z.number().int().min(0),
  successAmount: CentsSchema,
  failedCount: z.number().int().min(0),
  fee: CentsSchema,
  vat: CentsSchema,
});
export type DailyTransactionRow = z.infer<typeof DailyTransactionRow>;

const reportHead = {
  currency: CurrencySchema,
  timezoneName: z.string(),
  range: DateRangeSchema,
  accountNo: z.string().nullable(),
  /** False when the merchant's bill includes its sub-merchants' accounts (subMerchantDividedBill off). */
  divided: z.boolean(),
  total: z.number().int().min(0),
  nextCursor: z.string().nullable(),
};

export const DailyReportPage = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('MONEY'),
    billType: AccountBillTypeSchema,
    ...reportHead,
    list: z.array(DailyMoneyRow),
    /** The whole period (not only this page): first opening, column sums, last closing. */
    totals: DailyMoneyRow.omit({ date: true }),
  }),
  z.object({
    kind: z.literal('TRANSACTIONS'),
    billType: AccountBillTypeSchema,
    ...reportHead,
    list: z.array(DailyTransactionRow),
    totals: DailyTransactionRow.omit({ date: true }),
  }),
]);
export type DailyReportPage = z.infer<typeof DailyReportPage>;

/** `/dashboard/report/daily/download` and `/daily-finance-link/generate`: the whole period as a file. */
export const DailyReportDownloadRequest = z.object({
  country: CountrySchema,
  accountType: AccountTypeSchema,
  billType: AccountBillTypeSchema,
  ...holderField,
  range: DateRangeSchema.optional(),
  ...reportPageField,
  format: ReportFormatSchema,
  language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
});
export type DailyReportDownloadRequest = z.input<typeof DailyReportDownloadRequest>;

/** A shareable link: a plain GET (no sign-in) downloads the report once, until `expiresAt`. */
export const ReportLink = z.object({ url: z.string(), expiresAt: InstantSchema });
export type ReportLink = z.infer<typeof ReportLink>;
