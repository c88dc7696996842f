import { z } from 'zod';
import { CountrySchema, CurrencySchema } from '../common/countries.ts';
import { RecordId } from '../common/fields.ts';
import { CentsSchema } from '../common/money.ts';
import { AccountTypeSchema, BALANCE_FIGURES, type BalanceFigure } from './enums.ts';

/** The balances of one account or a sum of accounts (spec §3 Account), integer cents. */
export const Balances = z.object(
  Object.fromEntries(BALANCE_FIGURES.map((f) => [f, CentsSchema])) as Record<BalanceFigure, typeof CentsSchema>,
);
export type Balances = z.infer<typeof Balances>;

/** All-zero balances (an account without postings). */
export const ZERO_BALANCES: Balances = Object.fromEntries(BALANCE_FIGURES.map((f) => [f, 0])) as Balances;

/** Adds balances figure by figure. */
export function addBalances(a: Balances, b: Balances): Balances {
  return Object.fromEntries(BALANCE_FIGURES.map((f) => [f, a[f] + b[f]])) as Balances;
}

/** One local account of the merchant or of one of its sub-merchants. */
export const Account = z.object({
  accountId: RecordId,
  /** The account number shown to people (masked when longer than 22 characters, spec §9). */
  accountNo: z.string(),
  accountType: AccountTypeSchema,
  country: CountrySchema,
  currency: CurrencySchema,
  /** The merchant or sub-merchant that holds the account. */
  holderId: RecordId,
  holderName: z.string(),
  /** True when the holder is a sub-merchant. */
  subMerchant: z.boolean(),
  balances: Balances,
});
export type Account = z.infer<typeof Account>;

export const AccountListRequest = z.object({
  country: CountrySchema,
  accountType: AccountTypeSchema.optional(),
});
export type AccountListRequest = z.infer<typeof AccountListRequest>;

export const AccountList = z.object({ list: z.array(Account) });
export type AccountList = z.infer<typeof AccountList>;
