import { z } from 'zod';
import { MAX_AMOUNT_CENTS } from './constants.ts';
import type { Currency } from './countries.ts';

/**
 * Money is integer cents end to end (spec §9: "stored in cents and shown divided by 100").
 * Everything here works on the decimal digits of the integer: no float ever takes part in
 * arithmetic, so formatting is exact for any safe integer or bigint.
 */

/** Display symbol of each currency (spec §3). */
export const CURRENCY_SYMBOLS: Readonly<Record<Currency, string>> = {
  BRL: 'R$',
  MXN: 'MXN$',
  USD: 'US$',
  COP: 'COP$',
  CLP: 'CLP$',
  PEN: 'PEN',
  ZAR: 'R',
  EUR: 'EU€',
};

/** An amount of money in cents on the wire: an integer that a JS number holds exactly. */
export const CentsSchema = z
  .number()
  .int('Amount must be a whole number of cents')
  .min(-MAX_AMOUNT_CENTS, 'Amount is too large')
  .max(MAX_AMOUNT_CENTS, 'Amount is too large');

/** A strictly positive amount in cents (a payout, a top-up, a refund). */
export const PositiveCentsSchema = z
  .number()
  .int('Amount must be a whole number of cents')
  .min(1, 'Amount must be greater than 0')
  .max(MAX_AMOUNT_CENTS, 'Amount is too large');

function digitsOf(cents: number | bigint): { negative: boolean; digits: string } {
  if (typeof cents === 'number' && !Number.isSafeInteger(cents)) {
    throw new RangeError(`cents must be a safe integer, got ${cents}`);
  }
  const text = cents.toString();
  const negative = text.startsWith('-');
  return { negative, digits: negative ? text.slice(1) : text };
}

/** Puts a comma between each group of three digits of a run of digits: `1234567` → `1,234,567`. */
export function groupThousands(digits: string): string {
  let out = '';
  for (let end = digits.length; end > 0; end -= 3) {
    const chunk = digits.slice(Math.max(0, end - 3), end);
    out = out === '' ? chunk : `${chunk},${out}`;
  }
  return out;
}

function splitCents(cents: number | bigint): { negative: boolean; whole: string; fraction: string } {
  const { negative, digits } = digitsOf(cents);
  const padded = digits.padStart(3, '0');
  const whole = padded.slice(0, -2).replace(/^0+(?=\d)/, '');
  return { negative: negative && /[1-9]/.test(digits), whole, fraction: padded.slice(-2) };
}

/**
 * The amount in units as a plain decimal string with two decimals, no grouping:
 * `123456` → `1234.56`, `-5` → `-0.05`. The form inputs and exports use it.
 */
export function centsToUnitsString(cents: number | bigint): string {
  const { negative, whole, fraction } = splitCents(cents);
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

export interface FormatCentsOptions {
  /** Prefix the currency symbol (default true). */
  symbol?: boolean;
}

/**
 * The amount as shown: currency symbol, a space, thousands grouped by commas, two decimals for
 * every currency (spec §9 divides every amount by 100). A negative amount puts the minus sign
 * before the symbol: `R$ 1,234.56`, `-R$ 0.05`, `1,234.56` without symbol.
 */
export function formatCents(cents: number | bigint, currency: Currency, options: FormatCentsOptions = {}): string {
  const { negative, whole, fraction } = splitCents(cents);
  const number = `${groupThousands(whole)}.${fraction}`;
  const body = options.symbol === false ? number : `${CURRENCY_SYMBOLS[currency]} ${number}`;
  return negative ? `-${body}` : body;
}
