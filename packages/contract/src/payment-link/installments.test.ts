import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { INSTALLMENT_RULES, installmentPlans, offersInstallments } from './schemas.ts';

describe('installmentPlans', () => {
  test('cards in BR offer 2 to 12, in MX 3, 6, 9 and 12; nothing else offers any', () => {
    expect(installmentPlans('BR', 'CARD', 100_000).map((p) => p.count)).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]);
    expect(installmentPlans('MX', 'CARD', 1_000_000).map((p) => p.count)).toEqual([3, 6, 9, 12]);
    expect(installmentPlans('BR', 'PIX', 100_000)).toEqual([]);
    expect(installmentPlans('CO', 'CARD', 100_000)).toEqual([]);
    expect(offersInstallments('MX', 'CARD')).toBe(true);
    expect(offersInstallments('CL', 'CARD')).toBe(false);
  });

  test('the first installment takes the odd cents', () => {
    const three = installmentPlans('BR', 'CARD', 10_001).find((p) => p.count === 3);
    expect(three).toEqual({ count: 3, installmentAmount: 3_333, firstAmount: 3_335, total: 10_001, available: true, minTotal: 1_500 });
  });

  test('a plan is available only when each installment reaches the minimum (BR 5.00, MX 100.00)', () => {
    const br = installmentPlans('BR', 'CARD', 1_000);
    expect(br.find((p) => p.count === 2)?.available).toBe(true);
    expect(br.find((p) => p.count === 3)?.available).toBe(false);
    expect(br.find((p) => p.count === 3)?.minTotal).toBe(1_500);
    const mx = installmentPlans('MX', 'CARD', 60_000);
    expect(mx.filter((p) => p.available).map((p) => p.count)).toEqual([3, 6]);
    expect(mx.find((p) => p.count === 12)?.minTotal).toBe(120_000);
  });

  test('the installments always sum exactly to the total', () => {
    fc.assert(
      fc.property(fc.constantFrom('BR' as const, 'MX' as const), fc.integer({ min: 1, max: 10_000_000_000 }), (country, amount) => {
        const plans = installmentPlans(country, 'CARD', amount);
        for (const p of plans) {
          expect(p.firstAmount + p.installmentAmount * (p.count - 1)).toBe(amount);
          expect(p.firstAmount).toBeGreaterThanOrEqual(p.installmentAmount);
          expect(p.firstAmount - p.installmentAmount).toBeLessThan(p.count);
          expect(p.installmentAmount).toBeGreaterThan(0);
          expect(p.available).toBe(amount >= p.count * (INSTALLMENT_RULES[country]?.minInstallment ?? 0));
        }
      }),
    );
  });
});
