import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ApiError } from '../api/errors.ts';
import { QueryStatus } from './query-status.tsx';

describe('QueryStatus', () => {
  it("shows the failure's message as an alert", () => {
    render(<QueryStatus query={{ isError: true, isPending: false, error: new ApiError(404, 'Role not found', null) }} />);
    expect(screen.getByRole('alert').textContent).toContain('Role not found');
  });

  it('offers a retry when asked to', async () => {
    const onRetry = vi.fn();
    render(<QueryStatus query={{ isError: true, isPending: false, error: new Error('The list is resting') }} onRetry={onRetry} />);
    await userEvent.setup().click(within(screen.getByRole('alert')).getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
  });

  it('shows a spinner while loading, and no alert', () => {
    const { container } = render(<QueryStatus query={{ isError: false, isPending: true, error: null }} />);
    expect(container.querySelector('.ant-spin')).not.toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('shows nothing once the record is there', () => {
    const { container } = render(<QueryStatus query={{ isError: false, isPending: false, error: null }} />);
    expect(container.textContent).toBe('');
    expect(container.querySelector('.ant-spin')).toBeNull();
  });
});
