import { ACCOUNT_MASK_THRESHOLD, EMPTY_PLACEHOLDER, MAX_VALUE } from './constants.ts';
import { groupThousands } from './money.ts';

/** Display helpers shared by the web screens and the server's exports (spec §9). */

/** Characters shown before and after the stars of a masked account number. */
const MASK_HEAD = 10;
const MASK_TAIL = 9;
const MASK = '***';

/**
 * Account numbers longer than 22 characters show the first 10, three stars and the last 9
 * (spec §9): the masked form is always 22 characters. Shorter numbers show unchanged.
 */
export function maskAccountNumber(account: string): string {
  if (account.length <= ACCOUNT_MASK_THRESHOLD) return account;
  return `${account.slice(0, MASK_HEAD)}${MASK}${account.slice(-MASK_TAIL)}`;
}

/**
 * The value as text, or the empty placeholder `--` for null, undefined and a blank string
 * (only spaces counts as blank). Zero and false are values and show as such.
 */
export function orEmpty(value: string | number | bigint | boolean | null | undefined): string {
  if (value === null || value === undefined) return EMPTY_PLACEHOLDER;
  if (typeof value === 'number' && Number.isNaN(value)) return EMPTY_PLACEHOLDER;
  const text = String(value);
  return text.trim() === '' ? EMPTY_PLACEHOLDER : text;
}

/** Exact shortest decimal digits of a double, never in exponent notation. */
const plainDecimal = new Intl.NumberFormat('en-US', { maximumFractionDigits: 20, useGrouping: false });

const SCALES = [
  { suffix: 'B', digits: 9 },
  { suffix: 'M', digits: 6 },
  { suffix: 'K', digits: 3 },
] as const;

/**
 * Short form of an amount in units for charts and summary cards (spec §9): K from 1,000, M from
 * 1,000,000, B from 1,000,000,000, with at most two decimals, cut (never rounded up, so 999,999
 * stays `999.99K` and does not become `1000K`) and without trailing zeros: `1.23K`, `1.5M`, `2B`.
 * Below 1,000 the value keeps up to two decimals: `999.99`. Magnitudes beyond MAX_VALUE (1e26)
 * show as MAX_VALUE; NaN and infinities show the empty placeholder.
 */
export function abbreviateAmount(units: number): string {
  if (!Number.isFinite(units)) return EMPTY_PLACEHOLDER;
  const abs = Math.min(Math.abs(units), MAX_VALUE);
  const [whole = '0', fraction = ''] = plainDecimal.format(abs).split('.');
  let text: string;
  const scale = SCALES.find((s) => whole.length > s.digits);
  if (scale) {
    const cut = whole.length - scale.digits;
    const decimals = whole.slice(cut, cut + 2).replace(/0+$/, '');
    text = `${groupThousands(whole.slice(0, cut))}${decimals ? `.${decimals}` : ''}${scale.suffix}`;
  } else {
    const decimals = fraction.slice(0, 2).replace(/0+$/, '');
    text = decimals ? `${whole}.${decimals}` : whole;
  }
  return units < 0 && /[1-9]/.test(text) ? `-${text}` : text;
}
