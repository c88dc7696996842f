import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import type { TreeOption } from '../search/fields.ts';
import { MobileTreeSelect } from './mobile-tree-select.tsx';

const tree: TreeOption[] = [
  {
    value: 'BR',
    label: 'Brazil',
    children: [
      { value: 'PIX', label: 'PIX' },
      { value: 'TED', label: 'TED' },
      { value: 'BOLETO', label: 'BOLETO' },
    ],
  },
  { value: 'MX', label: 'Mexico', children: [{ value: 'SPEI', label: 'SPEI' }] },
];

function renderTree(initial: string[]) {
  const onChange = vi.fn();
  function Harness() {
    const [value, setValue] = useState(initial);
    return (
      <MobileTreeSelect
        tree={tree}
        value={value}
        label="Product"
        onChange={(next) => {
          onChange(next);
          setValue(next);
        }}
      />
    );
  }
  render(<Harness />);
  return { onChange, user: userEvent.setup() };
}

const box = (name: string) => screen.getByRole('checkbox', { name }) as HTMLInputElement;

describe('MobileTreeSelect', () => {
  it('checking a parent checks all its children', async () => {
    const { onChange, user } = renderTree([]);
    await user.click(box('Brazil'));
    expect(onChange).toHaveBeenLastCalledWith(['PIX', 'TED', 'BOLETO']);
    expect([box('PIX').checked, box('TED').checked, box('BOLETO').checked, box('Brazil').checked]).toEqual([true, true, true, true]);
    expect(box('SPEI').checked).toBe(false);
  });

  it('shows a parent with some children checked as partial, and unchecks them all from it', async () => {
    const { onChange, user } = renderTree(['PIX', 'TED', 'BOLETO']);
    await user.click(box('TED'));
    expect(onChange).toHaveBeenLastCalledWith(['PIX', 'BOLETO']);
    expect(box('Brazil').checked).toBe(false);
    expect(box('Brazil').getAttribute('aria-checked')).toBe('mixed');
    // A partial parent checks the rest first; clicking again clears the branch.
    await user.click(box('Brazil'));
    expect(onChange).toHaveBeenLastCalledWith(['PIX', 'TED', 'BOLETO']);
    await user.click(box('Brazil'));
    expect(onChange).toHaveBeenLastCalledWith([]);
    expect(box('PIX').checked).toBe(false);
  });
});
