import { describe, expect, it } from 'vitest';
import { bpsToPercent, feeText, groupByProduct } from './product-terms.ts';

describe('bpsToPercent', () => {
  it.each([
    [249, '2.49%'],
    [250, '2.5%'],
    [500, '5%'],
    [5, '0.05%'],
    [50, '0.5%'],
    [0, '0%'],
    [1_600, '16%'],
    [10_000, '100%'],
    [1_001, '10.01%'],
  ])('%i bps is %s', (bps, text) => {
    expect(bpsToPercent(bps)).toBe(text);
  });

  it('refuses what is not a non-negative integer', () => {
    expect(() => bpsToPercent(-1)).toThrow(RangeError);
    expect(() => bpsToPercent(2.5)).toThrow(RangeError);
    expect(() => bpsToPercent(Number.NaN)).toThrow(RangeError);
  });
});

describe('feeText', () => {
  it('joins the percent and the fixed amount', () => {
    expect(feeText(249, 35, 'BRL')).toBe('2.49% + R$ 0.35');
    expect(feeText(100, 150_000, 'MXN')).toBe('1% + MXN$ 1,500.00');
  });

  it('shows only the part there is', () => {
    expect(feeText(249, 0, 'BRL')).toBe('2.49%');
    expect(feeText(0, 35, 'BRL')).toBe('R$ 0.35');
    expect(feeText(0, 0, 'BRL')).toBe('0%');
  });
});

describe('groupByProduct', () => {
  it('keeps the product order and leaves out a product with no entry', () => {
    const entries = [
      { id: 1, product: 'payout' as const },
      { id: 2, product: 'payin' as const },
      { id: 3, product: 'payin' as const },
    ];
    expect(groupByProduct(entries)).toEqual([
      { product: 'payin', entries: [entries[1], entries[2]] },
      { product: 'payout', entries: [entries[0]] },
    ]);
    expect(groupByProduct([])).toEqual([]);
  });
});
