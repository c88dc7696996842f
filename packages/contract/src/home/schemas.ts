import { z } from 'zod';
import { AccountTypeSchema } from '../account/enums.ts';
import { Balances } from '../account/schemas.ts';
import { CountrySchema, CurrencySchema } from '../common/countries.ts';
import { CalendarDateSchema, DATE_RANGE_ORDER_MESSAGE, daysBetween } from '../common/dates.ts';
import { ProductSchema, ProductTypeSchema } from '../common/enums.ts';
import { InstantSchema, RecordId } from '../common/fields.ts';
import { CentsSchema } from '../common/money.ts';
import { HOME_CHART_MAX_DAYS } from './constants.ts';

/**
 * Home (`/home`): balances and charts of one authorised country, in its currency and time zone.
 * Dates are calendar dates in the country's time zone; amounts are integer cents. Sub-merchant
 * users see their own sub-merchant's figures, merchant users the merchant's with its sub-merchants'.
 */

export const CountryRequest = z.object({ country: CountrySchema });
export type CountryRequest = z.infer<typeof CountryRequest>;

export const CHART_RANGE_TOO_LONG_MESSAGE = `A chart covers at most ${HOME_CHART_MAX_DAYS} days`;

/** A country and an inclusive range of its calendar dates (at most HOME_CHART_MAX_DAYS days). */
export const ChartRangeRequest = z
  .object({ country: CountrySchema, from: CalendarDateSchema, to: CalendarDateSchema, product: ProductSchema.optional() })
  .refine((r) => r.to >= r.from, { message: DATE_RANGE_ORDER_MESSAGE, path: ['to'] })
  .refine((r) => r.to < r.from || daysBetween(r.from, r.to) < HOME_CHART_MAX_DAYS, { message: CHART_RANGE_TOO_LONG_MESSAGE, path: ['to'] });
export type ChartRangeRequest = z.infer<typeof ChartRangeRequest>;

// ---- balances ---------------------------------------------------------------------------------

export const BalanceByType = z.object({ accountType: AccountTypeSchema, balances: Balances });
export type BalanceByType = z.infer<typeof BalanceByType>;

/** `/home/account/balance/query`: the country's balances in total and per account type. */
export const BalanceQuery = z.object({
  country: CountrySchema,
  currency: CurrencySchema,
  total: Balances,
  byType: z.array(BalanceByType),
  asOf: InstantSchema,
});
export type BalanceQuery = z.infer<typeof BalanceQuery>;

export const BalanceDetailRequest = z.object({ country: CountrySchema, accountType: AccountTypeSchema });
export type BalanceDetailRequest = z.infer<typeof BalanceDetailRequest>;

/** `/home/account/balance/detail`: one account type, split by holder (merchant, each sub-merchant). */
export const BalanceDetail = z.object({
  country: CountrySchema,
  currency: CurrencySchema,
  accountType: AccountTypeSchema,
  total: Balances,
  accounts: z.array(
    z.object({
      accountId: RecordId,
      accountNo: z.string(),
      holderName: z.string(),
      subMerchant: z.boolean(),
      balances: Balances,
    }),
  ),
});
export type BalanceDetail = z.infer<typeof BalanceDetail>;

/** `/home/pending/balance/info`: what is pending, on hold, and when pending money becomes available. */
export const PendingBalanceInfo = z.object({
  country: CountrySchema,
  currency: CurrencySchema,
  pending: CentsSchema,
  onHold: CentsSchema,
  /** Transactions on hold now. */
  heldCount: z.number().int().min(0),
  /** Pending money by the local date it becomes available, earliest first (at most 31 dates). */
  upcoming: z.array(z.object({ date: CalendarDateSchema, amount: CentsSchema, count: z.number().int().min(0) })),
});
export type PendingBalanceInfo = z.infer<typeof PendingBalanceInfo>;

// ---- products ---------------------------------------------------------------------------------

/** Spec §3 product list entry: code, show, open, id (plus the product it belongs to). */
export const ProductEntry = z.object({
  id: RecordId,
  code: ProductTypeSchema,
  product: ProductSchema,
  /** Shown on Home (the merchant has used it in the last 90 days or has it open). */
  show: z.boolean(),
  /** Enabled for the merchant. */
  open: z.boolean(),
});
export type ProductEntry = z.infer<typeof ProductEntry>;

export const ProductList = z.object({ list: z.array(ProductEntry) });
export type ProductList = z.infer<typeof ProductList>;

