import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { REQUEST_KINDS, STATUSES_OF } from './enums.ts';
import {
  allowedActions,
  exchangeAmounts,
  type FeeConfig,
  feeLines,
  initialStatus,
  isFinal,
  nextStatus,
  reachableStatuses,
  scaledRate,
  TRANSITIONS,
  topupSettlement,
} from './machines.ts';

/** The machines and arithmetic of the accounting requests (docs/decisions/0027). */

describe('the transition tables', () => {
  it('every source and target status is one of the kind’s statuses (spec §4)', () => {
    for (const kind of REQUEST_KINDS) {
      const statuses = STATUSES_OF[kind];
      expect(statuses).toContain(initialStatus(kind));
      for (const [from, actions] of Object.entries(TRANSITIONS[kind])) {
        expect(statuses).toContain(from);
        for (const to of Object.values(actions ?? {})) expect(statuses).toContain(to);
      }
      for (const s of reachableStatuses(kind)) expect(statuses).toContain(s);
    }
    expect(initialStatus('EXCHANGE', true)).toBe('WAIT_PROOF');
  });

  it('final statuses allow nothing; COMPLETED is final for every kind', () => {
    for (const kind of REQUEST_KINDS) {
      expect(isFinal(kind, 'COMPLETED')).toBe(true);
      for (const s of STATUSES_OF[kind]) expect(isFinal(kind, s)).toBe(allowedActions(kind, s).length === 0);
    }
    expect(nextStatus('TOPUP', 'COMPLETED', 'CANCEL')).toBeNull();
    expect(nextStatus('SUB_TRANSFER', 'PROCESSING', 'CANCEL')).toBe('REJECTED');
    expect(nextStatus('WITHDRAWAL', 'IN_TRANSFER', 'CANCEL')).toBeNull();
    expect(nextStatus('EXCHANGE', 'PROCESSING', 'CANCEL')).toBeNull();
    expect(nextStatus('EXCHANGE', 'WAIT_CONFIRM_CONTRACT', 'EXPIRE_QUOTE')).toBe('WAIT_EXCHANGE_RATE');
  });
});

describe('fees', () => {
  const config: FeeConfig = { perRequestFee: 500, smallTransferThreshold: 100_000, smallTransferFee: 200 };

  it('a fee per request, and the small-transfer fee strictly below the threshold', () => {
    expect(feeLines('WITHDRAWAL', config, 99_999)).toEqual([
      { item: 'WITHDRAWAL_FEE', amount: 500 },
      { item: 'SMALL_TRANSFER_FEE', amount: 200 },
    ]);
    expect(feeLines('WITHDRAWAL', config, 100_000)).toEqual([{ item: 'WITHDRAWAL_FEE', amount: 500 }]);
    expect(feeLines('TOPUP', config, 100_000)).toEqual([{ item: 'TOPUP_FEE', amount: 500 }]);
    expect(feeLines('TOPUP', { perRequestFee: 0, smallTransferThreshold: 0, smallTransferFee: 0 }, 1)).toEqual([]);
  });

  it('a top-up’s fee never exceeds what was received', () => {
    expect(topupSettlement(config, 100_000)).toEqual({ fee: 500, finalAmount: 99_500, lines: [{ item: 'TOPUP_FEE', amount: 500 }] });
    expect(topupSettlement(config, 600)).toMatchObject({ fee: 600, finalAmount: 0 });
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 1e12 }), (verified) => {
        const s = topupSettlement(config, verified);
        return s.fee <= verified && s.fee + s.finalAmount === verified && s.finalAmount >= 0;
      }),
    );
  });
});

describe('exchange amounts', () => {
  it('rates are exact decimals', () => {
    expect(scaledRate('5.25')).toBe(525_000_000n);
    expect(scaledRate('0.00000001')).toBe(1n);
    expect(() => scaledRate('5.123456789')).toThrow(RangeError);
    expect(() => scaledRate('0')).toThrow(RangeError);
    expect(() => scaledRate('1e3')).toThrow(RangeError);
  });

  it('the derived side is rounded against the merchant: bought down, sold up', () => {
    // Selling 100.01 USD at 5.25: 525.0525 BRL → 525.05.
    expect(exchangeAmounts('5.25', true, 'SELL', 10_001)).toEqual({ sellAmount: 10_001, buyAmount: 52_505 });
    // Buying 100.01 USD with BRL at 5.25: 525.0525 → 525.06 sold.
    expect(exchangeAmounts('5.25', false, 'BUY', 10_001)).toEqual({ sellAmount: 52_506, buyAmount: 10_001 });
    // Selling 100.00 BRL at 3: 33.333… USD → 33.33.
    expect(exchangeAmounts('3', false, 'SELL', 10_000)).toEqual({ sellAmount: 10_000, buyAmount: 3_333 });
    // Buying 100.00 BRL with USD at 3: 33.333… → 33.34 sold.
    expect(exchangeAmounts('3', true, 'BUY', 10_000)).toEqual({ sellAmount: 3_334, buyAmount: 10_000 });
    // Exact products are not rounded at all; no float error; 999,999,999 × 4000.12345678 = 4,000,123,452,779.876… → down.
    expect(exchangeAmounts('0.3', true, 'SELL', 100)).toEqual({ sellAmount: 100, buyAmount: 30 });
    expect(exchangeAmounts('4000.12345678', true, 'SELL', 999_999_999)).toEqual({ sellAmount: 999_999_999, buyAmount: 4_000_123_452_779 });
  });

  it('too small to exchange, or too large to hold exactly: null', () => {
    expect(exchangeAmounts('5.0', false, 'SELL', 4)).toBeNull();
    expect(exchangeAmounts('900000', true, 'SELL', Number.MAX_SAFE_INTEGER)).toBeNull();
  });

  it('for any rate and amount, the merchant never receives more than the rate gives', () => {
    const rate = fc
      .tuple(fc.integer({ min: 0, max: 99_999 }), fc.integer({ min: 0, max: 99_999_999 }))
      .filter(([w, f]) => w > 0 || f > 0)
      .map(([w, f]) => `${w}.${String(f).padStart(8, '0')}`);
    fc.assert(
      fc.property(
        rate,
        fc.boolean(),
        fc.constantFrom('SELL' as const, 'BUY' as const),
        fc.integer({ min: 1, max: 1e12 }),
        (r, sellIsUsd, side, amount) => {
          const got = exchangeAmounts(r, sellIsUsd, side, amount);
          if (got === null) return true;
          const scale = 10n ** 8n;
          const R = scaledRate(r);
          // Value of what was sold and bought, in local units × 1e8 (USD × rate).
          const soldValue = sellIsUsd ? BigInt(got.sellAmount) * R : BigInt(got.sellAmount) * scale;
          const boughtValue = sellIsUsd ? BigInt(got.buyAmount) * scale : BigInt(got.buyAmount) * R;
          const fixed = side === 'SELL' ? got.sellAmount : got.buyAmount;
          return (
            fixed === amount && boughtValue <= soldValue && Number.isSafeInteger(got.sellAmount) && Number.isSafeInteger(got.buyAmount)
          );
        },
      ),
    );
  });
});
