import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { COUNTRY_INFO } from './countries.ts';
import {
  addDays,
  addMonths,
  addYears,
  CalendarDateSchema,
  clampEndInstant,
  clampEndYear,
  DATE_RANGE_ORDER_MESSAGE,
  DateRangeSchema,
  daysBetween,
  defaultRange,
  endPickerBounds,
  formatDateTime,
  isCalendarDate,
  isValidRange,
  isValidTimeZone,
  localDateOf,
  localDateRangeToUtc,
  longRangeEnd,
  pickerBounds,
  spanLimitedBounds,
  startOfLocalDay,
  TimeZoneSchema,
  todayIn,
  zoneOffsetMs,
} from './dates.ts';

const at = (iso: string) => Date.parse(iso);
const HOUR = 3_600_000;

describe('calendar dates', () => {
  it.each([
    ['2024-02-29', true],
    ['2023-02-29', false],
    ['2024-04-31', false],
    ['2024-13-01', false],
    ['2024-00-10', false],
    ['2024-1-01', false],
    ['2024-01-01T00:00:00Z', false],
    ['0000-01-01', false],
    ['0001-01-01', true],
    ['9999-12-31', true],
    ['', false],
  ])('%j is a date: %s', (value, ok) => {
    expect(isCalendarDate(value)).toBe(ok);
  });

  it('adds days across months, years and leap days', () => {
    expect(addDays('2024-02-28', 1)).toBe('2024-02-29');
    expect(addDays('2023-02-28', 1)).toBe('2023-03-01');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-01-01', -7)).toBe('2023-12-25');
    expect(() => addDays('9999-12-31', 1)).toThrow(RangeError);
    expect(() => addDays('2024-02-30', 1)).toThrow(RangeError);
  });

  it('adds months, landing on the last day of a shorter month', () => {
    expect(addMonths('2024-03-31', -1)).toBe('2024-02-29');
    expect(addMonths('2023-03-31', -1)).toBe('2023-02-28');
    expect(addMonths('2024-07-31', -5)).toBe('2024-02-29');
    expect(addMonths('2024-01-15', 13)).toBe('2025-02-15');
    expect(addMonths('2024-02-10', -5)).toBe('2023-09-10');
    expect(addMonths('0001-03-31', -1)).toBe('0001-02-28');
  });

  it('adds years; 29 February becomes 28 February in a common year', () => {
    expect(addYears('2000-02-29', 100)).toBe('2100-02-28');
    expect(addYears('2024-02-29', 4)).toBe('2028-02-29');
  });

  it('counts days between dates', () => {
    expect(daysBetween('2024-01-01', '2024-12-31')).toBe(365);
    expect(daysBetween('2024-03-10', '2024-03-03')).toBe(-7);
  });
});

