import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AntdProvider } from './antd-provider.tsx';
import { useConfirm } from './use-confirm.tsx';

function Remove({ onOk }: { onOk: () => Promise<unknown> }) {
  const [confirm, holder] = useConfirm();
  return (
    <>
      <button type="button" onClick={() => confirm({ title: 'Delete the role Finance?', okText: 'Delete', danger: true, onOk })}>
        remove
      </button>
      {holder}
    </>
  );
}

describe('useConfirm', () => {
  it('runs the action only after the question is confirmed', async () => {
    const onOk = vi.fn(() => Promise.resolve());
    const user = userEvent.setup();
    render(
      <AntdProvider>
        <Remove onOk={onOk} />
      </AntdProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'remove' }));
    expect(await screen.findByRole('dialog', { name: 'Delete the role Finance?' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(onOk).not.toHaveBeenCalled();

    await user.click(screen.getByRole('button', { name: 'remove' }));
    await user.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(onOk).toHaveBeenCalledOnce());
  });
});
