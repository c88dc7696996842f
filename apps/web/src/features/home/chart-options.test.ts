import { describe, expect, it } from 'vitest';
import { amountBarsChart, amountLinesChart, dailyTransactionsChart, productPieChart, realTimeChart } from './chart-options.ts';

const point = (date: string, count: number, amount: number) => ({ date, count, amount, successCount: count, successAmount: amount });
const daily = { caption: 'Pay-in per day', date: 'Date', count: 'Transactions', amount: 'Amount' };

describe('home chart options', () => {
  it('puts counts on the left axis and amounts on the right, with the exact figures in the table', () => {
    const chart = dailyTransactionsChart([point('2026-01-14', 3, 123_456_789), point('2026-01-15', 0, 0)], 'BRL', daily);
    expect(chart.empty).toBe(false);
    expect(chart.table).toEqual({
      caption: 'Pay-in per day',
      columns: ['Date', 'Transactions', 'Amount'],
      rows: [
        ['2026-01-14', '3', 'R$ 1,234,567.89'],
        ['2026-01-15', '0', 'R$ 0.00'],
      ],
    });
    const yAxis = chart.option.yAxis as { axisLabel?: { formatter(value: number): string } }[];
    expect(yAxis[1]?.axisLabel?.formatter(123_456_789)).toBe('1.23M');
    const series = chart.option.series as { data: number[]; yAxisIndex: number; tooltip: { valueFormatter(v: unknown): string } }[];
    expect(series.map((s) => [s.yAxisIndex, s.data])).toEqual([
      [0, [3, 0]],
      [1, [123_456_789, 0]],
    ]);
    expect(series[1]?.tooltip.valueFormatter(123_456_789)).toBe('R$ 1,234,567.89');
  });

  it('is empty when no day has a transaction', () => {
    expect(dailyTransactionsChart([point('2026-01-14', 0, 0)], 'BRL', daily).empty).toBe(true);
    expect(dailyTransactionsChart([], 'BRL', daily).empty).toBe(true);
  });

  it('lists the bars, slices and lines exactly in their tables', () => {
    const labels = { caption: 'c', x: 'Date', amount: 'Amount', count: 'Transactions' };
    expect(amountBarsChart([{ date: '2026-01-16', amount: 50_000, count: 2 }], 'MXN', labels).table.rows).toEqual([
      ['2026-01-16', 'MXN$ 500.00', '2'],
    ]);
    expect(amountBarsChart([], 'MXN', labels).empty).toBe(true);
    expect(productPieChart([{ name: 'PIX', count: 1_234, amount: 99 }], 'BRL', labels).table.rows).toEqual([['PIX', '1,234', 'R$ 0.99']]);
    const lines = amountLinesChart(['2026-01-14', '2026-01-15'], [{ name: 'SPEI', amounts: [100, 0] }], 'MXN', { caption: 'c', x: 'Date' });
    expect(lines.table.columns).toEqual(['Date', 'SPEI']);
    expect(lines.table.rows).toEqual([
      ['2026-01-14', 'MXN$ 1.00'],
      ['2026-01-15', 'MXN$ 0.00'],
    ]);
    expect(amountLinesChart(['2026-01-14'], [{ name: 'SPEI', amounts: [0] }], 'MXN', { caption: 'c', x: 'Date' }).empty).toBe(true);
  });

  it('shows today up to the current hour beside yesterday’s whole day', () => {
    const chart = realTimeChart([100, 300], [50, 50, 80], 'COP', { caption: 'c', x: 'Hour', today: 'Today', yesterday: 'Yesterday' });
    expect(chart.table.rows).toEqual([
      ['00:00', 'COP$ 1.00', 'COP$ 0.50'],
      ['01:00', 'COP$ 3.00', 'COP$ 0.50'],
      ['02:00', '--', 'COP$ 0.80'],
    ]);
    expect(realTimeChart([0], [0, 0], 'COP', { caption: 'c', x: 'Hour', today: 'Today', yesterday: 'Yesterday' }).empty).toBe(true);
  });
});
