import { describe, expect, it } from 'vitest';
import { isReversed, normalizeNumber } from './numeric-range.ts';

describe('numeric range', () => {
  it('is reversed only when both ends are given and the minimum is more', () => {
    expect(isReversed({ min: '10', max: '2' })).toBe(true);
    expect(isReversed({ min: '2', max: '10' })).toBe(false);
    expect(isReversed({ min: '5', max: '5' })).toBe(false);
    expect(isReversed({ min: '5', max: '' })).toBe(false);
    expect(isReversed({ min: '', max: '1' })).toBe(false);
    expect(isReversed({ min: '10.5', max: '10.25' })).toBe(true);
  });

  it('keeps digits and one decimal point', () => {
    expect(normalizeNumber('1a2.3.4')).toBe('12.34');
    expect(normalizeNumber('-7')).toBe('7');
    expect(normalizeNumber('12.')).toBe('12.');
  });
});
