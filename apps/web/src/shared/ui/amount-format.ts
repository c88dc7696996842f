import type { Currency } from '@andes/contract/common/countries';
import { abbreviateAmount } from '@andes/contract/common/format';
import { CURRENCY_SYMBOLS, centsToUnitsString, formatCents } from '@andes/contract/common/money';

/**
 * How amounts are shown (spec §9): cents divided by 100 with the currency symbol, exact in tables
 * and tooltips, abbreviated (K, M, B) on cards and chart axes. The division is done on the
 * decimal digits (`centsToUnitsString`), never by float arithmetic.
 */

/** The amount in units as a number, for the abbreviation and chart scales only (never summed). */
export function centsToUnits(cents: number): number {
  return Number(centsToUnitsString(cents));
}

/**
 * The short form of an amount: symbol, space, abbreviated units — `R$ 1.23M`, `-US$ 5K`,
 * `COP$ 999.99`. The sign goes before the symbol, as in `formatCents`.
 */
export function abbreviateCents(cents: number, currency: Currency, options: { symbol?: boolean } = {}): string {
  const short = abbreviateAmount(centsToUnits(Math.abs(cents)));
  const body = options.symbol === false ? short : `${CURRENCY_SYMBOLS[currency]} ${short}`;
  return cents < 0 && /[1-9]/.test(short) ? `-${body}` : body;
}

/** The exact amount with an explicit sign for movements: `+US$ 1,000.00`, `-US$ 20.50`, `US$ 0.00`. */
export function formatSignedCents(cents: number, currency: Currency): string {
  const exact = formatCents(cents, currency);
  return cents > 0 ? `+${exact}` : exact;
}
