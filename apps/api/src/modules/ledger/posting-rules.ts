import type { Bucket, EntryKind } from '../../db/schema/ledger.ts';

/**
 * The posting rules: what each money event writes to the ledger (docs/balances.md). Pure
 * functions of the amounts and of the locked accounts' bucket balances, so the online path
 * (one event in one database transaction, accounts locked) and the bulk path (the demo history
 * seed, balances kept in memory) produce the same entries.
 *
 * Sign: a line's `amount` goes into (+) or out of (−) one bucket of one account. The lines of an
 * entry sum to zero per currency. Merchant buckets never go below zero except OWED (≤ 0), and
 * AVAILABLE and OWED are never both non-zero: credits pay OWED off first, debits push what
 * AVAILABLE cannot cover into OWED only where the rule allows it (chargebacks and fees).
 */

export interface Line {
  accountId: number;
  bucket: Bucket;
  currency: string;
  amount: number;
}

export interface EntryDraft {
  kind: EntryKind;
  lines: Line[];
}

/** Bucket balances of one merchant or global account as locked (SYSTEM accounts need none). */
export interface BucketBalances {
  AVAILABLE: number;
  PENDING: number;
  ON_HOLD: number;
  RESERVED: number;
  DEPOSIT_HELD: number;
  OWED: number;
}

export const EMPTY_BUCKETS: Readonly<BucketBalances> = {
  AVAILABLE: 0,
  PENDING: 0,
  ON_HOLD: 0,
  RESERVED: 0,
  DEPOSIT_HELD: 0,
  OWED: 0,
};

/** A merchant-side account as the rules see it. */
export interface AccountState {
  id: number;
  currency: string;
  balances: BucketBalances;
}

/** The provider's accounts in one currency. */
export interface SystemAccounts {
  clearing: number;
  fees: number;
  tax: number;
  fx: number;
}

/** A rule refused the event: nothing is written. `insufficient` when money was missing. */
export class RuleRefusal extends Error {
  override name = 'RuleRefusal';
  constructor(
    message: string,
    readonly insufficient: boolean = false,
  ) {
    super(message);
  }
}

function assertCents(name: string, value: number, min = 0): void {
  if (!Number.isSafeInteger(value) || value < min) throw new RangeError(`${name} must be an integer ≥ ${min} cents, got ${value}`);
}

const line = (accountId: number, bucket: Bucket, currency: string, amount: number): Line => ({ accountId, bucket, currency, amount });
const nonZero = (lines: Line[]): Line[] => lines.filter((l) => l.amount !== 0);

/**
 * Credits `amount` to an account's AVAILABLE, paying what it OWES first. Returns the lines
 * (without the counter-side).
 */
export function creditAvailable(account: AccountState, amount: number): Line[] {
  const payOff = Math.min(amount, -account.balances.OWED);
  return nonZero([line(account.id, 'OWED', account.currency, payOff), line(account.id, 'AVAILABLE', account.currency, amount - payOff)]);
}

/**
 * Debits `amount` from the listed buckets in order as far as each goes; what remains is OWED.
 * Only for debits the merchant cannot refuse (chargebacks, fees of a completed payout).
 */
export function debitOrOwe(account: AccountState, amount: number, order: readonly Bucket[]): Line[] {
  let left = amount;
  const lines: Line[] = [];
  for (const bucket of order) {
    const have = account.balances[bucket as keyof BucketBalances] ?? 0;
    const take = Math.min(left, Math.max(0, have));
    if (take > 0) lines.push(line(account.id, bucket, account.currency, -take));
    left -= take;
  }
  if (left > 0) lines.push(line(account.id, 'OWED', account.currency, -left));
  return lines;
}

/** Lines of several accounts applied to a snapshot (the bulk path and the tests keep balances this way). */
export function applyLines(balances: Map<number, BucketBalances>, lines: readonly Line[]): void {
  for (const l of lines) {
    if (l.bucket === 'MAIN') continue;
    const b = balances.get(l.accountId);
    if (!b) continue;
    b[l.bucket] += l.amount;
  }
}

