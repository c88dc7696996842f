import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CURRENCIES } from './countries.ts';
import { CentsSchema, CURRENCY_SYMBOLS, centsToUnitsString, formatCents, groupThousands, PositiveCentsSchema } from './money.ts';
import { parseAmountToCents } from './validators.ts';

describe('CURRENCY_SYMBOLS', () => {
  it('has the symbols of spec §3 for every currency', () => {
    expect(CURRENCY_SYMBOLS).toEqual({
      BRL: 'R$',
      MXN: 'MXN$',
      USD: 'US$',
      COP: 'COP$',
      CLP: 'CLP$',
      PEN: 'PEN',
      ZAR: 'R',
      EUR: 'EU€',
    });
    expect(Object.keys(CURRENCY_SYMBOLS).sort()).toEqual([...CURRENCIES].sort());
  });
});

describe('groupThousands', () => {
  it.each([
    ['0', '0'],
    ['999', '999'],
    ['1000', '1,000'],
    ['123456', '123,456'],
    ['1234567', '1,234,567'],
  ])('%s → %s', (digits, grouped) => {
    expect(groupThousands(digits)).toBe(grouped);
  });
});

describe('centsToUnitsString', () => {
  it.each([
    [0, '0.00'],
    [5, '0.05'],
    [-5, '-0.05'],
    [100, '1.00'],
    [123456, '1234.56'],
    [-123456, '-1234.56'],
    [Number.MAX_SAFE_INTEGER, '90071992547409.91'],
    [-0, '0.00'],
  ])('%d cents → %s', (cents, units) => {
    expect(centsToUnitsString(cents)).toBe(units);
  });

  it('is exact for bigint beyond the safe integers', () => {
    expect(centsToUnitsString(12345678901234567890n)).toBe('123456789012345678.90');
  });

  it('refuses a fractional or unsafe number', () => {
    expect(() => centsToUnitsString(1.5)).toThrow(RangeError);
    expect(() => centsToUnitsString(2 ** 60)).toThrow(RangeError);
    expect(() => centsToUnitsString(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatCents', () => {
  it.each([
    [123456, 'BRL', 'R$ 1,234.56'],
    [100, 'MXN', 'MXN$ 1.00'],
    [0, 'USD', 'US$ 0.00'],
    [1, 'COP', 'COP$ 0.01'],
    [100_000, 'CLP', 'CLP$ 1,000.00'],
    [99, 'PEN', 'PEN 0.99'],
    [123456789, 'ZAR', 'R 1,234,567.89'],
    [-123456, 'EUR', '-EU€ 1,234.56'],
    [-5, 'BRL', '-R$ 0.05'],
  ] as const)('%d %s → %s', (cents, currency, shown) => {
    expect(formatCents(cents, currency)).toBe(shown);
  });

  it('leaves the symbol out on request', () => {
    expect(formatCents(123456789, 'BRL', { symbol: false })).toBe('1,234,567.89');
    expect(formatCents(-100, 'BRL', { symbol: false })).toBe('-1.00');
  });

  it('round-trips through the amount parser for every safe amount', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        const shown = formatCents(cents, 'USD', { symbol: false });
        expect(shown).toMatch(/^\d{1,3}(,\d{3})*\.\d{2}$/);
        expect(parseAmountToCents(shown.replace(/,/g, ''))).toBe(cents);
        expect(parseAmountToCents(centsToUnitsString(cents))).toBe(cents);
      }),
    );
  });

  it('shows a negative amount as the positive one with a minus in front', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: Number.MAX_SAFE_INTEGER }), (cents) => {
        expect(formatCents(-cents, 'BRL')).toBe(`-${formatCents(cents, 'BRL')}`);
      }),
    );
  });
});

describe('cents schemas', () => {
  it('accepts whole cents only', () => {
    expect(CentsSchema.safeParse(-500).success).toBe(true);
    expect(CentsSchema.safeParse(1.5).success).toBe(false);
    expect(CentsSchema.safeParse(2 ** 53).success).toBe(false);
  });

  it('requires a positive amount where one is due', () => {
    expect(PositiveCentsSchema.safeParse(1).success).toBe(true);
    const zero = PositiveCentsSchema.safeParse(0);
    expect(zero.success).toBe(false);
    expect(zero.error?.issues[0]?.message).toBe('Amount must be greater than 0');
  });
});
