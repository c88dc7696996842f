import { TRANSACTION_STATUSES } from '@andes/contract/common/enums';
import { describe, expect, test } from 'vitest';
import { type StatusEvent, TRANSITIONS, transitionOf } from './transaction-states.ts';

describe('transaction state machine', () => {
  test('a pay-in progresses, settles (even after FAILED or EXPIRED), and only a settled one is refunded, charged back or held', () => {
    expect(transitionOf('PAYIN_IN_PROGRESS', 'T1', 'PAY_IN', 'CREATED')).toEqual({ ok: true, to: 'IN_PROGRESS', fact: false });
    expect(transitionOf('PAYIN_SETTLED', 'T1', 'PAY_IN', 'EXPIRED')).toEqual({ ok: true, to: 'SETTLED', fact: true });
    expect(transitionOf('PAYIN_SETTLED', 'T1', 'PAY_IN', 'CANCELLED')).toEqual({
      ok: false,
      reason: 'WRONG_STATUS',
      message: 'Transaction T1 is CANCELLED: it cannot be settled',
    });
    expect(transitionOf('PAYIN_FAILED', 'T1', 'PAY_IN', 'SETTLED')).toEqual({
      ok: false,
      reason: 'WRONG_STATUS',
      message: 'Transaction T1 is SETTLED: it cannot become FAILED',
    });
    for (const e of ['PAYIN_REFUNDED', 'PAYIN_CHARGED_BACK', 'PAYIN_HELD'] as const) {
      expect(transitionOf(e, 'T1', 'PAY_IN', 'SETTLED').ok).toBe(true);
      expect(transitionOf(e, 'T1', 'PAY_IN', 'IN_PROGRESS').ok).toBe(false);
    }
    expect(transitionOf('PAYIN_CHARGED_BACK', 'T1', 'PAY_IN', 'CHARGED_BACK').ok).toBe(true);
    expect(transitionOf('PAYIN_REFUNDED', 'T1', 'PAY_IN', 'REFUNDED').ok).toBe(false);
  });

  test('payouts and marketplace orders end once; pay-in events do not apply to them, nor theirs to pay-ins', () => {
    for (const type of ['PAY_OUT', 'MARKET_PLACE_ORDERS'] as const) {
      for (const end of ['PAYOUT_SETTLED', 'PAYOUT_FAILED', 'PAYOUT_REJECTED', 'PAYOUT_CANCELLED'] as const) {
        expect(transitionOf(end, 'P1', type, 'IN_PROGRESS').ok).toBe(true);
        for (const done of ['SETTLED', 'FAILED', 'REJECTED', 'CANCELLED'] as const)
          expect(transitionOf(end, 'P1', type, done).ok).toBe(false);
      }
    }
    expect(transitionOf('PAYIN_SETTLED', 'P1', 'PAY_OUT', 'CREATED')).toEqual({
      ok: false,
      reason: 'WRONG_TYPE',
      message: 'Transaction P1 is a PAY_OUT: it cannot be settled by this event (it concerns PAY_IN)',
    });
    expect(transitionOf('PAYOUT_SETTLED', 'T1', 'PAY_IN', 'CREATED').ok).toBe(false);
    expect(transitionOf('PAYOUT_SETTLED', 'R1', 'REFUND', 'REFUNDED').ok).toBe(false);
  });

  test('progress reports can be stale, money facts never; every target status is a transaction status', () => {
    const progress = (Object.keys(TRANSITIONS) as StatusEvent[]).filter((e) => !TRANSITIONS[e].fact).sort();
    expect(progress).toEqual([
      'PAYIN_AUTHORISED',
      'PAYIN_CANCELLED',
      'PAYIN_EXPIRED',
      'PAYIN_FAILED',
      'PAYIN_IN_PROGRESS',
      'PAYIN_REJECTED',
      'PAYOUT_IN_PROGRESS',
    ]);
    for (const t of Object.values(TRANSITIONS)) {
      for (const s of t.from) expect(TRANSACTION_STATUSES).toContain(s);
      if (t.to !== null) expect(TRANSACTION_STATUSES).toContain(t.to);
    }
  });
});
