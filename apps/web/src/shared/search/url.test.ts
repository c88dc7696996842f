import { describe, expect, it } from 'vitest';
import { patchParams } from '../list/url-params.ts';
import type { SearchField, SearchValues } from './fields.ts';
import { searchParamsPatch, searchValuesFromParams } from './url.ts';

const ctx = { timeZone: 'America/Mexico_City', now: Date.parse('2026-01-15T18:00:00Z') };

const fields: SearchField[] = [
  { key: 'q', label: 'Search', type: 'input' },
  { key: 'amount', label: 'Amount', type: 'amount' },
  { key: 'range', label: 'Range', type: 'amountRange' },
  { key: 'status', label: 'Status', type: 'select', options: [{ value: 'SETTLED', label: 'Settled' }] },
  {
    key: 'statuses',
    label: 'Statuses',
    type: 'multiSelect',
    options: [
      { value: 'SETTLED', label: 'Settled' },
      { value: 'FAILED', label: 'Failed' },
    ],
  },
  {
    key: 'product',
    label: 'Product',
    type: 'selectDeep',
    tree: [{ value: 'BR', label: 'Brazil', children: [{ value: 'PIX', label: 'PIX' }] }],
  },
  { key: 'at', label: 'At', type: 'datetime' },
  { key: 'dates', label: 'Dates', type: 'daterange', defaultLastWeek: true },
  { key: 'times', label: 'Times', type: 'datetimerange' },
];

const roundTrip = (values: SearchValues) =>
  searchValuesFromParams(fields, patchParams(new URLSearchParams(), searchParamsPatch(fields, values)), ctx);

describe('search values in the URL', () => {
  it('round-trips every field type exactly', () => {
    const values: SearchValues = {
      q: 'a b&c',
      amount: 123450,
      range: { min: 1 },
      status: 'SETTLED',
      statuses: ['SETTLED', 'FAILED'],
      product: ['PIX'],
      at: '2026-01-10T08:30:00',
      dates: { from: '2026-01-01', to: '2026-01-02' },
      times: { start: '2026-01-01T00:00:00', end: '2026-01-01T12:00:00' },
    };
    expect(roundTrip(values)).toEqual(values);
    expect(patchParams(new URLSearchParams(), searchParamsPatch(fields, values)).toString()).toContain('amount=1234.50');
  });

  it('removes the parameter of a removed filter', () => {
    const params = patchParams(new URLSearchParams('status=SETTLED&other=1'), searchParamsPatch(fields, {}));
    expect(params.toString()).toBe('other=1');
  });

  it('drops parameters that fail the field rules, and falls back to the default range', () => {
    const params = new URLSearchParams({
      amount: '12.345',
      range: '9~1',
      status: 'PAID',
      statuses: 'FAILED,NOPE',
      at: '2027-01-01T00:00:00',
      dates: '2026-01-10~2026-02-01',
      times: 'garbage',
    });
    expect(searchValuesFromParams(fields, params, ctx)).toEqual({ dates: { from: '2026-01-08', to: '2026-01-15' } });
  });
});
