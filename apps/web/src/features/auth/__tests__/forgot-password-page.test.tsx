import { ResultCode } from '@andes/contract/common/envelope';
import { forgotPassword } from '@andes/contract/password/endpoints';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { renderApp } from '../../../test/render-app.tsx';

describe('forgot password page', () => {
  it('is linked from the login form', async () => {
    mockFetch({});
    const app = renderApp('/login/form');
    await userEvent.setup().click(await screen.findByRole('link', { name: 'Forgot password?' }));
    await waitFor(() => expect(app.location()).toBe('/login/forgetPsw'));
    expect(await screen.findByRole('heading', { name: 'Reset your password' })).toBeTruthy();
  });

  it('asks for merchant code and account, then always answers the same', async () => {
    const requests = mockFetch({ [forgotPassword.path]: () => envelope(null) });
    renderApp('/login/forgetPsw');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Send the link' }));
    expect(screen.getByText('Please enter the merchant code')).toBeTruthy();
    expect(screen.getByText('Please enter the account or email')).toBeTruthy();
    expect(requests).toEqual([]);

    await user.type(screen.getByLabelText('Merchant code'), ' M0001 ');
    await user.type(screen.getByLabelText('Username or e-mail'), 'dana@example.com ');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('status')).textContent).toBe(
      'If the account exists and has an e-mail address, a link to reset the password is on its way. It works once and expires soon.',
    );
    expect(requests[0]).toMatchObject({ path: forgotPassword.path, body: { merchantCode: 'M0001', account: 'dana@example.com' } });
    expect(requests[0]?.headers.get('token')).toBeNull();
  });

  it('shows a refusal such as too many requests under the form', async () => {
    mockFetch({
      [forgotPassword.path]: () => envelope(null, ResultCode.RATE_LIMITED, 'Too many requests, try again later', { status: 429 }),
    });
    renderApp('/login/forgetPsw');
    const user = userEvent.setup();
    await user.type(await screen.findByLabelText('Merchant code'), 'M0001');
    await user.type(screen.getByLabelText('Username or e-mail'), 'dana');
    await user.click(screen.getByRole('button', { name: 'Send the link' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Too many requests, try again later');
  });
});
