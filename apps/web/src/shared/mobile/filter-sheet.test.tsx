import { fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { dialogNamed } from '../../test/antd-helpers.ts';
import type { SearchField, SearchValues } from '../search/fields.ts';
import { FilterSheet } from './filter-sheet.tsx';

const ctx = { timeZone: 'America/Mexico_City', now: Date.parse('2026-01-15T18:00:00Z') };

const fields: SearchField[] = [
  {
    key: 'type',
    label: 'Type',
    type: 'select',
    options: [
      { value: 'PAY_IN', label: 'Pay-in' },
      { value: 'PAY_OUT', label: 'Pay-out' },
    ],
  },
  {
    key: 'product',
    label: 'Product',
    type: 'selectDeep',
    tree: [
      {
        value: 'MX',
        label: 'Mexico',
        children: [
          { value: 'SPEI', label: 'SPEI' },
          { value: 'OXXO', label: 'OXXO' },
        ],
      },
    ],
  },
  { key: 'amount', label: 'Amount', type: 'amount' },
  { key: 'dates', label: 'Created', type: 'daterange', defaultLastWeek: true },
];

function renderSheet(value: SearchValues) {
  const onApply = vi.fn();
  const onClose = vi.fn();
  render(<FilterSheet open onClose={onClose} fields={fields} value={value} onApply={onApply} ctx={ctx} />);
  return { onApply, onClose, user: userEvent.setup() };
}

describe('FilterSheet', () => {
  it('holds the fields with touch controls and applies them on Confirm', async () => {
    const { onApply, onClose, user } = renderSheet({ dates: { from: '2026-01-08', to: '2026-01-15' } });
    const sheet = await dialogNamed('Filters');
    await user.click(within(sheet).getByRole('radio', { name: 'Pay-out' }));
    await user.click(within(sheet).getByRole('checkbox', { name: 'Mexico' }));
    await user.type(within(sheet).getByRole('textbox', { name: 'Amount' }), '99.9');
    fireEvent.change(within(sheet).getByLabelText('Created Start date'), { target: { value: '2026-01-10' } });
    await user.click(within(sheet).getByRole('button', { name: 'Confirm' }));
    expect(onApply).toHaveBeenCalledWith({
      type: 'PAY_OUT',
      product: ['SPEI', 'OXXO'],
      amount: 9990,
      dates: { from: '2026-01-10', to: '2026-01-15' },
    });
    expect(onClose).toHaveBeenCalled();
    expect(within(sheet).getByText('Times in America/Mexico_City')).toBeTruthy();
  });

  it('shows what is wrong and does not apply', async () => {
    const { onApply, user } = renderSheet({ dates: { from: '2026-01-08', to: '2026-01-15' } });
    const sheet = await dialogNamed('Filters');
    fireEvent.change(within(sheet).getByLabelText('Created End date'), { target: { value: '' } });
    await user.click(within(sheet).getByRole('button', { name: 'Confirm' }));
    expect(within(sheet).getByRole('alert').textContent).toBe('Please pick both the start and the end');
    expect(onApply).not.toHaveBeenCalled();
  });

  it('Reset puts back the defaults inside the sheet', async () => {
    const { onApply, user } = renderSheet({ type: 'PAY_IN', product: ['SPEI'], dates: { from: '2026-01-01', to: '2026-01-02' } });
    const sheet = await dialogNamed('Filters');
    expect((within(sheet).getByRole('radio', { name: 'Pay-in' }) as HTMLInputElement).checked).toBe(true);
    await user.click(within(sheet).getByRole('button', { name: 'Reset' }));
    expect((within(sheet).getByRole('radio', { name: 'Pay-in' }) as HTMLInputElement).checked).toBe(false);
    expect((within(sheet).getByRole('checkbox', { name: 'SPEI' }) as HTMLInputElement).checked).toBe(false);
    expect((within(sheet).getByLabelText('Created Start date') as HTMLInputElement).value).toBe('2026-01-08');
    expect(onApply).not.toHaveBeenCalled();
    expect(screen.getAllByRole('dialog')).toHaveLength(1);
  });
});