/** True when the lines sum to zero in every currency. */
export function isBalanced(lines: readonly Line[]): boolean {
  const sums = new Map<string, number>();
  for (const l of lines) sums.set(l.currency, (sums.get(l.currency) ?? 0) + l.amount);
  return [...sums.values()].every((s) => s === 0);
}

// ---- pay-ins ----------------------------------------------------------------------------------

export interface SettlementSplit {
  /** What the merchant gets after fee and VAT. */
  net: number;
  /** Part of the net withheld as a deposit (rolling reserve). */
  deposit: number;
  /** The rest, pending until it becomes available. */
  pending: number;
}

export function settlementSplit(amount: number, fee: number, vat: number, deposit = 0): SettlementSplit {
  assertCents('amount', amount, 1);
  assertCents('fee', fee);
  assertCents('vat', vat);
  assertCents('deposit', deposit);
  const net = amount - fee - vat;
  if (net < 0) throw new RuleRefusal('Fee and VAT exceed the amount');
  if (deposit > net) throw new RuleRefusal('The deposit exceeds what the merchant gets');
  return { net, deposit, pending: net - deposit };
}

/**
 * A pay-in settled: the platform holds the payer's money (CLEARING); the merchant's share is
 * pending until its available date, the deposit part is held, fee and VAT go to the provider.
 */
export function payinSettled(
  merchant: AccountState,
  sys: SystemAccounts,
  amount: number,
  fee: number,
  vat: number,
  deposit = 0,
): EntryDraft {
  const split = settlementSplit(amount, fee, vat, deposit);
  const c = merchant.currency;
  return {
    kind: 'PAYIN_SETTLED',
    lines: nonZero([
      line(sys.clearing, 'MAIN', c, -amount),
      line(merchant.id, 'PENDING', c, split.pending),
      line(merchant.id, 'DEPOSIT_HELD', c, split.deposit),
      line(sys.fees, 'MAIN', c, fee),
      line(sys.tax, 'MAIN', c, vat),
    ]),
  };
}

/** Pending (or deposit) money of a settlement becomes available. */
export function released(merchant: AccountState, amount: number, from: 'PENDING' | 'DEPOSIT_HELD' = 'PENDING'): EntryDraft {
  assertCents('amount', amount);
  if (merchant.balances[from] < amount) throw new RuleRefusal(`Release of ${amount} exceeds ${from} ${merchant.balances[from]}`);
  return { kind: 'RELEASE', lines: nonZero([line(merchant.id, from, merchant.currency, -amount), ...creditAvailable(merchant, amount)]) };
}

/**
 * A settled pay-in is put on hold: its money moves to ON_HOLD from where it sits — PENDING while
 * its release is still scheduled, else AVAILABLE as far as AVAILABLE goes. `held` is what moved
 * (the transaction keeps it, to give back exactly that).
 */
export function held(merchant: AccountState, net: number, releaseScheduled: boolean): EntryDraft & { held: number } {
  const from: Bucket = releaseScheduled ? 'PENDING' : 'AVAILABLE';
  const amount = Math.min(net, merchant.balances[from]);
  return {
    kind: 'HOLD',
    held: amount,
    lines: nonZero([line(merchant.id, from, merchant.currency, -amount), line(merchant.id, 'ON_HOLD', merchant.currency, amount)]),
  };
}

/** The hold is lifted: what was held goes back to PENDING while the release is scheduled, else becomes available. */
export function unheld(merchant: AccountState, heldAmount: number, releaseScheduled: boolean): EntryDraft {
  const amount = Math.min(heldAmount, merchant.balances.ON_HOLD);
  const back = releaseScheduled ? [line(merchant.id, 'PENDING', merchant.currency, amount)] : creditAvailable(merchant, amount);
  return { kind: 'UNHOLD', lines: nonZero([line(merchant.id, 'ON_HOLD', merchant.currency, -amount), ...back]) };
}

