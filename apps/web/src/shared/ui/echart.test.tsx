import { render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Amount } from './amount.tsx';
import { EChart } from './echart.tsx';
import type { EChartOption } from './echart-option.ts';

const option: EChartOption = {
  xAxis: { type: 'category', data: ['2026-01-14', '2026-01-15'] },
  yAxis: { type: 'value' },
  series: [{ type: 'line', name: 'Amount', data: [100, 250] }],
};
const table = {
  caption: 'Amount per day',
  columns: ['Date', 'Amount'],
  rows: [
    ['2026-01-14', 'R$ 1.00'],
    ['2026-01-15', 'R$ 2.50'],
  ],
};

describe('EChart', () => {
  it('draws the chart on demand as an image named by its summary, with the data as a table', async () => {
    const view = render(<EChart option={option} height={200} summary="Amount rose from R$ 1.00 to R$ 2.50" table={table} />);
    const image = screen.getByRole('img', { name: 'Amount rose from R$ 1.00 to R$ 2.50' });
    await waitFor(() => expect(image.querySelector('svg')).not.toBeNull());
    const data = screen.getByRole('table', { name: 'Amount per day' });
    expect(within(data).getByRole('row', { name: '2026-01-15 R$ 2.50' })).toBeTruthy();
    view.unmount();
  });

  it('shows an empty state instead of a chart without data', () => {
    render(<EChart option={option} height={200} summary="s" table={table} empty emptyText="No transactions in these dates" />);
    expect(screen.getByText('No transactions in these dates')).toBeTruthy();
    expect(screen.queryByRole('img')).toBeNull();
  });
});

describe('Amount', () => {
  it('abbreviates from 1,000 units and keeps the exact amount for screen readers', () => {
    render(
      <>
        <Amount cents={123_456_789} currency="BRL" abbreviate />
        <Amount cents={99_999} currency="BRL" abbreviate />
        <Amount cents={-500_000} currency="USD" />
        <Amount cents={100_000} currency="USD" signed />
      </>,
    );
    expect(screen.getByText('R$ 1.23M').getAttribute('aria-hidden')).toBe('true');
    expect(screen.getByText('R$ 1,234,567.89').className).toBe('andes-visually-hidden');
    expect(screen.getByText('R$ 999.99')).toBeTruthy();
    expect(screen.getByText('-US$ 5,000.00')).toBeTruthy();
    expect(screen.getByText('+US$ 1,000.00')).toBeTruthy();
  });
});
