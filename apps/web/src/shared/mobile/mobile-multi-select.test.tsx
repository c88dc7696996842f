import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { MobileMultiSelect } from './mobile-multi-select.tsx';

const options = ['Settled', 'Failed', 'Expired', 'Refunded'].map((label) => ({ value: label.toUpperCase(), label }));

describe('MobileMultiSelect', () => {
  it('narrows the list by search and keeps the value in option order', async () => {
    const onChange = vi.fn();
    function Harness() {
      const [value, setValue] = useState<string[]>([]);
      return (
        <MobileMultiSelect
          options={options}
          value={value}
          label="Status"
          searchable
          onChange={(next) => {
            onChange(next);
            setValue(next);
          }}
        />
      );
    }
    render(<Harness />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('checkbox', { name: 'Refunded' }));
    await user.type(screen.getByRole('searchbox', { name: 'Status Search options' }), 'SET');
    expect(screen.queryByRole('checkbox', { name: 'Failed' })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Settled' }));
    expect(onChange).toHaveBeenLastCalledWith(['SETTLED', 'REFUNDED']);
    expect(screen.getByText('2 selected')).toBeTruthy();
    await user.clear(screen.getByRole('searchbox', { name: 'Status Search options' }));
    await user.type(screen.getByRole('searchbox', { name: 'Status Search options' }), 'zzz');
    expect(screen.getByText('No matching options')).toBeTruthy();
  });
});
