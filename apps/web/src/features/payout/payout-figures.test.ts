import { describe, expect, it } from 'vitest';
import { basePayout } from './__tests__/fixtures.ts';
import { decisionOutlook, nextSelection, skippedByReason, totalsByCurrency } from './payout-figures.ts';

describe('payout figures', () => {
  const a = basePayout({ id: 1, amount: 10_000, fee: 150, vat: 30 });
  const b = basePayout({ id: 2, amount: 25_050, fee: 200, vat: 40 });

  it('sums the chosen payouts per currency: count, amount, fees, VAT and the reserved total', () => {
    expect(totalsByCurrency([a, b])).toEqual([{ currency: 'BRL', count: 2, amount: 35_050, fee: 350, vat: 70, total: 35_470 }]);
    expect(totalsByCurrency([])).toEqual([]);
    const usd = basePayout({ id: 3, currency: 'USD', amount: 100, fee: 1, vat: 0 });
    expect(totalsByCurrency([a, usd]).map((t) => [t.currency, t.total])).toEqual([
      ['BRL', 10_180],
      ['USD', 101],
    ]);
  });

  it('says what the balance is now and once the chosen payouts are refused (their money is reserved)', () => {
    const totals = totalsByCurrency([a, b]);
    expect(decisionOutlook({ currency: 'BRL', available: 1_000_000, reserved: 50_000 }, totals)).toEqual({
      currency: 'BRL',
      availableNow: 1_000_000,
      availableIfRefused: 1_035_470,
      reserved: 50_000,
    });
    expect(decisionOutlook({ currency: 'MXN', available: 1, reserved: 0 }, totals)).toBeNull();
    expect(decisionOutlook(undefined, totals)).toBeNull();
  });

  it('groups the payouts a decision left by reason', () => {
    expect(
      skippedByReason({
        decided: 1,
        amount: 10_000,
        skipped: [
          { id: 4, uniqueId: 'PO4', reason: 'OWN_PAYOUT' },
          { id: 5, uniqueId: 'PO5', reason: 'NOT_PENDING' },
          { id: 6, uniqueId: null, reason: 'NOT_FOUND' },
          { id: 7, uniqueId: 'PO7', reason: 'OWN_PAYOUT' },
        ],
      }),
    ).toEqual([
      { reason: 'NOT_PENDING', payouts: ['PO5'] },
      { reason: 'OWN_PAYOUT', payouts: ['PO4', 'PO7'] },
      { reason: 'NOT_FOUND', payouts: ['#6'] },
    ]);
  });

  it('keeps the chosen rows of other pages when the rows shown change', () => {
    const other = basePayout({ id: 9 });
    const chosen = new Map([[9, other]]);
    const next = nextSelection(chosen, [9, 1], [a, b]);
    expect([...next.keys()].sort()).toEqual([1, 9]);
    expect([...nextSelection(next, [9], [a, b]).keys()]).toEqual([9]);
  });
});
