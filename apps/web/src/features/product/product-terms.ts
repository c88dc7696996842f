import type { Currency } from '@andes/contract/common/countries';
import { PRODUCTS, type Product } from '@andes/contract/common/enums';
import { formatCents } from '@andes/contract/common/money';
import type { ProductEntry } from '@andes/contract/home/schemas';

/**
 * How the settings' product screens word a price (docs/decisions/0034): basis points as a percent,
 * the fee as "percent + fixed amount", the products grouped by product. Pure and language-neutral:
 * the sentences around these figures are the `product` namespace's.
 */

/**
 * Basis points as a percent, with up to two decimals and no trailing zeros: 249 → `2.49%`,
 * 250 → `2.5%`, 500 → `5%`, 5 → `0.05%`. Done on the decimal digits, never by float division.
 */
export function bpsToPercent(bps: number): string {
  if (!Number.isSafeInteger(bps) || bps < 0) throw new RangeError(`basis points must be a non-negative integer, got ${bps}`);
  const digits = String(bps).padStart(3, '0');
  const whole = digits.slice(0, -2);
  const fraction = digits.slice(-2).replace(/0+$/, '');
  return fraction === '' ? `${whole}%` : `${whole}.${fraction}%`;
}

/**
 * The fee of a price: `2.49% + R$ 0.35`; only the part that is there when the other is zero
 * (`2.49%`, `R$ 0.35`); `0%` for no fee at all.
 */
export function feeText(feeBps: number, feeFixed: number, currency: Currency): string {
  if (feeFixed === 0) return bpsToPercent(feeBps);
  const fixed = formatCents(feeFixed, currency);
  return feeBps === 0 ? fixed : `${bpsToPercent(feeBps)} + ${fixed}`;
}

export interface ProductGroup<Entry> {
  product: Product;
  entries: Entry[];
}

/** The entries by product, in the order Pay-in, Payout, Marketplace; a product with no entry is left out. */
export function groupByProduct<Entry extends Pick<ProductEntry, 'product'>>(entries: readonly Entry[]): ProductGroup<Entry>[] {
  return PRODUCTS.map((product) => ({ product, entries: entries.filter((e) => e.product === product) })).filter(
    (group) => group.entries.length > 0,
  );
}
