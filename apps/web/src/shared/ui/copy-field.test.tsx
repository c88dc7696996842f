import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CopyField } from './copy-field.tsx';

describe('CopyField', () => {
  it('shows the value and copies it', async () => {
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    render(<CopyField value="https://andes.example/login/reset-password?token=abc" label="Reset link" />);
    expect((screen.getByLabelText('Reset link') as HTMLInputElement).value).toBe('https://andes.example/login/reset-password?token=abc');
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('https://andes.example/login/reset-password?token=abc');
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy();
  });

  it('asks to copy by hand when the browser refuses', async () => {
    const user = userEvent.setup();
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new DOMException('denied', 'NotAllowedError'));
    render(<CopyField value="SECRET" label="Key" />);
    await user.click(screen.getByRole('button', { name: 'Copy' }));
    expect((await screen.findByRole('status')).textContent).toMatch(/press Ctrl\+C/);
  });
});
