import { render, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { chooseOptions, dialogNamed } from '../../test/antd-helpers.ts';
import { AdvancedSearchDrawer } from './advanced-search-drawer.tsx';
import type { SearchField, SearchValues } from './fields.ts';

const ctx = { timeZone: 'America/Mexico_City', now: Date.parse('2026-01-15T18:00:00Z') };

const fields: SearchField[] = [
  { key: 'ref', label: 'Merchant reference', type: 'input', required: true },
  { key: 'range', label: 'Amount', type: 'amountRange' },
  {
    key: 'statuses',
    label: 'Status',
    type: 'multiSelect',
    options: [
      { value: 'SETTLED', label: 'Settled' },
      { value: 'FAILED', label: 'Failed' },
      { value: 'EXPIRED', label: 'Expired' },
    ],
  },
  {
    key: 'product',
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
    ],
  },
  { key: 'dates', label: 'Created', type: 'daterange', defaultLastWeek: true },
];

function renderDrawer(value: SearchValues) {
  const onSearch = vi.fn();
  const onClose = vi.fn();
  render(<AdvancedSearchDrawer open onClose={onClose} fields={fields} value={value} onSearch={onSearch} ctx={ctx} />);
  return { onSearch, onClose, user: userEvent.setup() };
}

describe('AdvancedSearchDrawer', () => {
  it('starts from the applied filters and searches with every field type', async () => {
    const { onSearch, onClose, user } = renderDrawer({
      ref: 'ORD-1',
      product: ['PIX', 'TED'],
      dates: { from: '2026-01-01', to: '2026-01-05' },
    });
    const drawer = await dialogNamed('Advanced search');
    expect((within(drawer).getByRole('textbox', { name: 'Merchant reference' }) as HTMLInputElement).value).toBe('ORD-1');
    await chooseOptions(user, within(drawer).getByRole('combobox', { name: 'Status' }), ['Failed', 'Settled']);
    await user.type(within(drawer).getByRole('textbox', { name: 'Amount Minimum' }), '10.5');
    await user.click(within(drawer).getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(onSearch).toHaveBeenCalledWith({
        ref: 'ORD-1',
        range: { min: 1050 },
        statuses: ['SETTLED', 'FAILED'],
        product: ['PIX', 'TED'],
        dates: { from: '2026-01-01', to: '2026-01-05' },
      }),
    );
    expect(onClose).toHaveBeenCalled();
  });

  it('shows the validation messages under the fields and does not search', async () => {
    const { onSearch, user } = renderDrawer({});
    const drawer = await dialogNamed('Advanced search');
    await user.type(within(drawer).getByRole('textbox', { name: 'Amount Minimum' }), '50');
    await user.type(within(drawer).getByRole('textbox', { name: 'Amount Maximum' }), '10');
    await user.click(within(drawer).getByRole('button', { name: 'Search' }));
    expect(await within(drawer).findByText('This field is required')).toBeTruthy();
    expect(within(drawer).getByText('The minimum must not be more than the maximum')).toBeTruthy();
    expect(onSearch).not.toHaveBeenCalled();
  });

  it('Reset puts back the defaults without searching', async () => {
    const { onSearch, user } = renderDrawer({ ref: 'ORD-1', dates: { from: '2026-01-01', to: '2026-01-02' } });
    const drawer = await dialogNamed('Advanced search');
    await user.click(within(drawer).getByRole('button', { name: 'Reset' }));
    await waitFor(() => expect((within(drawer).getByRole('textbox', { name: 'Merchant reference' }) as HTMLInputElement).value).toBe(''));
    expect((within(drawer).getByPlaceholderText('Start date') as HTMLInputElement).value).toBe('2026-01-08');
    expect((within(drawer).getByPlaceholderText('End date') as HTMLInputElement).value).toBe('2026-01-15');
    expect(onSearch).not.toHaveBeenCalled();
  });
});
