import { describe, expect, it } from 'vitest';
import { chipValueText } from './chip-text.ts';
import type { SearchField } from './fields.ts';

const status: SearchField = {
  key: 'status',
  label: 'Status',
  type: 'multiSelect',
  options: [
    { value: 'SETTLED', label: 'Settled' },
    { value: 'FAILED', label: 'Failed' },
  ],
};

describe('chipValueText', () => {
  it('shows option labels, not codes', () => {
    expect(chipValueText({ ...status, type: 'select' }, 'SETTLED')).toBe('Settled');
    expect(chipValueText(status, ['SETTLED', 'FAILED'])).toBe('Settled, Failed');
  });

  it('shows amounts in units with grouping, and ranges', () => {
    const range: SearchField = { key: 'a', label: 'Amount', type: 'amountRange' };
    expect(chipValueText({ key: 'a', label: 'Amount', type: 'amount' }, 123456789)).toBe('1,234,567.89');
    expect(chipValueText(range, { min: 1000, max: 250000 })).toBe('10.00 – 2,500.00');
    expect(chipValueText(range, { min: 1000 })).toBe('≥ 10.00');
    expect(chipValueText(range, { max: 5 })).toBe('≤ 0.05');
  });

  it('shows dates and times as the merchant reads them', () => {
    expect(chipValueText({ key: 'd', label: 'Date', type: 'daterange' }, { from: '2026-01-08', to: '2026-01-15' })).toBe(
      '2026-01-08 – 2026-01-15',
    );
    expect(chipValueText({ key: 'd', label: 'Date', type: 'daterange' }, { from: '2026-01-08', to: '2026-01-08' })).toBe('2026-01-08');
    expect(
      chipValueText({ key: 't', label: 'Time', type: 'datetimerange' }, { start: '2026-01-08T10:00:00', end: '2026-01-08T11:30:00' }),
    ).toBe('2026-01-08 10:00:00 – 2026-01-08 11:30:00');
  });

  it('names a fully checked branch by its parent', () => {
    const field: SearchField = {
      key: 'p',
      label: 'Product',
      type: 'selectDeep',
      tree: [
        {
          value: 'BR',
          label: 'Brazil',
          children: [
            { value: 'PIX', label: 'PIX' },
            { value: 'TED', label: 'TED' },
          ],
        },
        {
          value: 'MX',
          label: 'Mexico',
          children: [
            { value: 'SPEI', label: 'SPEI' },
            { value: 'OXXO', label: 'OXXO' },
          ],
        },
      ],
    };
    expect(chipValueText(field, ['PIX', 'TED', 'OXXO'])).toBe('Brazil, OXXO');
  });
});
