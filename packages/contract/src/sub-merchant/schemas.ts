import { z } from 'zod';
import { DEFAULT_LANGUAGE, LANGUAGES } from '../common/constants.ts';
import { CountrySchema, CurrencySchema } from '../common/countries.ts';
import { CalendarDateSchema, DateRangeSchema } from '../common/dates.ts';
import { RecordId, SearchText } from '../common/fields.ts';
import { CentsSchema } from '../common/money.ts';
import { PageRequest, pageOf } from '../common/page.ts';
import { ReportFormatSchema } from '../download-center/enums.ts';

/** The sub-merchant list of shared widgets (spec §3 "Sub-merchant list entry"). */
export const SubMerchantListRequest = z.object({
  /** The merchant whose sub-merchants to list: the caller's own (another answers NOT_FOUND). */
  merchantId: RecordId,
});
export type SubMerchantListRequest = z.infer<typeof SubMerchantListRequest>;

export const SubMerchantOption = z.object({
  subMerchantId: RecordId,
  subMerchantName: z.string(),
});
export type SubMerchantOption = z.infer<typeof SubMerchantOption>;

export const SubMerchantList = z.array(SubMerchantOption);

// ---------------------------------------------------------------------------------------------
// Sub-accounts and their daily summaries (issue #10)
// ---------------------------------------------------------------------------------------------

/** `/dashboard/sub-merchant/sub-account/page`: the caller's sub-merchants' accounts (a sub-merchant user: its own). */
export const SubAccountPageRequest = PageRequest.extend({
  country: CountrySchema.optional(),
  /** Part of the name, or the id (exact). */
  keyword: SearchText,
});
export type SubAccountPageRequest = z.input<typeof SubAccountPageRequest>;

/** Spec §3 sub-merchant: name, id, country, balance — one row per sub-merchant and country (its PAY_IN account). */
export const SubAccount = z.object({
  subMerchantId: RecordId,
  subMerchantName: z.string(),
  subMerchantCode: z.string(),
  country: CountrySchema,
  currency: CurrencySchema,
  accountNo: z.string(),
  /** The book balance (every bucket) and, of it, what is available now and what is pending settlement. */
  balance: CentsSchema,
  available: CentsSchema,
  pending: CentsSchema,
});
export type SubAccount = z.infer<typeof SubAccount>;

export const SubAccountPage = pageOf(SubAccount);
export type SubAccountPage = z.infer<typeof SubAccountPage>;

/** `/dashboard/sub-merchant/sub-account/daily-transaction/summary` and `/download`. */
export const SubAccountSummaryRequest = z.object({
  subMerchantId: RecordId,
  country: CountrySchema,
  /** Local dates in the country's zone; default the last week. At most FINANCE_MAX_SPAN_DAYS. */
  range: DateRangeSchema.optional(),
});
export type SubAccountSummaryRequest = z.input<typeof SubAccountSummaryRequest>;

/** Spec §3 daily summary, plus refunds and chargebacks (so that begin + the columns = end). */
export const SubAccountSummaryRow = z.object({
  date: CalendarDateSchema,
  beginBalance: CentsSchema,
  payin: CentsSchema,
  refund: CentsSchema,
  chargeback: CentsSchema,
  payout: CentsSchema,
  withdrawal: CentsSchema,
  fee: CentsSchema,
  tax: CentsSchema,
  /** FX, top-ups, transfers and adjustments. */
  other: CentsSchema,
  endBalance: CentsSchema,
});
export type SubAccountSummaryRow = z.infer<typeof SubAccountSummaryRow>;

export const SubAccountSummary = z.object({
  subMerchantId: RecordId,
  subMerchantName: z.string(),
  country: CountrySchema,
  currency: CurrencySchema,
  timezoneName: z.string(),
  accountNo: z.string().nullable(),
  range: DateRangeSchema,
  /** Newest first, one per local day. */
  rows: z.array(SubAccountSummaryRow),
  totals: SubAccountSummaryRow.omit({ date: true }),
});
export type SubAccountSummary = z.infer<typeof SubAccountSummary>;

export const SubAccountSummaryDownloadRequest = SubAccountSummaryRequest.extend({
  format: ReportFormatSchema,
  language: z.enum(LANGUAGES).default(DEFAULT_LANGUAGE),
});
export type SubAccountSummaryDownloadRequest = z.input<typeof SubAccountSummaryDownloadRequest>;
