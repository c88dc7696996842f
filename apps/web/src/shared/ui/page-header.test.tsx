import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './page-header.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/transactions/payin', element: <p>list</p> },
      { path: '/transactions/detail/:id', element: <PageHeader title="Transaction 9" back="/transactions/payin" /> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('PageHeader', () => {
  it('offers a back button on detail pages', async () => {
    const router = renderAt('/transactions/detail/9');
    expect(screen.getByRole('heading', { name: 'Transaction 9' })).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Back' }));
    expect(router.state.location.pathname).toBe('/transactions/payin');
  });

  it('hides it when the page was opened in a new tab with hideBack=1', () => {
    renderAt('/transactions/detail/9?hideBack=1');
    expect(screen.getByRole('heading', { name: 'Transaction 9' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
  });
});
