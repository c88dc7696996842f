import { pickerBounds } from '@andes/contract/common/dates';
import { describe, expect, it } from 'vitest';
import { isPickerDateDisabled, isRangeAllowed, rangeBounds, rangeWithinBounds } from './date-range-rules.ts';

// 2026-01-15 02:00 UTC is still 2026-01-14 in São Paulo (UTC-3).
const now = Date.parse('2026-01-15T02:00:00Z');
const zone = 'America/Sao_Paulo';

describe('date-range rules', () => {
  it('disables dates after today in the merchant’s zone and before five months back', () => {
    const bounds = pickerBounds(zone, now);
    expect(bounds).toEqual({ min: '2025-08-14', max: '2026-01-14' });
    expect(isPickerDateDisabled('2026-01-14', bounds)).toBe(false);
    expect(isPickerDateDisabled('2026-01-15', bounds)).toBe(true);
    expect(isPickerDateDisabled('2025-08-14', bounds)).toBe(false);
    expect(isPickerDateDisabled('2025-08-13', bounds)).toBe(true);
  });

  it('once a first date is picked, the other may not be before it', () => {
    const bounds = pickerBounds(zone, now);
    expect(isPickerDateDisabled('2026-01-01', bounds, '2026-01-05')).toBe(true);
    expect(isPickerDateDisabled('2026-01-05', bounds, '2026-01-05')).toBe(false);
    expect(isPickerDateDisabled('2026-01-10', bounds, '2026-01-05')).toBe(false);
  });

  it('keeps a valid range and replaces anything else with the default week', () => {
    expect(rangeWithinBounds({ from: '2026-01-01', to: '2026-01-10' }, zone, now)).toEqual({ from: '2026-01-01', to: '2026-01-10' });
    const week = { from: '2026-01-07', to: '2026-01-14' };
    expect(rangeWithinBounds({}, zone, now)).toEqual(week);
    expect(rangeWithinBounds({ from: '2026-01-10', to: '2026-01-01' }, zone, now)).toEqual(week);
    expect(rangeWithinBounds({ from: '2026-01-01', to: '2026-01-15' }, zone, now)).toEqual(week);
    expect(rangeWithinBounds({ from: '2025-01-01', to: '2026-01-10' }, zone, now)).toEqual(week);
    expect(rangeWithinBounds({ from: 'yesterday', to: '2026-01-10' }, zone, now)).toEqual(week);
  });

  it('reaches further back and limits the span where a screen says so (finance: 25 months, 366 days)', () => {
    const limits = { monthsBack: 25, maxSpanDays: 366 };
    const bounds = rangeBounds(zone, now, limits);
    expect(bounds).toEqual({ min: '2023-12-14', max: '2026-01-14' });
    expect(rangeBounds(zone, now)).toEqual(pickerBounds(zone, now));
    // Once a date is picked, the other lies at most 365 days either side (366 days, both ends counted).
    expect(isPickerDateDisabled('2025-01-14', bounds, '2026-01-14', 366)).toBe(false);
    expect(isPickerDateDisabled('2025-01-13', bounds, '2026-01-14', 366)).toBe(true);
    expect(isPickerDateDisabled('2024-12-31', bounds, '2024-01-01', 366)).toBe(false);
    expect(isPickerDateDisabled('2025-01-01', bounds, '2024-01-01', 366)).toBe(true);
    expect(isRangeAllowed({ from: '2024-01-01', to: '2024-12-31' }, bounds, 366)).toBe(true);
    expect(isRangeAllowed({ from: '2024-01-01', to: '2025-01-01' }, bounds, 366)).toBe(false);
    expect(isRangeAllowed({ from: '2023-12-13', to: '2023-12-20' }, bounds, 366)).toBe(false);
    expect(rangeWithinBounds({ from: '2024-06-01', to: '2025-05-31' }, zone, now, limits)).toEqual({
      from: '2024-06-01',
      to: '2025-05-31',
    });
    expect(rangeWithinBounds({ from: '2024-02-01', to: '2025-02-01' }, zone, now, limits)).toEqual({
      from: '2026-01-07',
      to: '2026-01-14',
    });
  });
});
