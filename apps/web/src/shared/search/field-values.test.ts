import { describe, expect, it } from 'vitest';
import { defaultValues, emptyDraft, readDraft, valueToDraft } from './field-values.ts';
import type { SearchField } from './fields.ts';

const ctx = { timeZone: 'America/Mexico_City', now: Date.parse('2026-01-15T18:00:00Z') };

const f = {
  ref: { key: 'ref', label: 'Reference', type: 'input', maxLength: 8 },
  bin: { key: 'bin', label: 'BIN', type: 'input', pattern: { regex: /^[0-9]{6}$/, message: 'Six digits' } },
  amount: { key: 'amount', label: 'Amount', type: 'amount' },
  range: { key: 'range', label: 'Amount range', type: 'amountRange' },
  status: {
    key: 'status',
    label: 'Status',
    type: 'select',
    options: [
      { value: 'SETTLED', label: 'Settled' },
      { value: 'FAILED', label: 'Failed' },
    ],
  },
  statuses: {
    key: 'statuses',
    label: 'Statuses',
    type: 'multiSelect',
    options: [
      { value: 'SETTLED', label: 'Settled' },
      { value: 'FAILED', label: 'Failed' },
    ],
  },
  dates: { key: 'dates', label: 'Created', type: 'daterange', spanDays: 31, defaultLastWeek: true },
  far: { key: 'far', label: 'Expires', type: 'daterange', longRange: true },
  times: { key: 'times', label: 'Time', type: 'datetimerange' },
  at: { key: 'at', label: 'At', type: 'datetime' },
} satisfies Record<string, SearchField>;

describe('readDraft', () => {
  it('trims text, treats empty as no filter, and checks length and pattern', () => {
    expect(readDraft(f.ref, '  ABC ', ctx)).toEqual({ ok: true, value: 'ABC' });
    expect(readDraft(f.ref, '   ', ctx)).toEqual({ ok: true, value: undefined });
    expect(readDraft(f.ref, '123456789', ctx)).toEqual({ ok: false, error: { key: 'search.error.tooLong', params: { max: 8 } } });
    expect(readDraft(f.bin, '12345', ctx)).toMatchObject({ ok: false, error: { message: 'Six digits' } });
    expect(readDraft({ ...f.ref, required: true }, '', ctx)).toEqual({ ok: false, error: { key: 'search.error.required' } });
  });

  it('turns amounts into exact cents with the spec normaliser', () => {
    expect(readDraft(f.amount, '12。5', ctx)).toEqual({ ok: true, value: 1250 });
    expect(readDraft(f.amount, '１２３.４５', ctx)).toEqual({ ok: true, value: 12345 });
    expect(readDraft(f.amount, '0.1', ctx)).toEqual({ ok: true, value: 10 });
    expect(readDraft(f.amount, 'abc', ctx)).toEqual({ ok: false, error: { key: 'search.error.amountInvalid' } });
    expect(valueToDraft(f.amount, 1250)).toBe('12.50');
  });

  it('takes an amount range with either side, min not above max', () => {
    expect(readDraft(f.range, { min: '10', max: '' }, ctx)).toEqual({ ok: true, value: { min: 1000 } });
    expect(readDraft(f.range, { min: '', max: '99.99' }, ctx)).toEqual({ ok: true, value: { max: 9999 } });
    expect(readDraft(f.range, { min: '5', max: '5' }, ctx)).toEqual({ ok: true, value: { min: 500, max: 500 } });
    expect(readDraft(f.range, { min: '6', max: '5' }, ctx)).toEqual({ ok: false, error: { key: 'search.error.amountOrder' } });
    expect(readDraft(f.range, emptyDraft(f.range), ctx)).toEqual({ ok: true, value: undefined });
  });

  it('accepts only known options, in option order', () => {
    expect(readDraft(f.status, 'SETTLED', ctx)).toEqual({ ok: true, value: 'SETTLED' });
    expect(readDraft(f.status, 'PAID', ctx)).toEqual({ ok: false, error: { key: 'search.error.optionUnknown' } });
    expect(readDraft(f.statuses, ['FAILED', 'SETTLED'], ctx)).toEqual({ ok: true, value: ['SETTLED', 'FAILED'] });
    expect(readDraft(f.statuses, [], ctx)).toEqual({ ok: true, value: undefined });
  });

  it('applies the date rules of spec §5 in the merchant zone', () => {
    expect(readDraft(f.dates, { from: '2026-01-01', to: '2026-01-15' }, ctx)).toEqual({
      ok: true,
      value: { from: '2026-01-01', to: '2026-01-15' },
    });
    expect(readDraft(f.dates, { from: '2026-01-10', to: '2026-01-16' }, ctx)).toMatchObject({
      ok: false,
      error: { key: 'search.error.dateOutOfBounds', params: { min: '2025-08-15', max: '2026-01-15' } },
    });
    expect(readDraft(f.dates, { from: '2025-08-14', to: '2025-08-20' }, ctx)).toMatchObject({ ok: false });
    expect(readDraft(f.dates, { from: '2026-01-10', to: '2026-01-09' }, ctx)).toEqual({
      ok: false,
      error: { key: 'search.error.dateOrder' },
    });
    expect(readDraft(f.dates, { from: '2025-11-01', to: '2026-01-01' }, ctx)).toEqual({
      ok: false,
      error: { key: 'search.error.dateSpan', params: { days: 31 } },
    });
    expect(readDraft(f.dates, { from: '2026-01-01', to: undefined }, ctx)).toEqual({
      ok: false,
      error: { key: 'search.error.dateIncomplete' },
    });
  });

  it('the 100-year variant allows future dates and reads an end beyond 2099 as today', () => {
    expect(readDraft(f.far, { from: '2026-01-01', to: '2030-01-01' }, ctx)).toEqual({
      ok: true,
      value: { from: '2026-01-01', to: '2030-01-01' },
    });
    expect(readDraft(f.far, { from: '2026-01-01', to: '2125-01-01' }, ctx)).toEqual({
      ok: true,
      value: { from: '2026-01-01', to: '2026-01-15' },
    });
  });

  it('checks date-time ranges by their dates and order', () => {
    expect(readDraft(f.times, { start: '2026-01-15T08:00:00', end: '2026-01-15T09:00:00' }, ctx)).toMatchObject({ ok: true });
    expect(readDraft(f.times, { start: '2026-01-15T09:00:00', end: '2026-01-15T08:00:00' }, ctx)).toMatchObject({
      ok: false,
      error: { key: 'search.error.dateOrder' },
    });
    expect(readDraft(f.at, '2026-01-16T00:00:00', ctx)).toMatchObject({ ok: false, error: { key: 'search.error.dateOutOfBounds' } });
    expect(readDraft(f.at, '2026-01-15 10:00', ctx)).toMatchObject({ ok: false, error: { key: 'search.error.dateInvalid' } });
  });
});

describe('defaultValues', () => {
  it('gives the one-week default to date ranges that ask for it', () => {
    expect(defaultValues(Object.values(f), ctx)).toEqual({ dates: { from: '2026-01-08', to: '2026-01-15' } });
  });
});
