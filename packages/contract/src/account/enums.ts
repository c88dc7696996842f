import { z } from 'zod';
import type { Product } from '../common/enums.ts';

/**
 * Local account types: each merchant (and sub-merchant) holds one account per country and type,
 * in the country's currency. The codes are the spec's mode vocabulary (withdraw modes PAY_IN and
 * PAY_OUT, top-up modes PAY_OUT and MARKET_PLACE), so a request's mode names the account it uses.
 * The global account (cross-border funds, USD) is separate: see global/.
 */
export const ACCOUNT_TYPES = ['PAY_IN', 'PAY_OUT', 'MARKET_PLACE'] as const;
export type AccountType = (typeof ACCOUNT_TYPES)[number];
export const AccountTypeSchema = z.enum(ACCOUNT_TYPES);

/** The account each product's money moves through. */
export const ACCOUNT_TYPE_OF_PRODUCT: Readonly<Record<Product, AccountType>> = {
  payin: 'PAY_IN',
  payout: 'PAY_OUT',
  marketplace: 'MARKET_PLACE',
};

/** Accounts whose available balance can be withdrawn (spec §3 withdraw modes). */
export const WITHDRAWABLE_ACCOUNT_TYPES = ['PAY_IN', 'PAY_OUT'] as const satisfies readonly AccountType[];
/** Accounts whose available balance can be exchanged (spec §3 exchange modes, less OFFLINE). */
export const EXCHANGEABLE_ACCOUNT_TYPES = ['PAY_IN', 'PAY_OUT'] as const satisfies readonly AccountType[];
/** Accounts that can be topped up (spec §3 top-up modes). */
export const TOPUP_ACCOUNT_TYPES = ['PAY_OUT', 'MARKET_PLACE'] as const satisfies readonly AccountType[];

/**
 * The balances of spec §3, in the order Home shows them. How each is derived from the ledger's
 * buckets is in docs/balances.md; every figure is integer cents.
 */
export const BALANCE_FIGURES = [
  'balance',
  'available',
  'unavailable',
  'pending',
  'onHold',
  'withdrawable',
  'exchangeable',
  'depositHeld',
] as const;
export type BalanceFigure = (typeof BALANCE_FIGURES)[number];
