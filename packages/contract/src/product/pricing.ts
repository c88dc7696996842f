/**
 * How a merchant's product is priced, and the arithmetic that applies the price (docs/decisions/0034).
 * One code path: the payment platform's side (the simulator) settles every pay-in with
 * `payinSettlement`, the payout quote charges with `payoutCharge`, and the Product list's
 * calculation rules show their worked example with the same functions — what the screen says is
 * what the ledger is given. Integers only (BigInt inside): no float touches an amount.
 */

/** The price and terms of one product type of a merchant in a country. */
export interface ProductPrice {
  /** The provider's fee: basis points of the amount (half up)… */
  feeBps: number;
  /** …plus these cents. */
  feeFixed: number;
  /** VAT (IVA, IGV) on the fee, in basis points of the fee (half up). */
  vatBps: number;
  /** Pay-ins: business days from payment to availability (D+N). */
  settlementDays: number;
  /** Pay-ins: rolling reserve — basis points of the net withheld (rounded down)… */
  depositBps: number;
  /** …for this many calendar days. */
  depositDays: number;
}

/** `value × bps / 10 000`, rounded half up. */
export function basisPoints(value: number, bps: number): number {
  assertCents('value', value);
  assertCents('bps', bps);
  return Number((BigInt(value) * BigInt(bps) + 5_000n) / 10_000n);
}

/** `value × bps / 10 000`, rounded down (the deposit: the merchant keeps the fraction). */
export function basisPointsDown(value: number, bps: number): number {
  assertCents('value', value);
  assertCents('bps', bps);
  return Number((BigInt(value) * BigInt(bps)) / 10_000n);
}

function assertCents(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

/** What a settled pay-in gives the merchant, step by step. */
export interface PayinSettlement {
  amount: number;
  fee: number;
  vat: number;
  /** amount − fee − VAT. */
  net: number;
  /** Part of the net held as a deposit for `depositDays`. */
  deposit: number;
  /** net − deposit: pending until the settlement day, then available. */
  pending: number;
}

/**
 * A pay-in's settlement: the fee (basis points half up, plus fixed cents) is capped at half the
 * amount, so a tiny payment with a fixed fee still leaves the merchant something; VAT half up on
 * the fee, never beyond what is left; the deposit rounded down from the net.
 */
export function payinSettlement(amount: number, price: ProductPrice): PayinSettlement {
  assertCents('amount', amount);
  const fee = Math.min(basisPoints(amount, price.feeBps) + price.feeFixed, Math.floor(amount / 2));
  const vat = Math.min(basisPoints(fee, price.vatBps), amount - fee);
  const net = amount - fee - vat;
  const deposit = basisPointsDown(net, price.depositBps);
  return { amount, fee, vat, net, deposit, pending: net - deposit };
}

/** A payout's charge, on top of the amount: the fee (basis points half up, plus fixed cents) and VAT half up on it. */
export function payoutCharge(amount: number, price: Pick<ProductPrice, 'feeBps' | 'feeFixed' | 'vatBps'>): { fee: number; vat: number } {
  assertCents('amount', amount);
  const fee = basisPoints(amount, price.feeBps) + price.feeFixed;
  return { fee, vat: basisPoints(fee, price.vatBps) };
}
