import { render, screen } from '@testing-library/react';
import { act } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { useKeptAlive } from '../../shared/navigation/kept-alive.ts';
import type { SideMenuItem } from '../route-registry.ts';
import { SideMenu } from './side-menu.tsx';

const items: SideMenuItem[] = [
  { key: 'home', permission: 'home', path: '/home', children: [] },
  { key: 'transactions:payin', permission: 'transactions:payin', path: '/transactions/payin', children: [] },
];

function renderMenu() {
  const router = createMemoryRouter([{ path: '*', element: <SideMenu items={items} selectedKey="home" /> }], { initialEntries: ['/home'] });
  render(<RouterProvider router={router} />);
}

afterEach(() => useKeptAlive.getState().forgetAll());

describe('SideMenu', () => {
  it('names each entry by its label alone (the icons are decorative)', () => {
    renderMenu();
    expect(screen.getByRole('menuitem', { name: 'Home' })).toBeTruthy();
  });

  it('leads to the bare route of a list never opened', () => {
    renderMenu();
    expect(screen.getByRole('link', { name: 'Pay-in' }).getAttribute('href')).toBe('/transactions/payin');
  });

  it('leads back to where a kept-alive list was left, with its filters and page', () => {
    renderMenu();
    act(() => useKeptAlive.getState().remember('/transactions/payin', '/transactions/payin?statuses=SUCCESS&page=2'));
    expect(screen.getByRole('link', { name: 'Pay-in' }).getAttribute('href')).toBe('/transactions/payin?statuses=SUCCESS&page=2');
    expect(screen.getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home');
  });
});
