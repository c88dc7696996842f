import { describe, expect, it } from 'vitest';
import { abbreviateCents, centsToUnits, formatSignedCents } from './amount-format.ts';

describe('amount display', () => {
  it('abbreviates with K, M and B after the currency symbol, cutting rather than rounding up', () => {
    expect(abbreviateCents(123_456, 'BRL')).toBe('R$ 1.23K');
    expect(abbreviateCents(99_999_999, 'BRL')).toBe('R$ 999.99K');
    expect(abbreviateCents(150_000_000, 'MXN')).toBe('MXN$ 1.5M');
    expect(abbreviateCents(200_000_000_000, 'USD')).toBe('US$ 2B');
    expect(abbreviateCents(99_999, 'COP')).toBe('COP$ 999.99');
    expect(abbreviateCents(0, 'ZAR')).toBe('R 0');
  });

  it('puts the minus sign before the symbol, and can leave the symbol out', () => {
    expect(abbreviateCents(-500_000, 'USD')).toBe('-US$ 5K');
    expect(abbreviateCents(-500_000, 'USD', { symbol: false })).toBe('-5K');
    expect(abbreviateCents(-1, 'USD')).toBe('-US$ 0.01');
  });

  it('turns cents into units through their digits', () => {
    expect(centsToUnits(123_456_789)).toBe(1_234_567.89);
    expect(centsToUnits(-5)).toBe(-0.05);
    expect(centsToUnits(Number.MAX_SAFE_INTEGER)).toBe(90_071_992_547_409.91);
  });

  it('signs movements: plus for money in, minus for money out', () => {
    expect(formatSignedCents(100_000, 'USD')).toBe('+US$ 1,000.00');
    expect(formatSignedCents(-2_050, 'USD')).toBe('-US$ 20.50');
    expect(formatSignedCents(0, 'USD')).toBe('US$ 0.00');
  });
});
