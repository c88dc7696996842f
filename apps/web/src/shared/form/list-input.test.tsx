import { fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { ListInput } from './list-input.tsx';

function Emails({ initial }: { initial?: string[] }) {
  const [value, setValue] = useState<string[] | undefined>(initial);
  return (
    <>
      <ListInput label="E-mail" {...(value ? { value } : {})} onChange={setValue} />
      <output>{JSON.stringify(value ?? null)}</output>
    </>
  );
}

const row = (n: number) => screen.getByRole('textbox', { name: `E-mail ${n}` }) as HTMLInputElement;
const shown = () => JSON.parse(screen.getByRole('status').textContent ?? 'null') as string[] | null;

describe('ListInput', () => {
  it('keeps one row, adds only on the last row and removes only while more than one is left', async () => {
    render(<Emails />);
    const user = userEvent.setup();
    expect(screen.getByRole('group', { name: 'E-mail' })).toBeTruthy();
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();

    await user.type(row(1), 'ana@example.com');
    await user.click(screen.getByRole('button', { name: 'Add a row to E-mail' }));
    expect(screen.getAllByRole('textbox')).toHaveLength(2);
    expect(document.activeElement).toBe(row(2));
    await user.keyboard('bo@example.com');
    expect(shown()).toEqual(['ana@example.com', 'bo@example.com']);
    // One add button, on the last row; a remove button on each row.
    expect(screen.getAllByRole('button', { name: /^Add a row/ })).toHaveLength(1);
    expect(screen.getByRole('button', { name: 'Remove E-mail 1' })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Remove E-mail 2' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Remove E-mail 1' }));
    expect(shown()).toEqual(['bo@example.com']);
    expect(row(1).value).toBe('bo@example.com');
    expect(screen.queryByRole('button', { name: /^Remove/ })).toBeNull();
  });

  it('takes at most 128 characters per entry and flags a longer value given to it', async () => {
    render(<Emails initial={['x'.repeat(130), 'ok']} />);
    const first = row(1);
    expect(first.getAttribute('aria-invalid')).toBe('true');
    const error = screen.getByText('At most 128 characters');
    expect(first.getAttribute('aria-describedby')).toBe(error.id);
    expect(row(2).getAttribute('aria-invalid')).toBeNull();

    fireEvent.change(first, { target: { value: 'short' } });
    expect(screen.queryByText('At most 128 characters')).toBeNull();
    expect(row(1).maxLength).toBe(128);
  });
});
