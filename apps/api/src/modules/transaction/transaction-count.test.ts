import { describe, expect, test } from 'vitest';
import type { TransactionFilter } from './transaction.repository.ts';
import { countPlanOf, statsRangesOf } from './transaction-count.ts';

const merchant = { merchantId: 7, subMerchantId: null };
const filter = (from: string, to: string, more: Partial<TransactionFilter> = {}): TransactionFilter => ({
  country: 'BR',
  transactionTypes: ['PAY_IN'],
  createdFrom: new Date(from),
  createdTo: new Date(to),
  statuses: [],
  productTypes: [],
  subMerchantIds: [],
  ...more,
});

describe('statsRangesOf: whole local days as ranges of the figures', () => {
  test('days of one month are read as days, or as the month minus the fewer other days', () => {
    expect(statsRangesOf('2026-03-02', '2026-03-06')).toEqual([{ level: 'day', from: '2026-03-02', to: '2026-03-06', sign: 1 }]);
    expect(statsRangesOf('2026-03-02', '2026-03-30')).toEqual([
      { level: 'month', from: '2026-03', to: '2026-04', sign: 1 },
      { level: 'day', from: '2026-03-01', to: '2026-03-02', sign: -1 },
      { level: 'day', from: '2026-03-30', to: '2026-04-01', sign: -1 },
    ]);
  });

  test('the five-month window: its first days, then whole months to the end of this month, minus the days after today', () => {
    expect(statsRangesOf('2026-06-22', '2026-11-23')).toEqual([
      { level: 'day', from: '2026-06-22', to: '2026-07-01', sign: 1 },
      { level: 'month', from: '2026-07', to: '2026-12', sign: 1 },
      { level: 'day', from: '2026-11-23', to: '2026-12-01', sign: -1 },
    ]);
  });

  test('month boundaries at both ends give whole months only; a year boundary is crossed', () => {
    expect(statsRangesOf('2025-11-01', '2026-02-01')).toEqual([{ level: 'month', from: '2025-11', to: '2026-02', sign: 1 }]);
    expect(statsRangesOf('2026-03-01', '2026-03-01')).toEqual([]);
  });
});

describe('countPlanOf: what the figures answer, and the partial days at the edges', () => {
  test('local midnight to local midnight (São Paulo, UTC-3): no edge', () => {
    expect(countPlanOf(merchant, filter('2026-03-02T03:00:00Z', '2026-03-06T03:00:00Z'))).toEqual({
      stats: [{ level: 'day', from: '2026-03-02', to: '2026-03-06', sign: 1 }],
      edges: [],
    });
  });

  test('a datetime window: the whole days between, and each partial day from the rows', () => {
    expect(countPlanOf(merchant, filter('2026-03-02T02:59:59.999Z', '2026-03-05T15:00:00Z'))).toEqual({
      stats: [{ level: 'day', from: '2026-03-02', to: '2026-03-05', sign: 1 }],
      edges: [
        { from: new Date('2026-03-02T02:59:59.999Z'), to: new Date('2026-03-02T03:00:00Z') },
        { from: new Date('2026-03-05T03:00:00Z'), to: new Date('2026-03-05T15:00:00Z') },
      ],
    });
  });

  test("the country's own zone: Santiago's day of 25 hours when daylight saving ends (5 April 2026)", () => {
    // 4 April starts at 03:00Z (UTC-3), 5 April at 04:00Z (UTC-4).
    expect(countPlanOf(merchant, filter('2026-04-04T03:00:00Z', '2026-04-05T04:00:00Z', { country: 'CL' }))).toEqual({
      stats: [{ level: 'day', from: '2026-04-04', to: '2026-04-05', sign: 1 }],
      edges: [],
    });
  });

  test.each<[string, Partial<TransactionFilter>]>([
    ['an amount', { amountMin: 1 }],
    ['a refund status', { refundStatus: 'FULL' }],
    ['the hold flag', { holdStatus: 1 }],
    ['an identifier', { uniqueId: 'X1' }],
    ['a document', { document: '123' }],
    ['a card BIN', { cardBin: '411111' }],
    ['payment links', { paymentLink: true }],
    ['a store platform', { storePlatform: 'SHOPIFY' }],
    ['no window (the deep query)', { createdFrom: null, createdTo: null }],
    ['the merchant itself as a sub-merchant', { subMerchantIds: [7] }],
  ])('%s: counted from the rows', (_name, more) => {
    expect(countPlanOf(merchant, filter('2026-03-02T03:00:00Z', '2026-03-06T03:00:00Z', more))).toBeNull();
  });

  test('a window within one local day has no whole day: counted from the rows', () => {
    expect(countPlanOf(merchant, filter('2026-03-05T03:00:00Z', '2026-03-05T20:00:00Z'))).toBeNull();
    expect(countPlanOf(merchant, filter('2026-03-05T10:00:00Z', '2026-03-06T20:00:00Z'))).toBeNull();
  });
});