/** A refund to the payer, paid from AVAILABLE: refused (nothing moves) when AVAILABLE does not cover it. */
export function refunded(merchant: AccountState, sys: SystemAccounts, amount: number): EntryDraft {
  assertCents('amount', amount, 1);
  if (merchant.balances.AVAILABLE < amount) {
    throw new RuleRefusal(`The available balance (${merchant.balances.AVAILABLE}) does not cover the refund of ${amount}`, true);
  }
  return {
    kind: 'REFUND',
    lines: [line(merchant.id, 'AVAILABLE', merchant.currency, -amount), line(sys.clearing, 'MAIN', merchant.currency, amount)],
  };
}

/**
 * A chargeback: the scheme takes the amount back and the merchant cannot refuse. It comes from
 * the transaction's own held money first, then AVAILABLE, then the deposit; the rest is OWED.
 * The chargeback fee follows the same order.
 */
export function chargedBack(
  merchant: AccountState,
  sys: SystemAccounts,
  amount: number,
  fee: number,
  heldOfTransaction: number,
): EntryDraft & { fromHeld: number } {
  assertCents('amount', amount, 1);
  assertCents('fee', fee);
  const fromHeld = Math.min(heldOfTransaction, merchant.balances.ON_HOLD, amount + fee);
  const rest = amount + fee - fromHeld;
  const afterHeld: AccountState = { ...merchant, balances: { ...merchant.balances, ON_HOLD: merchant.balances.ON_HOLD - fromHeld } };
  const c = merchant.currency;
  return {
    kind: 'CHARGEBACK',
    fromHeld,
    lines: nonZero([
      line(merchant.id, 'ON_HOLD', c, -fromHeld),
      ...debitOrOwe(afterHeld, rest, ['AVAILABLE', 'DEPOSIT_HELD']),
      line(sys.clearing, 'MAIN', c, amount),
      line(sys.fees, 'MAIN', c, fee),
    ]),
  };
}

/**
 * A defended chargeback won (docs/decisions/0028): the scheme gives the disputed amount back, and
 * it is credited to the merchant's AVAILABLE (paying what it OWES first). The chargeback fee is not
 * returned. Whatever the chargeback took from (held money, the deposit), the money comes back
 * available: the hold and the deposit's release were settled when it was taken.
 */
export function chargebackReversed(merchant: AccountState, sys: SystemAccounts, amount: number): EntryDraft {
  assertCents('amount', amount, 1);
  return {
    kind: 'CHARGEBACK_REVERSED',
    lines: nonZero([line(sys.clearing, 'MAIN', merchant.currency, -amount), ...creditAvailable(merchant, amount)]),
  };
}

// ---- payouts and marketplace orders ------------------------------------------------------------

/**
 * A payout is accepted for sending: its amount and `charges` (the fee and VAT quoted when the
 * dashboard created it; 0 for the platform's payouts, whose fees are only known at settlement) are
 * reserved from AVAILABLE, or it is refused.
 */
export function payoutReserved(account: AccountState, amount: number, charges = 0): EntryDraft {
  assertCents('amount', amount, 1);
  assertCents('charges', charges);
  const total = amount + charges;
  if (account.balances.AVAILABLE < total) {
    throw new RuleRefusal(`The available balance (${account.balances.AVAILABLE}) does not cover the payout of ${total}`, true);
  }
  return {
    kind: 'PAYOUT_RESERVED',
    lines: [line(account.id, 'AVAILABLE', account.currency, -total), line(account.id, 'RESERVED', account.currency, total)],
  };
}

/**
 * The payout reached the beneficiary. `reserved` is what its reservation holds (the sum of its
 * RESERVED postings: the amount, plus the quoted fee and VAT for a dashboard payout; default the
 * amount). The whole reservation leaves RESERVED: the amount through CLEARING, and the fee and VAT
 * the platform reports to FEES and TAX. Where those differ from the charges reserved, the
 * difference comes from AVAILABLE (what it cannot cover is OWED) or goes back to AVAILABLE.
 */
