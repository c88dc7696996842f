import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { RadioTabs } from './radio-tabs.tsx';

type State = '' | 'PENDING' | 'FAIL';

function Tabs({ onChange }: { onChange(value: State): void }) {
  const [value, setValue] = useState<State>('');
  return (
    <RadioTabs<State>
      label="Task state"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange(next);
      }}
      options={[
        { value: '', label: 'All' },
        { value: 'PENDING', label: 'Pending' },
        { value: 'FAIL', label: 'Failed' },
      ]}
    />
  );
}

const radio = (name: string) => screen.getByRole('radio', { name }) as HTMLInputElement;

describe('RadioTabs', () => {
  it('is a named group of radios that applies the choice at once', async () => {
    const onChange = vi.fn();
    render(<Tabs onChange={onChange} />);
    const group = screen.getByRole('radiogroup', { name: 'Task state' });
    expect(within(group).getAllByRole('radio')).toHaveLength(3);
    expect(radio('All').checked).toBe(true);
    await userEvent.setup().click(within(group).getByText('Failed'));
    expect(onChange).toHaveBeenLastCalledWith('FAIL');
    expect(radio('Failed').checked).toBe(true);
    expect(radio('All').checked).toBe(false);
  });

  it('moves between the choices with the arrow keys', async () => {
    const onChange = vi.fn();
    render(<Tabs onChange={onChange} />);
    const user = userEvent.setup();
    await user.tab();
    expect(document.activeElement).toBe(radio('All'));
    await user.keyboard('{ArrowRight}');
    expect(onChange).toHaveBeenLastCalledWith('PENDING');
    expect(radio('Pending').checked).toBe(true);
  });
});