// ---- charts -----------------------------------------------------------------------------------

/** Figures of a set of transactions: how many, their amount, and how many of them succeeded. */
export const Figures = z.object({
  count: z.number().int().min(0),
  amount: CentsSchema,
  successCount: z.number().int().min(0),
  successAmount: CentsSchema,
});
export type Figures = z.infer<typeof Figures>;

export const DailyPoint = Figures.extend({ date: CalendarDateSchema });
export type DailyPoint = z.infer<typeof DailyPoint>;

/** `/home/transaction/line-chart`: one point per day of the range (zero-filled). */
export const TransactionLineChart = z.object({ currency: CurrencySchema, points: z.array(DailyPoint) });
export type TransactionLineChart = z.infer<typeof TransactionLineChart>;

export const DayOfHistoryRequest = z.object({ country: CountrySchema, date: CalendarDateSchema });
export type DayOfHistoryRequest = z.infer<typeof DayOfHistoryRequest>;

/** `/home/transaction/day-of-history`: one past day per product, beside the same weekday a week before. */
export const DayOfHistory = z.object({
  currency: CurrencySchema,
  date: CalendarDateSchema,
  compareDate: CalendarDateSchema,
  rows: z.array(z.object({ product: ProductSchema, day: Figures, compare: Figures })),
});
export type DayOfHistory = z.infer<typeof DayOfHistory>;

/** `/home/transaction/amount/summary`: what moved in the range, per kind of transaction. */
export const AmountSummary = z.object({
  currency: CurrencySchema,
  payin: Figures,
  payout: Figures,
  marketplace: Figures,
  refund: z.object({ count: z.number().int().min(0), amount: CentsSchema }),
  chargeback: z.object({ count: z.number().int().min(0), amount: CentsSchema }),
  /** Fees and VAT charged on the range's successful transactions. */
  fee: CentsSchema,
  vat: CentsSchema,
});
export type AmountSummary = z.infer<typeof AmountSummary>;

/** `/home/transaction-product/pie-chart`: the range's transactions per product type. */
export const ProductPieChart = z.object({
  currency: CurrencySchema,
  slices: z.array(Figures.extend({ productType: ProductTypeSchema })),
});
export type ProductPieChart = z.infer<typeof ProductPieChart>;

/** `/home/transaction-product/line-chart`: daily points per product type (zero-filled). */
export const ProductLineChart = z.object({
  currency: CurrencySchema,
  series: z.array(z.object({ productType: ProductTypeSchema, points: z.array(DailyPoint) })),
});
export type ProductLineChart = z.infer<typeof ProductLineChart>;

export const RealTimeRequest = z.object({ country: CountrySchema, product: ProductSchema.optional() });
export type RealTimeRequest = z.infer<typeof RealTimeRequest>;

export const HourPoint = z.object({
  hour: z.number().int().min(0).max(23),
  count: z.number().int().min(0),
  amount: CentsSchema,
});
export type HourPoint = z.infer<typeof HourPoint>;

/**
 * `/home/real-time/line-chart`: today's successful amount per local hour so far, beside
 * yesterday's whole day, each hour's own figures (the chart accumulates them).
 */
export const RealTimeLineChart = z.object({
  currency: CurrencySchema,
  timezoneName: z.string(),
  today: CalendarDateSchema,
  todayPoints: z.array(HourPoint),
  yesterdayPoints: z.array(HourPoint),
  asOf: InstantSchema,
});
export type RealTimeLineChart = z.infer<typeof RealTimeLineChart>;

export const AccountingCalendarRequest = z.object({
  country: CountrySchema,
  /** `YYYY-MM`. */
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Enter a month as YYYY-MM'),
});
export type AccountingCalendarRequest = z.infer<typeof AccountingCalendarRequest>;

/**
 * `/home/accounting/calendar`: per local date of the month, the settled money that became
 * available (released) or will (scheduled), and how many settlements that is.
 */
export const AccountingCalendar = z.object({
  currency: CurrencySchema,
  month: z.string(),
  days: z.array(
    z.object({
      date: CalendarDateSchema,
      released: CentsSchema,
      scheduled: CentsSchema,
      count: z.number().int().min(0),
    }),
  ),
});
export type AccountingCalendar = z.infer<typeof AccountingCalendar>;

/** `/home/message/unread/count` (spec §3 unread messages response). */
export const UnreadCount = z.object({ count: z.number().int().min(0) });
export type UnreadCount = z.infer<typeof UnreadCount>;
