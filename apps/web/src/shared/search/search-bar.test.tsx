import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { chooseOptions } from '../../test/antd-helpers.ts';
import type { SearchField, SearchValues } from './fields.ts';
import { SearchBar } from './search-bar.tsx';

const ctx = { timeZone: 'America/Mexico_City', now: Date.parse('2026-01-15T18:00:00Z') };

const fields: SearchField[] = [
  {
    key: 'status',
    label: 'Status',
    type: 'select',
    options: [
      { value: 'SETTLED', label: 'Settled' },
      { value: 'FAILED', label: 'Failed' },
    ],
  },
  { key: 'ref', label: 'Reference', type: 'input' },
  { key: 'amount', label: 'Amount', type: 'amount' },
  { key: 'range', label: 'Amount range', type: 'amountRange' },
];

function renderBar(initial: SearchValues) {
  const seen: SearchValues[] = [];
  const onChange = vi.fn((values: SearchValues) => seen.push(values));
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <SearchBar
        fields={fields}
        value={value}
        ctx={ctx}
        label="Search pay-ins"
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Harness />);
  return { onChange, seen, user: userEvent.setup() };
}

const chips = () =>
  within(screen.queryByRole('list', { name: 'Applied filters' }) ?? document.createElement('ul'))
    .queryAllByRole('button', { name: /^Edit filter/ })
    .map((b) => b.textContent);

describe('SearchBar', () => {
  it('shows applied filters as chips and removes one with its ×', async () => {
    const { onChange, user } = renderBar({ status: 'SETTLED', ref: 'ORD-1' });
    expect(chips()).toEqual(['Status: Settled', 'Reference: ORD-1']);
    await user.click(screen.getByRole('button', { name: 'Remove filter Status' }));
    expect(onChange).toHaveBeenLastCalledWith({ ref: 'ORD-1' });
    expect(chips()).toEqual(['Reference: ORD-1']);
  });

  it('adds a filter from the field picker; Enter applies it', async () => {
    const { onChange, user } = renderBar({});
    await chooseOptions(user, screen.getByRole('combobox', { name: 'Add filter' }), ['Reference']);
    const editor = screen.getByRole('group', { name: 'Reference' });
    await user.type(within(editor).getByRole('textbox', { name: 'Reference' }), '  ORD-42 {Enter}');
    expect(onChange).toHaveBeenLastCalledWith({ ref: 'ORD-42' });
    expect(chips()).toEqual(['Reference: ORD-42']);
    expect(screen.queryByRole('group', { name: 'Reference' })).toBeNull();
  });

  it('edits a chip by clicking it', async () => {
    const { onChange, user } = renderBar({ status: 'SETTLED' });
    await user.click(screen.getByRole('button', { name: 'Edit filter Status: Settled' }));
    const editor = screen.getByRole('group', { name: 'Status' });
    await chooseOptions(user, within(editor).getByRole('combobox', { name: 'Status' }), ['Failed']);
    await user.click(within(editor).getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenLastCalledWith({ status: 'FAILED' });
    expect(chips()).toEqual(['Status: Failed']);
  });

  it('normalises amounts as typed and keeps cents', async () => {
    const { onChange, user } = renderBar({});
    await chooseOptions(user, screen.getByRole('combobox', { name: 'Add filter' }), ['Amount']);
    const input = screen.getByRole('textbox', { name: 'Amount' }) as HTMLInputElement;
    await user.type(input, '1a2。505');
    expect(input.value).toBe('12.50');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(onChange).toHaveBeenLastCalledWith({ amount: 1250 });
    expect(chips()).toEqual(['Amount: 12.50']);
  });

  it('refuses a range whose minimum is above its maximum, and Escape closes the editor', async () => {
    const { onChange, user } = renderBar({});
    await chooseOptions(user, screen.getByRole('combobox', { name: 'Add filter' }), ['Amount range']);
    await user.type(screen.getByRole('textbox', { name: 'Amount range Minimum' }), '50');
    await user.type(screen.getByRole('textbox', { name: 'Amount range Maximum' }), '10');
    await user.click(screen.getByRole('button', { name: 'Apply' }));
    expect(screen.getByRole('alert').textContent).toBe('The minimum must not be more than the maximum');
    expect(onChange).not.toHaveBeenCalled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Amount range' })).toBeNull();
  });
});