export function payoutSettled(
  account: AccountState,
  sys: SystemAccounts,
  amount: number,
  fee: number,
  vat: number,
  reserved: number = amount,
): EntryDraft {
  assertCents('amount', amount, 1);
  assertCents('fee', fee);
  assertCents('vat', vat);
  assertCents('reserved', reserved);
  if (reserved < amount) throw new RuleRefusal(`The reservation ${reserved} is less than the payout ${amount}`);
  if (account.balances.RESERVED < reserved)
    throw new RuleRefusal(`Reserved ${account.balances.RESERVED} is less than the payout's ${reserved}`);
  const c = account.currency;
  const extra = fee + vat - (reserved - amount);
  return {
    kind: 'PAYOUT_SETTLED',
    lines: nonZero([
      line(account.id, 'RESERVED', c, -reserved),
      line(sys.clearing, 'MAIN', c, amount),
      ...(extra > 0 ? debitOrOwe(account, extra, ['AVAILABLE']) : creditAvailable(account, -extra)),
      line(sys.fees, 'MAIN', c, fee),
      line(sys.tax, 'MAIN', c, vat),
    ]),
  };
}

/** The payout failed, was refused, rejected or cancelled after it was reserved: its whole reservation (`reserved`) comes back. */
export function payoutReturned(account: AccountState, reserved: number): EntryDraft {
  assertCents('reserved', reserved, 1);
  if (account.balances.RESERVED < reserved)
    throw new RuleRefusal(`Reserved ${account.balances.RESERVED} is less than the payout's ${reserved}`);
  return {
    kind: 'PAYOUT_RETURNED',
    lines: nonZero([line(account.id, 'RESERVED', account.currency, -reserved), ...creditAvailable(account, reserved)]),
  };
}

// ---- the global account ------------------------------------------------------------------------

/** Funds arrive in the global account. */
export function globalToppedUp(global: AccountState, sys: SystemAccounts, amount: number): EntryDraft {
  assertCents('amount', amount, 1);
  return { kind: 'GLOBAL_TOPUP', lines: [line(sys.clearing, 'MAIN', global.currency, -amount), ...creditAvailable(global, amount)] };
}

/**
 * Funds leave the global account (USD) for a local account (local currency) at a rate: each
 * currency balances through the provider's FX account. Refused when AVAILABLE does not cover it.
 */
export function globalTransferredOut(
  global: AccountState,
  target: AccountState,
  sysUsd: SystemAccounts,
  sysLocal: SystemAccounts,
  amount: number,
  targetAmount: number,
): EntryDraft {
  assertCents('amount', amount, 1);
  assertCents('targetAmount', targetAmount, 1);
  if (global.balances.AVAILABLE < amount) {
    throw new RuleRefusal(`The global available balance (${global.balances.AVAILABLE}) does not cover ${amount}`, true);
  }
  return {
    kind: 'GLOBAL_TRANSFER_OUT',
    lines: [
      line(global.id, 'AVAILABLE', global.currency, -amount),
      line(sysUsd.fx, 'MAIN', global.currency, amount),
      line(sysLocal.fx, 'MAIN', target.currency, -targetAmount),
      ...creditAvailable(target, targetAmount),
    ],
  };
}

// ---- accounting requests (docs/decisions/0027) --------------------------------------------------

/**
 * A withdrawal, exchange or sub-merchant transfer takes money from an account: `total` (amount and
 * fee) moves from AVAILABLE to RESERVED, or nothing moves when AVAILABLE does not cover it.
 */
export function requestReserved(account: AccountState, total: number): EntryDraft {
  assertCents('total', total, 1);
  if (account.balances.AVAILABLE < total) {
    throw new RuleRefusal(`The available balance (${account.balances.AVAILABLE}) does not cover ${total}`, true);
  }
  return {
    kind: 'REQUEST_RESERVED',
    lines: [line(account.id, 'AVAILABLE', account.currency, -total), line(account.id, 'RESERVED', account.currency, total)],
  };
}

