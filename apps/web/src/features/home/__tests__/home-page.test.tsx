import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

afterEach(() => {
  vi.useRealTimers();
});

function signIn(countries: Parameters<typeof permissionLoadOf>[1]) {
  useAppStore.setState({ token: 'tok' });
  mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(['home'], countries)),
  });
}

describe('home page', () => {
  it('shows the user, the merchant and the selected country with its currency, zone and local time', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-01-15T12:00:00Z'));
    signIn(['BR', 'MX']);
    useAppStore.getState().setCountry(demoUser.id, 'MX');
    renderApp('/home');

    expect(await screen.findByText('Welcome, Dana Finance')).toBeTruthy();
    expect(screen.getByText('Dana Finance (demo.finance)')).toBeTruthy();
    expect(screen.getByText('Andes Demo Store (M0001)')).toBeTruthy();
    expect(screen.getByText('Mexico (MX)')).toBeTruthy();
    expect(screen.getByText('MXN')).toBeTruthy();
    expect(screen.getByText('America/Mexico_City (UTC-6)')).toBeTruthy();
    const time = document.querySelector('time');
    expect(time?.getAttribute('dateTime')).toBe('2026-01-15T12:00:00.000Z');
    expect(time?.textContent).toMatch(/January 15, 2026.*6:00:00\sAM/);
  });

  it('mentions two-factor authentication only while it is off', async () => {
    useAppStore.setState({ token: 'tok' });
    const load = permissionLoadOf(['home']);
    mockFetch({
      [currentUserInfo.path]: () => envelope(demoUser),
      [permissionLoad.path]: () => envelope(load),
    });
    const first = renderApp('/home');
    expect(await screen.findByText(/Protect your account with two-factor authentication/)).toBeTruthy();
    first.unmount();

    mockFetch({
      [currentUserInfo.path]: () => envelope(demoUser),
      [permissionLoad.path]: () => envelope({ ...load, userInfo: { ...load.userInfo, mfaOpenState: true } }),
    });
    renderApp('/home');
    expect(await screen.findByText('Welcome, Dana Finance')).toBeTruthy();
    expect(screen.queryByText(/Protect your account with two-factor authentication/)).toBeNull();
  });

  it('says so when the user has no authorised country', async () => {
    signIn([]);
    renderApp('/home');
    expect(await screen.findByText(/no authorised country yet/)).toBeTruthy();
    expect(screen.queryByRole('combobox', { name: 'Country' })).toBeNull();
  });
});