describe('time zones', () => {
  it('knows real zones only', () => {
    expect(isValidTimeZone('America/Santiago')).toBe(true);
    expect(isValidTimeZone('UTC')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus_Mons')).toBe(false);
    expect(isValidTimeZone('')).toBe(false);
    expect(TimeZoneSchema.safeParse('Africa/Johannesburg').success).toBe(true);
    expect(TimeZoneSchema.safeParse('UTC+8').success).toBe(false);
  });

  it('computes offsets with daylight saving', () => {
    expect(zoneOffsetMs('America/Santiago', at('2024-07-01T12:00:00Z'))).toBe(-4 * HOUR);
    expect(zoneOffsetMs('America/Santiago', at('2024-12-01T12:00:00Z'))).toBe(-3 * HOUR);
    expect(zoneOffsetMs('America/New_York', at('2024-07-01T12:00:00Z'))).toBe(-4 * HOUR);
    expect(zoneOffsetMs('America/New_York', at('2024-01-01T12:00:00Z'))).toBe(-5 * HOUR);
    expect(zoneOffsetMs('Asia/Kolkata', at('2024-01-01T12:00:00Z'))).toBe(5.5 * HOUR);
  });

  it('tells today in the merchant zone, not the machine one', () => {
    const now = at('2024-03-10T02:30:00Z');
    expect(todayIn('America/New_York', now)).toBe('2024-03-09');
    expect(todayIn('America/Sao_Paulo', now)).toBe('2024-03-09');
    expect(todayIn('UTC', now)).toBe('2024-03-10');
    expect(todayIn('Africa/Johannesburg', now)).toBe('2024-03-10');
    expect(todayIn('America/Sao_Paulo', at('2024-01-01T02:59:59.999Z'))).toBe('2023-12-31');
    expect(todayIn('America/Sao_Paulo', at('2024-01-01T03:00:00Z'))).toBe('2024-01-01');
    expect(todayIn('UTC', new Date('2024-05-05T00:00:00Z'))).toBe('2024-05-05');
  });

  it('formats an instant in the zone, optionally naming the offset', () => {
    expect(formatDateTime('2024-09-08T04:00:00Z', 'America/Santiago')).toBe('2024-09-08 01:00:00');
    expect(formatDateTime(at('2024-09-08T04:00:00Z'), 'America/Santiago', { withZone: true })).toBe('2024-09-08 01:00:00 (UTC-3)');
    expect(formatDateTime(new Date('2024-01-15T00:00:05Z'), 'Asia/Kolkata', { withZone: true })).toBe('2024-01-15 05:30:05 (UTC+5:30)');
    expect(() => formatDateTime('not a date', 'UTC')).toThrow(RangeError);
  });
});

describe('local day starts and UTC ranges', () => {
  it('starts a plain day at local midnight', () => {
    expect(new Date(startOfLocalDay('America/Sao_Paulo', '2024-06-01')).toISOString()).toBe('2024-06-01T03:00:00.000Z');
    expect(new Date(startOfLocalDay('Asia/Kolkata', '2024-01-01')).toISOString()).toBe('2023-12-31T18:30:00.000Z');
    expect(localDateRangeToUtc('America/Mexico_City', '2024-03-01', '2024-03-31')).toEqual({
      start: '2024-03-01T06:00:00.000Z',
      end: '2024-04-01T06:00:00.000Z',
    });
  });

  it('gives New York 23 hours on the spring change and 25 on the autumn one', () => {
    const spring = localDateRangeToUtc('America/New_York', '2024-03-10', '2024-03-10');
    expect(spring).toEqual({ start: '2024-03-10T05:00:00.000Z', end: '2024-03-11T04:00:00.000Z' });
    const autumn = localDateRangeToUtc('America/New_York', '2024-11-03', '2024-11-03');
    expect(autumn).toEqual({ start: '2024-11-03T04:00:00.000Z', end: '2024-11-04T05:00:00.000Z' });
    expect(at(autumn.end) - at(autumn.start)).toBe(25 * HOUR);
  });

  it('starts a Santiago day whose midnight is skipped at the change, 01:00 local', () => {
    const range = localDateRangeToUtc('America/Santiago', '2024-09-08', '2024-09-08');
    expect(range).toEqual({ start: '2024-09-08T04:00:00.000Z', end: '2024-09-09T03:00:00.000Z' });
    expect(formatDateTime(range.start, 'America/Santiago')).toBe('2024-09-08 01:00:00');
    expect(localDateOf('America/Santiago', at(range.start) - 1)).toBe('2024-09-07');
  });

  it('finds a skipped midnight east of Greenwich too (Beirut, UTC+2 → +3 at 00:00)', () => {
    const start = startOfLocalDay('Asia/Beirut', '2024-03-31');
    expect(new Date(start).toISOString()).toBe('2024-03-30T22:00:00.000Z');
    expect(formatDateTime(start, 'Asia/Beirut')).toBe('2024-03-31 01:00:00');
  });

  it('gives the Santiago day before the April change 25 hours', () => {
    const range = localDateRangeToUtc('America/Santiago', '2024-04-06', '2024-04-06');
    expect(range).toEqual({ start: '2024-04-06T03:00:00.000Z', end: '2024-04-07T04:00:00.000Z' });
  });

  it('starts every day at the first instant whose local date is that day', () => {
    const zones = [
      ...Object.values(COUNTRY_INFO).map((c) => c.timezoneName),
      'UTC',
      'Asia/Kolkata',
      'Pacific/Kiritimati',
      'Asia/Beirut',
      'America/Havana',
      'America/Asuncion',
      'Asia/Tehran',
    ];
    fc.assert(
      fc.property(fc.constantFrom(...zones), fc.integer({ min: 0, max: 365 * 30 }), (zone, offset) => {
        const date = addDays('2010-01-01', offset);
        const start = startOfLocalDay(zone, date);
        expect(localDateOf(zone, start)).toBe(date);
        expect(localDateOf(zone, start - 1)).toBe(addDays(date, -1));
      }),
      { numRuns: 300 },
    );
  });

  it('refuses a reversed or malformed range', () => {
    expect(() => localDateRangeToUtc('UTC', '2024-03-02', '2024-03-01')).toThrow(RangeError);
    expect(() => localDateRangeToUtc('UTC', '2024-02-30', '2024-03-01')).toThrow(RangeError);
    expect(() => localDateRangeToUtc('Nowhere/Zone', '2024-03-01', '2024-03-01')).toThrow(RangeError);
  });
});

describe('picker rules', () => {
  it('lets the search pickers reach five months back, up to today in the zone', () => {
    expect(pickerBounds('America/Sao_Paulo', at('2024-07-31T12:00:00Z'))).toEqual({ min: '2024-02-29', max: '2024-07-31' });
    expect(pickerBounds('America/Sao_Paulo', at('2024-08-01T02:00:00Z'))).toEqual({ min: '2024-02-29', max: '2024-07-31' });
    expect(pickerBounds('UTC', at('2024-08-01T02:00:00Z'))).toEqual({ min: '2024-03-01', max: '2024-08-01' });
  });

  it('defaults to one week back to today', () => {
    expect(defaultRange('America/Lima', at('2024-03-05T15:00:00Z'))).toEqual({ from: '2024-02-27', to: '2024-03-05' });
  });

  it('starts the second date at the first one', () => {
    expect(endPickerBounds('2024-05-10', { min: '2024-02-29', max: '2024-07-31' })).toEqual({ min: '2024-05-10', max: '2024-07-31' });
  });

  it('accepts an end on or after the start, within the bounds', () => {
    const bounds = { min: '2024-02-29', max: '2024-07-31' };
    expect(isValidRange('2024-03-01', '2024-03-01')).toBe(true);
    expect(isValidRange('2024-03-01', '2024-03-31', bounds)).toBe(true);
    expect(isValidRange('2024-03-02', '2024-03-01')).toBe(false);
    expect(isValidRange('2024-02-28', '2024-03-01', bounds)).toBe(false);
    expect(isValidRange('2024-07-01', '2024-08-01', bounds)).toBe(false);
    expect(isValidRange('2024-03-01', '2024-03-32')).toBe(false);
  });

  it('reads an end beyond 2099 as now', () => {
    expect(clampEndYear('2100-01-01', '2024-06-01')).toBe('2024-06-01');
    expect(clampEndYear('9999-12-31', '2024-06-01')).toBe('2024-06-01');
    expect(clampEndYear('2099-12-31', '2024-06-01')).toBe('2099-12-31');
    const now = at('2024-06-01T10:00:00Z');
    expect(clampEndInstant('2100-01-01T00:00:00Z', now)).toBe(now);
    expect(clampEndInstant('2099-12-31T23:59:59Z', now)).toBe(at('2099-12-31T23:59:59Z'));
    expect(clampEndInstant('2100-01-01T03:00:00Z', now, 'America/New_York')).toBe(at('2100-01-01T03:00:00Z'));
  });

  it('extends the 100-year variant by 100 years, then the 2099 rule applies', () => {
    expect(longRangeEnd('2024-06-01')).toBe('2124-06-01');
    expect(clampEndYear(longRangeEnd('1990-06-01'), '2024-06-01')).toBe('2090-06-01');
    expect(clampEndYear(longRangeEnd('2024-06-01'), '2024-06-01')).toBe('2024-06-01');
  });

  it('limits a span around the first picked date', () => {
    expect(spanLimitedBounds('2024-06-15', 30)).toEqual({ min: '2024-05-16', max: '2024-07-15' });
    expect(spanLimitedBounds('2024-06-15', 0)).toEqual({ min: '2024-06-15', max: '2024-06-15' });
    expect(spanLimitedBounds('2024-07-20', 31, { min: '2024-02-29', max: '2024-07-31' })).toEqual({ min: '2024-06-19', max: '2024-07-31' });
    expect(() => spanLimitedBounds('2024-06-15', -1)).toThrow(RangeError);
    expect(() => spanLimitedBounds('2024-06-15', 1.5)).toThrow(RangeError);
  });
});

describe('date schemas', () => {
  it('parses dates and ordered ranges', () => {
    expect(CalendarDateSchema.safeParse('2024-02-29').success).toBe(true);
    expect(CalendarDateSchema.safeParse('2024-02-30').success).toBe(false);
    expect(DateRangeSchema.safeParse({ from: '2024-03-01', to: '2024-03-01' }).success).toBe(true);
    const reversed = DateRangeSchema.safeParse({ from: '2024-03-02', to: '2024-03-01' });
    expect(reversed.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['to', DATE_RANGE_ORDER_MESSAGE]]);
  });
});
