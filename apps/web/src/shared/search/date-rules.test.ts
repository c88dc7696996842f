import { describe, expect, it } from 'vitest';
import {
  clampEndDate,
  clampEndDateTime,
  fieldBounds,
  isDateDisabled,
  isLocalDateTime,
  localDateTimeRangeToUtc,
  localDateTimeToUtc,
  localNow,
  secondDateBounds,
} from './date-rules.ts';

// 18:00 UTC is 12:00 in Mexico City (UTC-6) and already 07:00 the next day in Auckland.
const now = Date.parse('2026-01-15T18:00:00Z');
const mx = { timeZone: 'America/Mexico_City', now };

describe('search date rules', () => {
  it('offers five months back to today in the merchant zone', () => {
    expect(fieldBounds({}, mx)).toEqual({ min: '2025-08-15', max: '2026-01-15' });
    expect(fieldBounds({}, { timeZone: 'Pacific/Auckland', now })).toEqual({ min: '2025-08-16', max: '2026-01-16' });
  });

  it('the 100-year variant reaches 100 years after today', () => {
    expect(fieldBounds({ longRange: true }, mx)).toEqual({ min: '2025-08-15', max: '2126-01-15' });
  });

  it('disables dates after today and before the window', () => {
    const bounds = fieldBounds({}, mx);
    expect(isDateDisabled('2026-01-16', {}, bounds)).toBe(true);
    expect(isDateDisabled('2026-01-15', {}, bounds)).toBe(false);
    expect(isDateDisabled('2025-08-14', {}, bounds)).toBe(true);
    expect(isDateDisabled('2025-08-15', {}, bounds)).toBe(false);
  });

  it('once the first date is picked, the second may not precede it', () => {
    const bounds = fieldBounds({}, mx);
    expect(secondDateBounds({}, '2026-01-01', bounds)).toEqual({ min: '2026-01-01', max: '2026-01-15' });
    expect(isDateDisabled('2025-12-31', {}, bounds, '2026-01-01')).toBe(true);
  });

  it('a configured span limits the other date to that many days around the first', () => {
    const bounds = fieldBounds({}, mx);
    expect(secondDateBounds({ spanDays: 3 }, '2026-01-05', bounds)).toEqual({ min: '2026-01-02', max: '2026-01-08' });
    expect(secondDateBounds({ spanDays: 31 }, '2026-01-05', bounds)).toEqual({ min: '2025-12-05', max: '2026-01-15' });
    expect(isDateDisabled('2026-01-09', { spanDays: 3 }, bounds, '2026-01-05')).toBe(true);
  });

  it('an end beyond 2099 means now', () => {
    expect(clampEndDate('2100-01-01', mx)).toBe('2026-01-15');
    expect(clampEndDate('2099-12-31', mx)).toBe('2099-12-31');
    expect(clampEndDateTime('2150-06-01T00:00:00', mx)).toBe('2026-01-15T12:00:00');
    expect(localNow(mx)).toBe('2026-01-15T12:00:00');
  });

  it('reads wall-clock times in the zone as UTC instants', () => {
    expect(isLocalDateTime('2026-01-15T09:30:00')).toBe(true);
    expect(isLocalDateTime('2026-02-30T09:30:00')).toBe(false);
    expect(isLocalDateTime('2026-01-15T24:00:00')).toBe(false);
    expect(localDateTimeToUtc('America/Mexico_City', '2026-01-15T09:30:00')).toBe('2026-01-15T15:30:00.000Z');
    expect(localDateTimeToUtc('Asia/Shanghai', '2026-01-15T09:30:00')).toBe('2026-01-15T01:30:00.000Z');
    // Santiago is UTC-3 in January (summer time), UTC-4 in July.
    expect(localDateTimeToUtc('America/Santiago', '2026-07-01T00:00:00')).toBe('2026-07-01T04:00:00.000Z');
    expect(localDateTimeRangeToUtc('America/Santiago', '2026-01-01T00:00:00', '2026-01-01T23:59:59')).toEqual({
      start: '2026-01-01T03:00:00.000Z',
      end: '2026-01-02T03:00:00.000Z',
    });
  });

  it('a time skipped by a daylight-saving change lands after the jump', () => {
    // Santiago, 2025-09-07: 00:00 (UTC-4) jumps to 01:00 (UTC-3).
    const instant = localDateTimeToUtc('America/Santiago', '2025-09-07T00:30:00');
    expect(instant).toBe('2025-09-07T04:30:00.000Z');
  });
});
