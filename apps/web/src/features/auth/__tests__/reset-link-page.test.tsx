import { ResultCode } from '@andes/contract/common/envelope';
import { passwordReset } from '@andes/contract/iam/endpoints';
import { resetLinkVerify } from '@andes/contract/password/endpoints';
import { PASSWORD_MESSAGES } from '@andes/contract/password/schemas';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

const info = { username: 'ana.ops', expiresAt: '2026-01-15T12:30:00.000Z' };

describe('reset-password link page', () => {
  it('checks the link with its own token, then sets the password and sends to sign in with a notice', async () => {
    useAppStore.setState({ token: 'someone-elses-session' });
    const requests = mockFetch({
      [resetLinkVerify.path]: () => envelope(info),
      [passwordReset.path]: () => envelope(null),
    });
    const app = renderApp('/login/reset-password?token=link-tok-123');
    expect(await screen.findByText('Set a new password for ana.ops.')).toBeTruthy();
    expect(requests[0]?.headers.get('token')).toBe('link-tok-123');

    const user = userEvent.setup();
    const rules = screen.getByRole('list', { name: 'Password rules' });
    const met = () => [...rules.querySelectorAll('li')].map((li) => li.getAttribute('data-met'));
    expect(met()).toEqual(['false', 'false', 'false', 'false']);
    await user.type(screen.getByLabelText('New password'), 'abc');
    expect(met()).toEqual(['false', 'false', 'true', 'false']);
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('The password does not meet the rules above')).toBeTruthy();

    await user.type(screen.getByLabelText('New password'), 'DEF2026');
    expect(met()).toEqual(['true', 'true', 'true', 'true']);
    await user.type(screen.getByLabelText('Confirm password'), 'abcDEF2025');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(screen.getByText('The two passwords do not match')).toBeTruthy();
    expect(requests.some((r) => r.path === passwordReset.path)).toBe(false);

    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'abcDEF2026');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    await waitFor(() => expect(app.location()).toBe('/login/form'));
    expect(await screen.findByText('Your new password is set. Sign in with it.')).toBeTruthy();
    const reset = requests.find((r) => r.path === passwordReset.path);
    expect(reset?.body).toEqual({ newPassword: 'abcDEF2026', confirmPassword: 'abcDEF2026' });
    expect(reset?.headers.get('token')).toBe('link-tok-123');
    expect(useAppStore.getState().token).toBe('someone-elses-session');
  });

  it('shows the server’s refusal of a password (history, leaked lists)', async () => {
    mockFetch({
      [resetLinkVerify.path]: () => envelope(info),
      [passwordReset.path]: () => envelope(null, ResultCode.PASSWORD_POLICY, PASSWORD_MESSAGES.breached, { status: 400 }),
    });
    renderApp('/login/reset-password?token=t');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('New password'), 'Password123');
    await user.type(screen.getByLabelText('Confirm password'), 'Password123');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect((await screen.findByRole('alert')).textContent).toBe(PASSWORD_MESSAGES.breached);
  });

  it('says an expired or used link is no longer valid and offers a new one', async () => {
    mockFetch({ [resetLinkVerify.path]: () => envelope(null, ResultCode.NOT_FOUND, PASSWORD_MESSAGES.linkInvalid, { status: 404 }) });
    const app = renderApp('/login/reset-password?token=used');
    expect((await screen.findByRole('alert')).textContent).toBe('This link has expired or was already used: please ask for a new one');
    await userEvent.setup().click(screen.getByRole('link', { name: 'Ask for a new link' }));
    await waitFor(() => expect(app.location()).toBe('/login/forgetPsw'));
  });

  it('without a token there is nothing to check', async () => {
    const requests = mockFetch({});
    renderApp('/login/reset-password');
    expect((await screen.findByRole('alert')).textContent).toMatch(/expired or was already used/);
    expect(requests).toEqual([]);
  });
});
