import type { Currency } from '@andes/contract/common/countries';
import type { PayoutSkipReason } from '@andes/contract/payout/enums';
import { PAYOUT_SKIP_REASONS } from '@andes/contract/payout/enums';
import type { Payout, PayoutBalance, PayoutBatchPending, PayoutDecisionAnswer } from '@andes/contract/payout/schemas';
import type { Key } from 'react';

/** What a set of payouts holds in one currency (cents). */
export interface CurrencyTotals {
  currency: Currency;
  count: number;
  amount: number;
  fee: number;
  vat: number;
  /** amount + fee + VAT: what the payouts have reserved. */
  total: number;
}

/** The totals of payouts per currency, in the order the currencies first appear. */
export function totalsByCurrency(payouts: readonly Pick<Payout, 'currency' | 'amount' | 'fee' | 'vat'>[]): CurrencyTotals[] {
  const byCurrency = new Map<Currency, CurrencyTotals>();
  for (const payout of payouts) {
    const totals = byCurrency.get(payout.currency) ?? { currency: payout.currency, count: 0, amount: 0, fee: 0, vat: 0, total: 0 };
    totals.count += 1;
    totals.amount += payout.amount;
    totals.fee += payout.fee;
    totals.vat += payout.vat;
    totals.total += payout.amount + payout.fee + payout.vat;
    byCurrency.set(payout.currency, totals);
  }
  return [...byCurrency.values()];
}

/** A batch's pending payouts as summed by the server, as totals (none when nothing is pending: null). */
export function batchTotals(pending: PayoutBatchPending | null): CurrencyTotals[] {
  if (pending === null || pending.count === 0) return [];
  const { currency, count, amount, fee, vat } = pending;
  return [{ currency, count, amount, fee, vat, total: amount + fee + vat }];
}

/**
 * The payout account around a decision on pending payouts. Their money (amount, fee, VAT) was
 * reserved when they were created, so approving leaves the available balance as it is, and
 * refusing releases their total back to it.
 */
export interface DecisionOutlook {
  currency: Currency;
  /** Available now: what approving leaves. */
  availableNow: number;
  /** Available once the chosen payouts are refused. */
  availableIfRefused: number;
  /** Reserved now (these payouts and all others not yet paid). */
  reserved: number;
}

/** The outlook of the balance's currency, or null when no chosen payout is in it. */
export function decisionOutlook(balance: PayoutBalance | undefined, totals: readonly CurrencyTotals[]): DecisionOutlook | null {
  if (!balance) return null;
  const mine = totals.find((t) => t.currency === balance.currency);
  if (!mine) return null;
  return {
    currency: balance.currency,
    availableNow: balance.available,
    availableIfRefused: balance.available + mine.total,
    reserved: balance.reserved,
  };
}

/** The payouts a decision left, by reason (in the contract's order), each with its unique id (or record id). */
export function skippedByReason(answer: PayoutDecisionAnswer): { reason: PayoutSkipReason; payouts: string[] }[] {
  return PAYOUT_SKIP_REASONS.map((reason) => ({
    reason,
    payouts: answer.skipped.filter((s) => s.reason === reason).map((s) => s.uniqueId ?? `#${s.id}`),
  })).filter((group) => group.payouts.length > 0);
}

/**
 * The chosen payouts after the list's checkboxes changed: the rows shown take their new state, the
 * chosen rows of other pages stay.
 */
export function nextSelection(chosen: ReadonlyMap<number, Payout>, keys: readonly Key[], shown: readonly Payout[]): Map<number, Payout> {
  const next = new Map(chosen);
  const wanted = new Set(keys);
  for (const row of shown) {
    if (wanted.has(row.id)) next.set(row.id, row);
    else next.delete(row.id);
  }
  for (const key of keys) {
    if (typeof key === 'number' && !next.has(key)) {
      const row = shown.find((r) => r.id === key);
      if (row) next.set(key, row);
    }
  }
  return next;
}
