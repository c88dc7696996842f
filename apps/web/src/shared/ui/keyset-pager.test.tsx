import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { formatTotal, KeysetPager } from './keyset-pager.tsx';

function renderPager(overrides: Partial<Parameters<typeof KeysetPager>[0]> = {}) {
  const handlers = { onFirst: vi.fn(), onPrevious: vi.fn(), onNext: vi.fn(), onPageSize: vi.fn() };
  render(<KeysetPager total={10_000} totalCapped page={2} pageSize={20} hasNext {...handlers} {...overrides} />);
  return handlers;
}

describe('KeysetPager', () => {
  it('shows a capped total as "10,000+" and an exact one as is', () => {
    expect(formatTotal(10_000, true, 'en')).toBe('10,000+');
    expect(formatTotal(1_234, false, 'en')).toBe('1,234');
    expect(formatTotal(0, false, 'zh-CN')).toBe('0');
  });

  it('shows no total while it is not known (a new filter loading), rather than "Total 0"', () => {
    renderPager({ total: null, page: 1 });
    expect(screen.queryByText(/^Total/)).toBeNull();
    expect(screen.getByText('Page 1')).toBeTruthy();
  });

  it('shows total and page, and moves on request', async () => {
    const handlers = renderPager();
    expect(screen.getByText('Total 10,000+')).toBeTruthy();
    expect(screen.getByText('Page 2')).toBeTruthy();
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await user.click(screen.getByRole('button', { name: 'First page' }));
    expect(handlers.onNext).toHaveBeenCalledOnce();
    expect(handlers.onPrevious).toHaveBeenCalledOnce();
    expect(handlers.onFirst).toHaveBeenCalledOnce();
  });

  it('offers no way back on the first page and no way on after the last', () => {
    renderPager({ page: 1, hasNext: false, total: 12, totalCapped: false });
    expect(screen.getByText('Total 12')).toBeTruthy();
    expect((screen.getByRole('button', { name: 'Previous page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'First page' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('offers page sizes 10 and 20', async () => {
    const handlers = renderPager();
    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Rows per page' }));
    expect(screen.getAllByText('20 / page').length).toBeGreaterThan(0);
    await user.click(await screen.findByTitle('10 / page'));
    expect(handlers.onPageSize).toHaveBeenCalledWith(10);
  });
});
