import { currentUserInfo, logout, permissionLoad } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { mfaValidate } from '@andes/contract/mfa/endpoints';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { i18n } from '../../../shared/i18n/i18n.ts';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { envelope, mockFetch } from '../../../test/fetch-mock.ts';
import { demoUser } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { pageReload } from '../components/mfa-panel.tsx';

/** The server asks for the code on the permission load; the validate call answers from `results`. */
function mfaRequired(results: boolean[]) {
  useAppStore.setState({ token: 'tok' });
  const answers = [...results];
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(null, ResultCode.MFA_REQUIRED, 'MFA code required', { status: 403 }),
    [mfaValidate.path]: () => envelope({ authResult: answers.shift() ?? false, recoveryCodesLeft: 10 }),
    [logout.path]: () => envelope(null),
  });
}

describe('MFA panel', () => {
  it('blocks the page when the server asks for the code, submits at 6 digits, says a wrong code is wrong and reloads after a right one', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const requests = mfaRequired([false, true]);
    renderApp('/home');
    const dialog = await screen.findByRole('dialog', { name: 'Two-factor authentication' });
    expect(within(dialog).queryByRole('button', { name: /close/i })).toBeNull();

    const user = userEvent.setup();
    const input = within(dialog).getByLabelText('Verification code') as HTMLInputElement;
    await user.type(input, '12a3 45');
    expect(input.value).toBe('12345');
    expect(requests.some((r) => r.path === mfaValidate.path)).toBe(false);
    await user.type(input, '-6');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('The verification code is incorrect!');
    expect(requests.filter((r) => r.path === mfaValidate.path).map((r) => r.body)).toEqual([{ authCode: '123456' }]);
    expect(input.value).toBe('');
    expect(reload).not.toHaveBeenCalled();

    await user.keyboard('{Escape}');
    expect(screen.getByRole('dialog', { name: 'Two-factor authentication' })).toBeTruthy();

    await user.type(input, '654321');
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(requests.filter((r) => r.path === mfaValidate.path).map((r) => r.body)).toEqual([
      { authCode: '123456' },
      { authCode: '654321' },
    ]);
  });

  it('says a wrong code in Chinese too', async () => {
    mfaRequired([false]);
    useAppStore.setState({ language: 'zh-CN' });
    await i18n.changeLanguage('zh-CN');
    renderApp('/home');
    const dialog = await screen.findByRole('dialog', { name: '双重身份验证' });
    await userEvent.setup().type(within(dialog).getByLabelText('验证码'), '000000');
    expect((await within(dialog).findByRole('alert')).textContent).toBe('验证码不正确！');
  });

  it('takes a recovery code instead', async () => {
    const reload = vi.spyOn(pageReload, 'reload').mockImplementation(() => undefined);
    const requests = mfaRequired([true]);
    renderApp('/home');
    const dialog = await screen.findByRole('dialog', { name: 'Two-factor authentication' });
    const user = userEvent.setup();
    await user.click(within(dialog).getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(within(dialog).getByLabelText('Recovery code'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    expect(within(dialog).getByRole('alert').textContent).toBe('Please enter a recovery code (10 letters and digits)');
    expect(requests.some((r) => r.path === mfaValidate.path)).toBe(false);

    await user.clear(within(dialog).getByLabelText('Recovery code'));
    await user.type(within(dialog).getByLabelText('Recovery code'), '7k3qx-m9d2a');
    await user.click(within(dialog).getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(reload).toHaveBeenCalledOnce());
    expect(requests.find((r) => r.path === mfaValidate.path)?.body).toEqual({ recoveryCode: '7k3qx-m9d2a' });
  });

  it('offers a way out: signing out', async () => {
    const requests = mfaRequired([]);
    const app = renderApp('/home');
    const dialog = await screen.findByRole('dialog', { name: 'Two-factor authentication' });
    await userEvent.setup().click(within(dialog).getByRole('button', { name: 'Sign out' }));
    await waitFor(() => expect(app.location()).toBe('/login/form'));
    expect(requests.some((r) => r.path === logout.path)).toBe(true);
    expect(useAppStore.getState().token).toBeNull();
  });
});
