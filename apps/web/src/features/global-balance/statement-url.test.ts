import { describe, expect, it } from 'vitest';
import { FIRST_PAGE } from '../../shared/list/keyset.ts';
import { statementFilterParams, statementFiltersOf, statementRequestOf } from './statement-url.ts';

// 2026-01-15 02:00 UTC is still 2026-01-14 in São Paulo.
const now = Date.parse('2026-01-15T02:00:00Z');
const zone = 'America/Sao_Paulo';

describe('global statement URL', () => {
  it('reads the filters, dropping unknown values and defaulting the dates to the last week', () => {
    const params = new URLSearchParams('businessType=TOPUP&targetCountry=XX&from=2026-01-01&to=2026-01-30');
    expect(statementFiltersOf(params, zone, now)).toEqual({
      businessType: 'TOPUP',
      targetCountry: undefined,
      range: { from: '2026-01-07', to: '2026-01-14' },
    });
    expect(statementFiltersOf(new URLSearchParams('targetCountry=BR&from=2026-01-01&to=2026-01-10'), zone, now)).toEqual({
      businessType: undefined,
      targetCountry: 'BR',
      range: { from: '2026-01-01', to: '2026-01-10' },
    });
  });

  it('makes the page request with the zone, the page size and the cursor', () => {
    const params = new URLSearchParams('businessType=TRANSFER_OUT&pageSize=10');
    const filters = statementFiltersOf(params, zone, now);
    expect(statementRequestOf(filters, zone, params, { page: 2, cursor: 'abc', previous: [null] })).toEqual({
      businessType: 'TRANSFER_OUT',
      range: { from: '2026-01-07', to: '2026-01-14' },
      timezoneName: zone,
      pageSize: 10,
      cursor: 'abc',
    });
    expect(statementRequestOf(filters, zone, new URLSearchParams('pageSize=33'), FIRST_PAGE).pageSize).toBe(20);
  });

  it('writes the filters back as parameters', () => {
    expect(
      statementFilterParams({ businessType: undefined, targetCountry: 'MX', range: { from: '2026-01-01', to: '2026-01-02' } }),
    ).toEqual({
      businessType: undefined,
      targetCountry: 'MX',
      from: '2026-01-01',
      to: '2026-01-02',
    });
  });
});
