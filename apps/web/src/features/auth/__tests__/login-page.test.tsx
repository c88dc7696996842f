import { currentUserInfo, login, permissionLoad } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

const signedIn = {
  [currentUserInfo.path]: () => envelope(demoUser),
  [permissionLoad.path]: () => envelope(permissionLoadOf(['home'])),
};

async function fillAndSubmit(username: string, password: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText('Username'), username);
  await user.type(screen.getByLabelText('Password'), password);
  await user.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('login page', () => {
  it('signs in with the typed credentials and goes to redirectPath', async () => {
    const requests = mockFetch({
      [login.path]: () => envelope({ token: 'tok-new', passwordScene: 'NORMAL', passwordDaysLeft: null }),
      ...signedIn,
    });
    const app = renderApp('/login/form?redirectPath=%2Fhome%3Ftab%3Dtoday');
    await fillAndSubmit('  demo.finance ', 'DemoFinance2026');

    await waitFor(() => expect(app.location()).toBe('/home?tab=today'));
    expect(requests[0]).toMatchObject({ path: login.path, body: { username: 'demo.finance', password: 'DemoFinance2026' } });
    expect(useAppStore.getState().token).toBe('tok-new');
    expect(await screen.findByText('Welcome, Dana Finance')).toBeTruthy();
    expect(requests.find((r) => r.path === permissionLoad.path)?.headers.get('token')).toBe('tok-new');
  });

  it('goes home when redirectPath points outside the app', async () => {
    mockFetch({ [login.path]: () => envelope({ token: 't', passwordScene: 'NORMAL', passwordDaysLeft: null }), ...signedIn });
    const app = renderApp('/login/form?redirectPath=https%3A%2F%2Fevil.example%2F');
    await fillAndSubmit('demo.finance', 'DemoFinance2026');
    await waitFor(() => expect(app.location()).toBe('/home'));
  });

  it('shows the server error under the form and stays', async () => {
    mockFetch({ [login.path]: () => envelope(null, ResultCode.INVALID_CREDENTIALS, 'Wrong username or password', { status: 400 }) });
    const app = renderApp('/login/form');
    await fillAndSubmit('demo.finance', 'nope');

    expect((await screen.findByRole('alert')).textContent).toBe('Wrong username or password');
    expect(app.location()).toBe('/login/form');
    expect(useAppStore.getState().token).toBeNull();
  });

  it('asks for both fields before calling the server', async () => {
    const requests = mockFetch({});
    renderApp('/login/form');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Sign in' }));
    expect(screen.getByText('Please enter the username')).toBeTruthy();
    expect(screen.getByText('Please enter the password')).toBeTruthy();
    expect(screen.getByLabelText('Username').getAttribute('aria-invalid')).toBe('true');
    expect(requests).toEqual([]);
  });

  it('sends a first sign-in to the reset page', async () => {
    mockFetch({ [login.path]: () => envelope({ token: 't', passwordScene: 'INITIAL', passwordDaysLeft: null }) });
    const app = renderApp('/login/form');
    await fillAndSubmit('new.user', 'Initial2026');
    await waitFor(() => expect(app.location()).toBe('/login/resetPsw?scene=initial&redirectPath=%2F'));
    expect(await screen.findByText('This is your first sign-in. Choose a new password to continue.')).toBeTruthy();
  });

  it('explains a locked account on the status page', async () => {
    mockFetch({
      [login.path]: () =>
        envelope({ lockedUntil: '2026-11-22T10:30:00.000Z' }, ResultCode.ACCOUNT_LOCKED, 'Locked until 10:30 UTC', { status: 423 }),
    });
    const app = renderApp('/login/form');
    await fillAndSubmit('demo.finance', 'wrong');
    await waitFor(() => expect(app.location()).toBe('/login/status?reason=locked&retryAt=2026-11-22T10%3A30%3A00.000Z'));
    expect(await screen.findByText(/Too many failed sign-ins/)).toBeTruthy();
    expect(screen.getByText('Locked until 10:30 UTC')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to sign in' }).getAttribute('href')).toBe('/login/form');
  });

  it('sends any other child of /login to the form', async () => {
    mockFetch({});
    const app = renderApp('/login/no-such-page');
    await waitFor(() => expect(app.location()).toBe('/login/form'));
    expect(await screen.findByRole('button', { name: 'Sign in' })).toBeTruthy();
  });
});
