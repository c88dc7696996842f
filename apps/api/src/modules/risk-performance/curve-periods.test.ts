import { describe, expect, it } from 'vitest';
import { periodOf, periodsOf } from './curve-periods.ts';

describe('curve periods', () => {
  it('names an ISO week by its Monday, across a year boundary', () => {
    expect(periodOf('2026-01-01', 'weekly')).toBe('2025-12-29'); // a Thursday
    expect(periodOf('2026-03-02', 'weekly')).toBe('2026-03-02'); // a Monday
    expect(periodOf('2026-03-08', 'weekly')).toBe('2026-03-02'); // the Sunday after
  });
  it('names a month by its first day and a day by itself', () => {
    expect(periodOf('2026-02-28', 'monthly')).toBe('2026-02-01');
    expect(periodOf('2026-02-28', 'daily')).toBe('2026-02-28');
  });
  it('lists every period touching the range, partial ones included', () => {
    expect(periodsOf('2026-03-04', '2026-03-16', 'weekly')).toEqual(['2026-03-02', '2026-03-09', '2026-03-16']);
    expect(periodsOf('2026-01-31', '2026-03-01', 'monthly')).toEqual(['2026-01-01', '2026-02-01', '2026-03-01']);
    expect(periodsOf('2026-02-27', '2026-03-01', 'daily')).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
  });
});
