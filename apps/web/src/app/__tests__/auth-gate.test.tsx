import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../shared/store/app-store.ts';
import { envelope, mockFetch } from '../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

describe('auth gate', () => {
  it('sends a user without a token to the login form, remembering the page', async () => {
    const requests = mockFetch({});
    const app = renderApp('/home?tab=today');
    await waitFor(() => expect(app.location()).toBe('/login/form?redirectPath=%2Fhome%3Ftab%3Dtoday'));
    expect(await screen.findByLabelText('Username')).toBeTruthy();
    expect(requests).toEqual([]);
  });

  it('sends a user without a token on an unknown path to /404', async () => {
    mockFetch({});
    const app = renderApp('/no/such/page');
    await waitFor(() => expect(app.location()).toBe('/404'));
    expect(await screen.findByText('Page not found')).toBeTruthy();
  });

  it('shows a full-page spinner while the permission list loads', async () => {
    useAppStore.setState({ token: 'tok' });
    let answer: ((r: Response) => void) | undefined;
    mockFetch({
      [currentUserInfo.path]: () => envelope(demoUser),
      [permissionLoad.path]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
        }),
    });
    renderApp('/home');
    expect((await screen.findByText('Loading your workspace…')).closest('[role="status"]')).toBeTruthy();
    // The spinner may show before the permission call is even sent: answer it once it is.
    await waitFor(() => expect(answer).toBeDefined());
    expect(screen.getByText('Loading your workspace…')).toBeTruthy();
    answer?.(envelope(permissionLoadOf(['home'])));
    expect(await screen.findByText('Welcome, Dana Finance')).toBeTruthy();
  });

  it('registers only the permitted screens: a screen outside the menu tree is /404', async () => {
    useAppStore.setState({ token: 'tok' });
    mockFetch({
      [currentUserInfo.path]: () => envelope(demoUser),
      [permissionLoad.path]: () => envelope(permissionLoadOf(['transactions:payin'])),
    });
    const app = renderApp('/home');
    await waitFor(() => expect(app.location()).toBe('/404'));
  });

  it('opens the reset page when the permission fetch answers 200040 on a first login', async () => {
    useAppStore.setState({ token: 'tok' });
    mockFetch({
      [currentUserInfo.path]: () => envelope({ ...demoUser, passwordScene: 'INITIAL' }),
      [permissionLoad.path]: () =>
        envelope({ passwordScene: 'INITIAL' }, ResultCode.PASSWORD_RESET_REQUIRED, 'Reset first', { status: 403 }),
    });
    const app = renderApp('/home');
    await waitFor(() => expect(app.location()).toBe('/login/resetPsw?scene=initial&redirectPath=%2Fhome'));
    expect(await screen.findByText('This is your first sign-in. Choose a new password to continue.')).toBeTruthy();
  });

  it('returns to the login form when the permission fetch fails otherwise', async () => {
    useAppStore.setState({ token: 'tok' });
    mockFetch({
      [currentUserInfo.path]: () => envelope(demoUser),
      [permissionLoad.path]: () => new Response('upstream down', { status: 503 }),
    });
    const app = renderApp('/home');
    await waitFor(() => expect(app.location()).toBe('/login/form?redirectPath=%2Fhome'));
  });

  it('sends an expired session back to the login form with the page it was on', async () => {
    useAppStore.setState({ token: 'old' });
    mockFetch({
      [currentUserInfo.path]: () => envelope(null, ResultCode.SESSION_EXPIRED, 'expired', { status: 401 }),
      [permissionLoad.path]: () => envelope(null, ResultCode.SESSION_EXPIRED, 'expired', { status: 401 }),
    });
    const app = renderApp('/home');
    await waitFor(() => expect(app.location()).toBe('/login/form?redirectPath=%2Fhome'));
    expect(useAppStore.getState().token).toBeNull();
    expect(await screen.findByText('Session expired, please log in again!')).toBeTruthy();
  });
});
