import { z } from 'zod';
import { DATE_PICKER_MONTHS_BACK } from '../common/constants.ts';
import { COUNTRY_INFO, type Country, CountrySchema, CurrencySchema } from '../common/countries.ts';
import { addMonths, type CalendarDate, DateRangeSchema, localDateRangeToUtc, todayIn } from '../common/dates.ts';
import { PRODUCT_TYPES, ProductTypeSchema, productTypesOf, type TransactionType } from '../common/enums.ts';
import { isUnique } from '../common/fields.ts';
import { CentsSchema } from '../common/money.ts';
import type { TransactionList } from '../transaction/enums.ts';
import type { TransactionAdvancedPageRequest } from '../transaction/schemas.ts';
import {
  type CardTokenFilter,
  FAIL_REASON_MAX_LENGTH,
  FAIL_REASON_TOP_DEFAULT,
  FAIL_REASON_TOP_MAX,
  FailReasonKindSchema,
  RevenueGranularitySchema,
  type RevenueTransactionType,
  RevenueTransactionTypeSchema,
} from './enums.ts';

/**
 * Revenue assurance's wire shapes (issue #14 item 3; docs/decisions/0031-revenue-assurance.md).
 * Every figure counts transactions by their created (submit) local date in the country's zone;
 * amounts are integer cents of the country's currency; rates are fractions 0..1 and null when
 * their denominator is 0. Every point carries the local dates it covers (`from`, `to`, clipped to
 * the request's range) so the screen can open the transaction list with the same filter
 * (`revenueDrillDown`), whose total equals the point's figure.
 */

export const REVENUE_MESSAGES = {
  rangeInFuture: 'The range cannot reach beyond today',
  rangeTooOld: `Revenue figures reach at most ${DATE_PICKER_MONTHS_BACK} months back, like the transaction lists`,
  productTypesRepeated: 'Each product type can be chosen once',
} as const;

export function revenueProductTypeMessage(productType: string, country: Country): string {
  return `${productType} is not a product type of ${country}`;
}

const ProductTypesField = z
  .array(ProductTypeSchema)
  .max(PRODUCT_TYPES.length, REVENUE_MESSAGES.productTypesRepeated)
  .refine(isUnique, REVENUE_MESSAGES.productTypesRepeated)
  .default([]);

const baseFields = {
  /** One of the caller's authorised countries. */
  country: CountrySchema,
  /** Inclusive local dates (`from`..`to`) within the transaction lists' searchable window (five months back to today). */
  range: DateRangeSchema,
  /** Any of these product types of the country; empty for all. */
  productTypes: ProductTypesField,
};

function checkProductTypes(value: { country: Country; productTypes: readonly string[] }, ctx: z.RefinementCtx): void {
  const allowed = new Set<string>(productTypesOf(value.country));
  value.productTypes.forEach((p, i) => {
    if (!allowed.has(p)) ctx.addIssue({ code: 'custom', message: revenueProductTypeMessage(p, value.country), path: ['productTypes', i] });
  });
}

/** The situation-analysis charts' request: country, range, transaction type (PAY_IN by default), product types. */
export const RevenueRequest = z
  .object({ ...baseFields, transactionType: RevenueTransactionTypeSchema.default('PAY_IN') })
  .superRefine(checkProductTypes);
export type RevenueRequest = z.input<typeof RevenueRequest>;
export type ParsedRevenueRequest = z.output<typeof RevenueRequest>;

/** The volume and success curve: the common request and a granularity (daily by default). */
export const RevenueCurveRequest = z
  .object({
    ...baseFields,
    transactionType: RevenueTransactionTypeSchema.default('PAY_IN'),
    granularity: RevenueGranularitySchema.default('daily'),
  })
  .superRefine(checkProductTypes);
export type RevenueCurveRequest = z.input<typeof RevenueCurveRequest>;
export type ParsedRevenueCurveRequest = z.output<typeof RevenueCurveRequest>;

/** The fail-reason ranking: the common request and how many reasons (`top`, default 10, at most 50). */
export const FailReasonRankingRequest = z
  .object({
    ...baseFields,
    transactionType: RevenueTransactionTypeSchema.default('PAY_IN'),
    top: z
      .number()
      .int('The number of reasons is a whole number')
      .min(1, 'Ask for at least one reason')
      .max(FAIL_REASON_TOP_MAX, `At most ${FAIL_REASON_TOP_MAX} reasons`)
      .default(FAIL_REASON_TOP_DEFAULT),
  })
  .superRefine(checkProductTypes);
export type FailReasonRankingRequest = z.input<typeof FailReasonRankingRequest>;
export type ParsedFailReasonRankingRequest = z.output<typeof FailReasonRankingRequest>;

