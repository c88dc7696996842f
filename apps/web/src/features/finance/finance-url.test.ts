import { describe, expect, it } from 'vitest';
import { FIRST_PAGE } from '../../shared/list/keyset.ts';
import {
  periodOf,
  periodRequestOf,
  reportDownloadOf,
  reportRequestOf,
  statementDownloadOf,
  statementRequestOf,
  transactionTaxRequestOf,
} from './finance-url.ts';

const zone = 'America/Sao_Paulo';
// 2026-01-15 14:05 in São Paulo.
const now = Date.parse('2026-01-15T17:05:00Z');
const week = { from: '2026-01-08', to: '2026-01-15' };
const ctx = { country: 'BR', accountType: 'PAY_IN', timeZone: zone, canChooseHolder: true, now } as const;

describe('the finance screens’ URL', () => {
  it('keeps a period within 25 months back and 366 days, else the last week in the zone', () => {
    expect(periodOf(undefined, zone, now)).toEqual(week);
    expect(periodOf({ from: '2024-01-15', to: '2025-01-14' }, zone, now)).toEqual({ from: '2024-01-15', to: '2025-01-14' });
    expect(periodOf({ from: '2024-01-15', to: '2025-01-15' }, zone, now)).toEqual(week);
    expect(periodOf({ from: '2023-12-14', to: '2023-12-31' }, zone, now)).toEqual(week);
    expect(periodOf({ from: '2026-01-10', to: '2026-01-16' }, zone, now)).toEqual(week);
  });

  it('reads the statement request: holder, period, type, category and keyword; bad values dropped', () => {
    const params = new URLSearchParams('subMerchantId=31&range=2025-12-01~2025-12-31&type=FEE&category=NOPE&keyword=%20PI1%20&pageSize=10');
    expect(statementRequestOf(ctx, params, FIRST_PAGE)).toEqual({
      country: 'BR',
      accountType: 'PAY_IN',
      subMerchantId: 31,
      range: { from: '2025-12-01', to: '2025-12-31' },
      type: 'FEE',
      keyword: 'PI1',
      pageSize: 10,
    });
    // Who may not choose a holder never sends one.
    expect(statementRequestOf({ ...ctx, canChooseHolder: false }, params, FIRST_PAGE)).not.toHaveProperty('subMerchantId');
    expect(statementRequestOf(ctx, new URLSearchParams(), { page: 2, cursor: 'c2', previous: null })).toEqual({
      country: 'BR',
      accountType: 'PAY_IN',
      range: week,
      pageSize: 20,
      cursor: 'c2',
    });
  });

  it('derives the download, the reconciliation and a transaction’s taxes from the statement request', () => {
    const request = statementRequestOf(ctx, new URLSearchParams('subMerchantId=31&category=FEE&cursor=c2&page=2'), {
      page: 2,
      cursor: 'c2',
      previous: null,
    });
    expect(statementDownloadOf(request, 'xlsx', 'zh-CN')).toEqual({
      country: 'BR',
      accountType: 'PAY_IN',
      subMerchantId: 31,
      range: week,
      category: 'FEE',
      format: 'xlsx',
      language: 'zh-CN',
    });
    expect(periodRequestOf(request)).toEqual({ country: 'BR', accountType: 'PAY_IN', subMerchantId: 31, range: week });
    expect(transactionTaxRequestOf(request, 'PI1')).toEqual({
      country: 'BR',
      accountType: 'PAY_IN',
      subMerchantId: 31,
      transactionKey: 'PI1',
    });
  });

  it('reads the report request: a bill type of the page (else its first) and the period', () => {
    const report = { ...ctx, billTypes: ['PAYMENT_LINK', 'TRANSACTION'] as const };
    expect(reportRequestOf(report, new URLSearchParams('billType=TRANSACTION'), FIRST_PAGE)).toEqual({
      country: 'BR',
      accountType: 'PAY_IN',
      billType: 'TRANSACTION',
      range: week,
      pageSize: 20,
    });
    const request = reportRequestOf(report, new URLSearchParams('billType=ACCOUNT&range=2026-01-01~2026-01-10'), FIRST_PAGE);
    expect(request).toMatchObject({ billType: 'PAYMENT_LINK', range: { from: '2026-01-01', to: '2026-01-10' } });
    expect(reportDownloadOf(request, 'csv', 'en')).toEqual({
      country: 'BR',
      accountType: 'PAY_IN',
      billType: 'PAYMENT_LINK',
      range: { from: '2026-01-01', to: '2026-01-10' },
      format: 'csv',
      language: 'en',
    });
  });
});
