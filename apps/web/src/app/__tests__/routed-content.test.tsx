import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { createMemoryRouter, Link, RouterProvider, useSearchParams } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import type { RouteEntry } from '../../shared/routing/route-entry.ts';
import { RoutedContent } from '../routed-content.tsx';

function ListPage() {
  const [filter, setFilter] = useState('');
  const [params] = useSearchParams();
  return (
    <section aria-label="list">
      <input aria-label="Filter" value={filter} onChange={(e) => setFilter(e.target.value)} />
      <span>page {params.get('page') ?? '1'}</span>
      <Link to="/transactions/detail/9">open 9</Link>
    </section>
  );
}

function DetailPage() {
  return (
    <section aria-label="detail">
      <Link to="/transactions/payin?page=3">back to list</Link>
    </section>
  );
}

function Broken(): never {
  throw new Error('render failed');
}

const entries: RouteEntry[] = [
  {
    path: '/transactions/payin',
    permission: 'transactions:payin',
    menuKey: 'transactions:payin',
    hidden: false,
    keepAlive: true,
    lazy: async () => ({ default: ListPage }),
  },
  {
    path: '/transactions/detail/:id',
    permission: 'transactions:detail',
    menuKey: 'transactions:payin',
    hidden: true,
    keepAlive: false,
    lazy: async () => ({ default: DetailPage }),
  },
  { path: '/broken', permission: 'home', menuKey: 'home', hidden: false, keepAlive: false, lazy: async () => ({ default: Broken }) },
];

function renderContent(path: string) {
  const router = createMemoryRouter([{ path: '*', element: <RoutedContent registered={entries} landing="/transactions/payin" /> }], {
    initialEntries: [path],
  });
  render(<RouterProvider router={router} />);
  return router;
}

describe('routed content', () => {
  it('keeps a keepAlive list mounted, with its state, while a detail page shows', async () => {
    renderContent('/transactions/payin?page=2');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Filter'), 'pix');
    await user.click(screen.getByRole('link', { name: 'open 9' }));

    expect(await screen.findByRole('region', { name: 'detail' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'list' })).toBeNull();
    // still mounted, hidden, and still seeing the location it was shown at
    expect((screen.getByLabelText('Filter', { selector: 'input' }) as HTMLInputElement).value).toBe('pix');
    expect(screen.getByText('page 2')).toBeTruthy();

    await user.click(screen.getByRole('link', { name: 'back to list' }));
    expect((await screen.findByRole('region', { name: 'list' })).textContent).toContain('page 3');
    expect((screen.getByLabelText('Filter') as HTMLInputElement).value).toBe('pix');
  });

  it('sends / to the landing screen and unknown paths to /404', async () => {
    const router = renderContent('/');
    expect(await screen.findByLabelText('Filter')).toBeTruthy();
    expect(router.state.location.pathname).toBe('/transactions/payin');
    await act(() => router.navigate('/nowhere'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('shows an error with a retry when a page fails to render', async () => {
    const spy = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    renderContent('/broken');
    expect((await screen.findByRole('alert')).textContent).toContain('Something went wrong');
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy();
    spy.mockRestore();
  });
});