/** The tokenization page: card pay-ins (PAY_IN only) of a country and range, per period. */
export const TokenizationRequest = z
  .object({ ...baseFields, granularity: RevenueGranularitySchema.default('daily') })
  .superRefine(checkProductTypes);
export type TokenizationRequest = z.input<typeof TokenizationRequest>;
export type ParsedTokenizationRequest = z.output<typeof TokenizationRequest>;

/**
 * The range rule both sides apply (the server with its clock): `to` not after today and `from`
 * not before today − five months, in the country's zone — the transaction lists' searchable
 * window, so every point drills down. Answers the refusal's message, or null.
 */
export function revenueRangeMessage(range: { from: CalendarDate; to: CalendarDate }, country: Country, now: Date | number): string | null {
  const today = todayIn(COUNTRY_INFO[country].timezoneName, now);
  if (range.to > today) return REVENUE_MESSAGES.rangeInFuture;
  if (range.from < addMonths(today, -DATE_PICKER_MONTHS_BACK)) return REVENUE_MESSAGES.rangeTooOld;
  return null;
}

// ---------------------------------------------------------------------------------------------
// Answers
// ---------------------------------------------------------------------------------------------

const Count = z.number().int().min(0);
/** A fraction 0..1; null when its denominator is 0. */
const Rate = z.number().nullable();
export const CountAmount = z.object({ count: Count, amount: CentsSchema });
export type CountAmount = z.infer<typeof CountAmount>;

/** The local dates a point covers. `period` is the period's first date (day, ISO Monday, 1st); `from`/`to` are clipped to the range. */
const PeriodFields = {
  period: z.string(),
  from: z.string(),
  to: z.string(),
};

/**
 * Volume and success figures. created: every transaction created; submitted: reached the payer's
 * submission (funnel stage ≥ 1); authorised: stage ≥ 2; settled: stage 3 (settled, refunding,
 * refunded or charged back). successRate = settled ÷ created; approvalRate = authorised ÷
 * submitted (payments abandoned before submission are never in the denominator).
 */
export const VolumeSuccessFigures = z.object({
  created: CountAmount,
  submitted: CountAmount,
  authorised: CountAmount,
  settled: CountAmount,
  successRate: Rate,
  approvalRate: Rate,
});
export type VolumeSuccessFigures = z.infer<typeof VolumeSuccessFigures>;

export const VolumeSuccessPoint = VolumeSuccessFigures.extend(PeriodFields);
export type VolumeSuccessPoint = z.infer<typeof VolumeSuccessPoint>;

export const VolumeSuccessChart = z.object({
  currency: CurrencySchema,
  granularity: RevenueGranularitySchema,
  points: z.array(VolumeSuccessPoint),
  /** The whole range. */
  total: VolumeSuccessFigures,
});
export type VolumeSuccessChart = z.infer<typeof VolumeSuccessChart>;

/**
 * Approval trend per period: submitted and authorised counts, the approval rate, and its change
 * from the period before (`delta` = approvalRate − previousApprovalRate, in fraction points; null
 * when either is null). The first point compares with the whole calendar period before it.
 */
export const ApprovalTrendPoint = z.object({
  ...PeriodFields,
  submitted: Count,
  authorised: Count,
  approvalRate: Rate,
  previousApprovalRate: Rate,
  delta: z.number().nullable(),
});
export type ApprovalTrendPoint = z.infer<typeof ApprovalTrendPoint>;

export const ApprovalTrend = z.object({
  granularity: RevenueGranularitySchema,
  points: z.array(ApprovalTrendPoint),
  /** The whole range: submitted, authorised and their rate. */
  total: z.object({ submitted: Count, authorised: Count, approvalRate: Rate }),
});
export type ApprovalTrend = z.infer<typeof ApprovalTrend>;

/**
 * The funnel created → submitted → authorised → settled (each: transactions that reached at least
 * that stage), the drop-off between neighbours (abandoned = created − submitted, declined =
 * submitted − authorised — including those still waiting —, unsettled = authorised − settled), and
 * the step rates (next ÷ previous).
 */
export const FunnelFigures = z.object({
  created: CountAmount,
  submitted: CountAmount,
  authorised: CountAmount,
  settled: CountAmount,
  dropOff: z.object({ abandoned: CountAmount, declined: CountAmount, unsettled: CountAmount }),
  submitRate: Rate,
  approvalRate: Rate,
  settleRate: Rate,
  /** settled ÷ created. */
  conversionRate: Rate,
});
export type FunnelFigures = z.infer<typeof FunnelFigures>;

