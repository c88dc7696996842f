import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { NumericRange } from './numeric-range.ts';
import { NumericRangeInput } from './numeric-range-input.tsx';

function Rows({ onEnter }: { onEnter?: () => void }) {
  const [value, setValue] = useState<NumericRange>({ min: '', max: '' });
  return (
    <>
      <label htmlFor="rows">Rows</label>
      <NumericRangeInput id="rows" label="Rows" value={value} onChange={setValue} {...(onEnter ? { onEnter } : {})} />
    </>
  );
}

const min = () => screen.getByRole('textbox', { name: 'Rows Minimum' }) as HTMLInputElement;
const max = () => screen.getByRole('textbox', { name: 'Rows Maximum' }) as HTMLInputElement;

describe('NumericRangeInput', () => {
  it('names both ends, keeps numbers only and says when the minimum exceeds the maximum', async () => {
    render(<Rows />);
    const user = userEvent.setup();
    await user.type(min(), '1a0.5.0');
    expect(min().value).toBe('10.50');
    expect(screen.queryByRole('alert')).toBeNull();

    await user.type(max(), '2');
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toBe('The minimum must not be more than the maximum');
    for (const input of [min(), max()]) {
      expect(input.getAttribute('aria-invalid')).toBe('true');
      expect(input.getAttribute('aria-describedby')).toBe(alert.id);
    }

    await user.type(max(), '0');
    expect(max().value).toBe('20');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(min().getAttribute('aria-invalid')).toBeNull();
  });

  it('is reached from its label and applies on Enter', async () => {
    const onEnter = vi.fn();
    render(<Rows onEnter={onEnter} />);
    const user = userEvent.setup();
    await user.click(screen.getByText('Rows'));
    expect(document.activeElement).toBe(min());
    await user.keyboard('5{Tab}9{Enter}');
    expect(document.activeElement).toBe(max());
    expect(onEnter).toHaveBeenCalledOnce();
  });
});
