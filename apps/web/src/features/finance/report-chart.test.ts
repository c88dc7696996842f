import type { DailyMoneyRow, DailyTransactionRow } from '@andes/contract/finance/schemas';
import { describe, expect, it } from 'vitest';
import { moneyChart, successRate, transactionsChart } from './report-chart.ts';

const money = (date: string, net: number, closing: number | null): DailyMoneyRow => ({
  date,
  openingBalance: closing === null ? null : closing - net,
  closingBalance: closing,
  payin: Math.max(net, 0),
  payout: Math.min(net, 0),
  refund: 0,
  chargeback: 0,
  fee: 0,
  tax: 0,
  fx: 0,
  other: 0,
  net,
  payinCount: 1,
  payoutCount: 0,
  refundCount: 0,
  chargebackCount: 0,
});
const labels = { caption: 'Net and closing', date: 'Date', net: 'Net', closing: 'Closing' };

describe('the daily report’s chart', () => {
  it('draws the days oldest first: net bars (red when money left) and the closing balance on its own axis', () => {
    const chart = moneyChart([money('2026-01-15', -5_000, 120_000), money('2026-01-14', 25_000, 125_000)], 'BRL', labels);
    expect(chart.empty).toBe(false);
    const option = chart.option as { xAxis: { data: string[] }; yAxis: unknown[]; series: { type: string; data: unknown[] }[] };
    expect(option.xAxis.data).toEqual(['2026-01-14', '2026-01-15']);
    expect(option.yAxis).toHaveLength(2);
    expect(option.series.map((s) => s.type)).toEqual(['bar', 'line']);
    expect(option.series[0]?.data).toEqual([
      { value: 25_000, itemStyle: { color: '#237804' } },
      { value: -5_000, itemStyle: { color: '#cf1322' } },
    ]);
    expect(option.series[1]?.data).toEqual([125_000, 120_000]);
    expect(chart.table.rows).toEqual([
      ['2026-01-14', 'R$ 250.00', 'R$ 1,250.00'],
      ['2026-01-15', '-R$ 50.00', 'R$ 1,200.00'],
    ]);
  });

  it('draws no balance line for money without balances (payment links, stores)', () => {
    const chart = moneyChart([money('2026-01-15', 100, null)], 'MXN', labels);
    const option = chart.option as { yAxis: unknown[]; series: unknown[] };
    expect(option.yAxis).toHaveLength(1);
    expect(option.series).toHaveLength(1);
    expect(chart.table.columns).toEqual(['Date', 'Net']);
    expect(moneyChart([], 'MXN', labels).empty).toBe(true);
  });

  it('draws transactions and successful ones per day; a period without transactions is empty', () => {
    const day = (date: string, count: number, successCount: number): DailyTransactionRow => ({
      date,
      count,
      amount: 0,
      successCount,
      successAmount: 0,
      failedCount: count - successCount,
      fee: 0,
      vat: 0,
    });
    const chart = transactionsChart([day('2026-01-15', 1_200, 1_100), day('2026-01-14', 3, 3)], {
      caption: 'c',
      date: 'Date',
      count: 'All',
      success: 'OK',
    });
    expect(chart.table.rows).toEqual([
      ['2026-01-14', '3', '3'],
      ['2026-01-15', '1,200', '1,100'],
    ]);
    expect(transactionsChart([day('2026-01-15', 0, 0)], { caption: 'c', date: 'Date', count: 'All', success: 'OK' }).empty).toBe(true);
  });

  it('gives the success rate with one decimal, none without transactions', () => {
    expect(successRate(63, 65, 'en')).toBe('96.9%');
    expect(successRate(1, 3, 'zh-CN')).toBe('33.3%');
    expect(successRate(0, 0, 'en')).toBe('');
  });
});