export const ApprovalFunnel = z.object({
  currency: CurrencySchema,
  /** Every product type of the request together. */
  total: FunnelFigures,
  /** Per product type that had transactions, largest created count first. */
  byProductType: z.array(FunnelFigures.extend({ productType: ProductTypeSchema })),
});
export type ApprovalFunnel = z.infer<typeof ApprovalFunnel>;

/**
 * A fail reason of the ranking: transactions FAILED, REJECTED or EXPIRED with this normalised
 * reason ('' when none was given), their amount, their share of all failures of the range, the
 * soft/hard class (classifyFailReason), and the same reason in the previous range of equal length.
 * `trend` = (count − previousCount) ÷ previousCount (null when previousCount is 0).
 */
export const FailReasonEntry = z.object({
  reason: z.string().max(FAIL_REASON_MAX_LENGTH),
  kind: FailReasonKindSchema,
  count: Count,
  amount: CentsSchema,
  share: z.number(),
  previousCount: Count,
  previousShare: Rate,
  trend: z.number().nullable(),
});
export type FailReasonEntry = z.infer<typeof FailReasonEntry>;

export const FailReasonRanking = z.object({
  currency: CurrencySchema,
  /** All failures of the range (every reason, not only the top ones). */
  total: CountAmount,
  /** All failures of the previous range. */
  previousTotal: CountAmount,
  /** The range compared with: the same number of days just before the request's. */
  previousRange: z.object({ from: z.string(), to: z.string() }),
  /** Failures of the range by class. */
  soft: CountAmount,
  hard: CountAmount,
  /** The top reasons by count (ties: larger amount, then reason text). */
  reasons: z.array(FailReasonEntry),
});
export type FailReasonRanking = z.infer<typeof FailReasonRanking>;

/** Card pay-ins of one kind (with a network token or with the card number): created, submitted, authorised, and the approval rate. */
export const TokenGroupFigures = z.object({
  created: CountAmount,
  submitted: Count,
  authorised: Count,
  approvalRate: Rate,
});
export type TokenGroupFigures = z.infer<typeof TokenGroupFigures>;

/**
 * Tokenization figures: card pay-ins with a token and without (PAN), the token share (token ÷
 * card pay-ins created), and `uplift` = token approval rate − PAN approval rate (null when either
 * is null).
 */
export const TokenizationFigures = z.object({
  token: TokenGroupFigures,
  pan: TokenGroupFigures,
  tokenShare: Rate,
  uplift: z.number().nullable(),
});
export type TokenizationFigures = z.infer<typeof TokenizationFigures>;

export const TokenizationStatistics = z.object({
  currency: CurrencySchema,
  granularity: RevenueGranularitySchema,
  points: z.array(TokenizationFigures.extend(PeriodFields)),
  total: TokenizationFigures,
});
export type TokenizationStatistics = z.infer<typeof TokenizationStatistics>;

// ---------------------------------------------------------------------------------------------
// Drill-down
// ---------------------------------------------------------------------------------------------

/** The transaction list showing each type. */
export const REVENUE_LIST_OF: Readonly<Record<RevenueTransactionType, TransactionList>> = {
  PAY_IN: 'payin',
  PAY_OUT: 'payout',
  MARKET_PLACE_ORDERS: 'market-place',
};

/** What a figure counts, as the list's extra conditions. */
export interface RevenueDrillDownCondition {
  /** Reached at least this stage: 1 submitted, 2 authorised, 3 settled; absent for created. */
  funnelStageMin?: 1 | 2 | 3;
  /** Card pay-ins with a network token or with the card number. */
  cardToken?: CardTokenFilter;
  /** A normalised fail reason (FAILED, REJECTED or EXPIRED with it); '' for failures without one. */
  failReason?: string;
}

/**
 * The advanced transaction list request whose total equals a figure: the figure's country,
 * transaction type and product types, the local dates `from`..`to` of its point (or the range) as
 * the zone's instants, and its condition. Counts (not amounts) are what the list's total shows.
 */
export function revenueDrillDown(
  request: { country: Country; transactionType?: RevenueTransactionType; productTypes?: readonly string[] },
  dates: { from: CalendarDate; to: CalendarDate },
  condition: RevenueDrillDownCondition = {},
): TransactionAdvancedPageRequest {
  const transactionType = request.transactionType ?? 'PAY_IN';
  return {
    list: REVENUE_LIST_OF[transactionType],
    transactionType: transactionType as TransactionType,
    country: request.country,
    createdAt: localDateRangeToUtc(COUNTRY_INFO[request.country].timezoneName, dates.from, dates.to),
    productTypes: [...(request.productTypes ?? [])] as TransactionAdvancedPageRequest['productTypes'],
    ...condition,
  };
}
