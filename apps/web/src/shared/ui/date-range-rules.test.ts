import { pickerBounds } from '@andes/contract/common/dates';
import { describe, expect, it } from 'vitest';
import { isPickerDateDisabled, rangeWithinBounds } from './date-range-rules.ts';

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
});
