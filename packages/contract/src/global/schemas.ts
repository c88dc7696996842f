import { z } from 'zod';
import { AccountTypeSchema } from '../account/enums.ts';
import { CountrySchema, CurrencySchema } from '../common/countries.ts';
import { DateRangeSchema, TimeZoneSchema } from '../common/dates.ts';
import { GlobalBalanceBusinessTypeSchema } from '../common/enums.ts';
import { InstantSchema, RecordId } from '../common/fields.ts';
import { CentsSchema } from '../common/money.ts';
import { PageRequest, pageOf } from '../common/page.ts';
import { ExchangeRateSchema } from '../transaction/parts.ts';

/**
 * The global account: the merchant's cross-border funds in USD. Money arrives by top-up (TOPUP)
 * and leaves to a local account of the merchant in one country, converted at the day's rate
 * (TRANSFER_OUT). Only merchant users have one; sub-merchants do not.
 */

/** Spec §3 global account option: a country and account type funds can be sent to. */
export const GlobalAccountOption = z.object({ countryCode: CountrySchema, transactionTypeCode: AccountTypeSchema });
export type GlobalAccountOption = z.infer<typeof GlobalAccountOption>;

export const GlobalAccountInfo = z.object({
  accountId: RecordId,
  accountNo: z.string(),
  currency: CurrencySchema,
  /** Balance in the account (available plus what is reserved for transfers in flight). */
  balance: CentsSchema,
  available: CentsSchema,
  /** Reserved for transfers out not yet completed. */
  unavailable: CentsSchema,
  /** Top-ups and transfers out in the last 30 days. */
  last30Days: z.object({ topup: CentsSchema, transferOut: CentsSchema }),
  options: z.array(GlobalAccountOption),
  asOf: InstantSchema,
});
export type GlobalAccountInfo = z.infer<typeof GlobalAccountInfo>;

export const GlobalStatementRequest = PageRequest.extend({
  businessType: GlobalBalanceBusinessTypeSchema.optional(),
  targetCountry: CountrySchema.optional(),
  /** Local dates in the caller's selected time zone (`timezoneName`); default the last week. */
  range: DateRangeSchema.optional(),
  timezoneName: TimeZoneSchema.optional(),
});
export type GlobalStatementRequest = z.infer<typeof GlobalStatementRequest>;

/** Spec §3 global balance statement line, newest first. */
export const GlobalStatementLine = z.object({
  id: RecordId,
  businessType: GlobalBalanceBusinessTypeSchema,
  /** The platform's reference of the top-up or transfer. */
  reference: z.string(),
  /** TRANSFER_OUT: the local account the money went to. */
  targetAccountNo: z.string().nullable(),
  targetAccountType: AccountTypeSchema.nullable(),
  targetCountry: CountrySchema.nullable(),
  /** USD cents; positive for a top-up, negative for a transfer out. */
  amount: CentsSchema,
  /** TRANSFER_OUT: what reached the target account, in its currency. */
  targetAmount: CentsSchema.nullable(),
  targetCurrency: CurrencySchema.nullable(),
  exchangeRate: ExchangeRateSchema.nullable(),
  startBalance: CentsSchema,
  endBalance: CentsSchema,
  createdAt: InstantSchema,
});
export type GlobalStatementLine = z.infer<typeof GlobalStatementLine>;

export const GlobalStatementPage = pageOf(GlobalStatementLine);
export type GlobalStatementPage = z.infer<typeof GlobalStatementPage>;
