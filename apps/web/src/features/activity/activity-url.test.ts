import { describe, expect, it } from 'vitest';
import { FIRST_PAGE } from '../../shared/list/keyset.ts';
import { patchParams } from '../../shared/list/url-params.ts';
import {
  activityExportRequestOf,
  activityFilterParams,
  activityFiltersOf,
  activityPageRequestOf,
  isExportableRange,
} from './activity-url.ts';

const zone = 'America/Mexico_City';
const now = Date.parse('2026-01-15T18:00:00Z');

describe('activity URL', () => {
  it('defaults to the last week in the merchant’s zone', () => {
    expect(activityFiltersOf(new URLSearchParams(), zone, now)).toEqual({
      range: { from: '2026-01-08', to: '2026-01-15' },
      actor: undefined,
      events: [],
      outcome: undefined,
    });
  });

  it('reads dates, actor, events and outcome, dropping unknown values', () => {
    const params = new URLSearchParams('from=2026-01-01&to=2026-01-10&actor=ana&events=SIGN_IN_FAILED,NOPE,MFA_FAILED&outcome=FAILURE');
    const filters = activityFiltersOf(params, zone, now);
    expect(filters).toEqual({
      range: { from: '2026-01-01', to: '2026-01-10' },
      actor: 'ana',
      events: ['SIGN_IN_FAILED', 'MFA_FAILED'],
      outcome: 'FAILURE',
    });
    expect(activityPageRequestOf(filters, zone, params, FIRST_PAGE)).toEqual({
      timeZone: zone,
      range: { from: '2026-01-01', to: '2026-01-10' },
      actor: 'ana',
      events: ['SIGN_IN_FAILED', 'MFA_FAILED'],
      outcome: 'FAILURE',
      pageSize: 20,
    });
  });

  it('refuses future dates and dates more than five months back', () => {
    const week = { from: '2026-01-08', to: '2026-01-15' };
    expect(activityFiltersOf(new URLSearchParams('from=2026-01-10&to=2026-01-16'), zone, now).range).toEqual(week);
    expect(activityFiltersOf(new URLSearchParams('from=2025-08-01&to=2026-01-10'), zone, now).range).toEqual(week);
  });

  it('writes the filters to the URL and builds the export request', () => {
    const filters = { range: { from: '2026-01-01', to: '2026-01-10' }, actor: ' ana ', events: ['MFA_BOUND' as const], outcome: undefined };
    expect(patchParams(new URLSearchParams(), activityFilterParams(filters)).toString()).toBe(
      'from=2026-01-01&to=2026-01-10&actor=ana&events=MFA_BOUND',
    );
    expect(activityExportRequestOf({ ...filters, actor: 'ana' }, zone)).toEqual({
      timeZone: zone,
      range: { from: '2026-01-01', to: '2026-01-10' },
      actor: 'ana',
      events: ['MFA_BOUND'],
    });
  });

  it('exports at most 93 days', () => {
    expect(isExportableRange({ from: '2025-10-15', to: '2026-01-15' })).toBe(true);
    expect(isExportableRange({ from: '2025-10-14', to: '2026-01-15' })).toBe(false);
  });
});