/** A request that reserved money ended without moving it (cancelled, refused, rejected, failed): the reservation comes back. */
export function requestReturned(account: AccountState, reserved: number): EntryDraft {
  assertCents('reserved', reserved, 1);
  if (account.balances.RESERVED < reserved)
    throw new RuleRefusal(`Reserved ${account.balances.RESERVED} is less than the request's ${reserved}`);
  return {
    kind: 'REQUEST_RETURNED',
    lines: nonZero([line(account.id, 'RESERVED', account.currency, -reserved), ...creditAvailable(account, reserved)]),
  };
}

/**
 * A top-up the provider verified: the money it received (CLEARING) is credited to the account, less
 * the fee (to FEES). `fee` ≤ `verified` (machines.topupSettlement).
 */
export function topupCredited(account: AccountState, sys: SystemAccounts, verified: number, fee: number): EntryDraft {
  assertCents('verified', verified, 1);
  assertCents('fee', fee);
  if (fee > verified) throw new RuleRefusal(`The fee ${fee} exceeds the verified amount ${verified}`);
  const c = account.currency;
  return {
    kind: 'TOPUP_CREDITED',
    lines: nonZero([line(sys.clearing, 'MAIN', c, -verified), ...creditAvailable(account, verified - fee), line(sys.fees, 'MAIN', c, fee)]),
  };
}

/** A withdrawal reached the merchant's bank: its reservation (amount + fee) leaves RESERVED, the amount through CLEARING, the fee to FEES. */
export function withdrawalSettled(account: AccountState, sys: SystemAccounts, amount: number, fee: number): EntryDraft {
  assertCents('amount', amount, 1);
  assertCents('fee', fee);
  if (account.balances.RESERVED < amount + fee)
    throw new RuleRefusal(`Reserved ${account.balances.RESERVED} is less than the withdrawal's ${amount + fee}`);
  const c = account.currency;
  return {
    kind: 'WITHDRAWAL_SETTLED',
    lines: nonZero([
      line(account.id, 'RESERVED', c, -(amount + fee)),
      line(sys.clearing, 'MAIN', c, amount),
      line(sys.fees, 'MAIN', c, fee),
    ]),
  };
}

/**
 * An exchange is done: the money sold leaves the seller's RESERVED (or, wired offline, arrives
 * through CLEARING of the sold currency) into the provider's FX account of that currency; the FX
 * account of the bought currency pays the amount bought to the buyer's account. Each currency
 * balances on its own.
 */
export function exchangeSettled(
  seller: AccountState | null,
  sysSell: SystemAccounts,
  buyer: AccountState,
  sysBuy: SystemAccounts,
  sellCurrency: string,
  sellAmount: number,
  buyAmount: number,
): EntryDraft {
  assertCents('sellAmount', sellAmount, 1);
  assertCents('buyAmount', buyAmount, 1);
  if (seller !== null && seller.balances.RESERVED < sellAmount)
    throw new RuleRefusal(`Reserved ${seller.balances.RESERVED} is less than the exchange's ${sellAmount}`);
  const from =
    seller === null ? line(sysSell.clearing, 'MAIN', sellCurrency, -sellAmount) : line(seller.id, 'RESERVED', sellCurrency, -sellAmount);
  return {
    kind: 'EXCHANGE_SETTLED',
    lines: [
      from,
      line(sysSell.fx, 'MAIN', sellCurrency, sellAmount),
      line(sysBuy.fx, 'MAIN', buyer.currency, -buyAmount),
      ...creditAvailable(buyer, buyAmount),
    ],
  };
}

/** A sub-merchant transfer is done: the reserved amount leaves the source and is credited to the target (same currency). */
export function subTransferSettled(source: AccountState, target: AccountState, amount: number): EntryDraft {
  assertCents('amount', amount, 1);
  if (source.currency !== target.currency) throw new RuleRefusal('A sub-merchant transfer stays in one currency');
  if (source.balances.RESERVED < amount)
    throw new RuleRefusal(`Reserved ${source.balances.RESERVED} is less than the transfer's ${amount}`);
  return {
    kind: 'SUB_TRANSFER_SETTLED',
    lines: [line(source.id, 'RESERVED', source.currency, -amount), ...creditAvailable(target, amount)],
  };
}
