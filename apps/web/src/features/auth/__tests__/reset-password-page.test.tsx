import { changePassword, currentUserInfo, logout, permissionLoad } from '@andes/contract/auth/endpoints';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';

function session() {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [changePassword.path]: () => envelope(null),
    [logout.path]: () => envelope(null),
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(['home'])),
  });
}

describe('reset password page', () => {
  it('needs a session', async () => {
    mockFetch({});
    const app = renderApp('/login/resetPsw?scene=expired');
    await waitFor(() => expect(app.location()).toBe('/login/form'));
  });

  it('changes an expired password, then goes to redirectPath', async () => {
    const requests = session();
    const app = renderApp('/login/resetPsw?scene=expired&redirectPath=%2Fhome');
    expect(await screen.findByText('Your password has expired. Choose a new password to continue.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Skip for now' })).toBeNull();

    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Current password'), 'Old2026pass');
    await user.type(screen.getByLabelText('New password'), 'Better2026pass');
    await user.type(screen.getByLabelText('Confirm password'), 'Better2026past');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'Better2026pass');
    await user.click(screen.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(app.location()).toBe('/home'));
    expect(requests.find((r) => r.path === changePassword.path)?.body).toEqual({
      oldPassword: 'Old2026pass',
      newPassword: 'Better2026pass',
      confirmPassword: 'Better2026pass',
    });
    expect(await screen.findByText('Your password has been changed')).toBeTruthy();
  });

  it('warns about a password about to expire, with the days left, and can be skipped', async () => {
    session();
    const app = renderApp('/login/resetPsw?scene=about2expire&days=5&redirectPath=%2Fhome');
    expect(await screen.findByText('Your password expires soon. Days left: 5. You can change it now or later.')).toBeTruthy();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Skip for now' }));
    await waitFor(() => expect(app.location()).toBe('/home'));
  });

  it('leads back to sign-in, ending the session', async () => {
    const requests = session();
    const app = renderApp('/login/resetPsw?scene=initial');
    await userEvent.setup().click(await screen.findByRole('button', { name: 'Back to sign in' }));
    await waitFor(() => expect(app.location()).toBe('/login/form'));
    expect(requests.some((r) => r.path === logout.path)).toBe(true);
    expect(useAppStore.getState().token).toBeNull();
  });
});
