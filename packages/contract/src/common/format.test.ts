import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { abbreviateAmount, maskAccountNumber, orEmpty } from './format.ts';

describe('maskAccountNumber', () => {
  it('leaves numbers of up to 22 characters as they are', () => {
    expect(maskAccountNumber('')).toBe('');
    expect(maskAccountNumber('0001234567')).toBe('0001234567');
    expect(maskAccountNumber('1234567890123456789012')).toBe('1234567890123456789012');
  });

  it('shows the first 10, three stars and the last 9 of a longer number', () => {
    expect(maskAccountNumber('12345678901234567890123')).toBe('1234567890***567890123');
    expect(maskAccountNumber('ABCDEFGHIJ_middle_part_is_hidden_123456789')).toBe('ABCDEFGHIJ***123456789');
  });

  it('always yields 22 characters from a longer number, keeping its ends', () => {
    fc.assert(
      fc.property(fc.string({ minLength: 23, maxLength: 80, unit: 'binary-ascii' }), (account) => {
        const masked = maskAccountNumber(account);
        expect(masked).toHaveLength(22);
        expect(masked.startsWith(account.slice(0, 10))).toBe(true);
        expect(masked.endsWith(account.slice(-9))).toBe(true);
        expect(masked.slice(10, 13)).toBe('***');
      }),
    );
  });
});

describe('orEmpty', () => {
  it.each([
    [null, '--'],
    [undefined, '--'],
    ['', '--'],
    ['   ', '--'],
    [Number.NaN, '--'],
    [0, '0'],
    [false, 'false'],
    ['abc', 'abc'],
    [12.5, '12.5'],
    [10n, '10'],
  ])('%s → %s', (value, shown) => {
    expect(orEmpty(value)).toBe(shown);
  });
});

describe('abbreviateAmount', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [0.29, '0.29'],
    [12.5, '12.5'],
    [999.999, '999.99'],
    [1000, '1K'],
    [1234, '1.23K'],
    [1500, '1.5K'],
    [999_999, '999.99K'],
    [1_000_000, '1M'],
    [1_234_567, '1.23M'],
    [1_000_000_000, '1B'],
    [123_456_789_012, '123.45B'],
    [1_234_567_890_123, '1,234.56B'],
    [-1234, '-1.23K'],
    [-0.001, '0'],
    [1e26, '100,000,000,000,000,000B'],
    [1e30, '100,000,000,000,000,000B'],
    [Number.POSITIVE_INFINITY, '--'],
    [Number.NaN, '--'],
  ])('%d → %s', (units, shown) => {
    expect(abbreviateAmount(units)).toBe(shown);
  });

  it('never shows more than two decimals nor rounds a value into the next unit', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e26, max: 1e26, noNaN: true }), (units) => {
        const shown = abbreviateAmount(units);
        expect(shown).toMatch(/^-?\d{1,3}(,\d{3})*(\.\d{1,2})?[KMB]?$/);
        const mantissa = Number(shown.replace(/[-,KMB]/g, ''));
        if (/[KM]$/.test(shown)) expect(mantissa).toBeLessThan(1000);
        if (!/[KMB]$/.test(shown)) expect(Math.abs(units)).toBeLessThan(1000);
      }),
    );
  });
});
