import { changePassword, currentUserInfo, logout, permissionLoad } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../shared/i18n/i18n.ts';
import { useAppStore } from '../../shared/store/app-store.ts';
import { installMatchMedia, resizeViewport } from '../../test/browser-stubs.ts';
import { envelope, mockFetch } from '../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../test/fixtures.ts';
import { renderApp } from '../../test/render-app.tsx';

function signIn(codes: string[] = ['home', 'transactions:payin', 'setting:fx']) {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes, ['BR', 'MX', 'CO'])),
    [logout.path]: () => envelope(null),
    [changePassword.path]: () => envelope(null, ResultCode.WRONG_PASSWORD, 'The current password is wrong', { status: 400 }),
  });
}

describe('main layout', () => {
  it('is the desktop layout above 768 px and the mobile one at 768 px, following resizes', async () => {
    signIn();
    installMatchMedia(769);
    renderApp('/home');
    expect(await screen.findByTestId('app-layout-desktop')).toBeTruthy();
    expect(screen.queryByTestId('app-layout-mobile')).toBeNull();

    act(() => resizeViewport(768));
    expect(await screen.findByTestId('app-layout-mobile')).toBeTruthy();
    expect(screen.queryByTestId('app-layout-desktop')).toBeNull();

    act(() => resizeViewport(1024));
    expect(await screen.findByTestId('app-layout-desktop')).toBeTruthy();
  });

  it('collapses and expands the desktop side menu', async () => {
    signIn();
    renderApp('/home');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Collapse menu' }));
    expect(screen.getByTestId('app-layout-desktop').querySelector('.ant-layout-sider-collapsed')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Expand menu' }));
    expect(screen.getByTestId('app-layout-desktop').querySelector('.ant-layout-sider-collapsed')).toBeNull();
  });

  it('starts in the mobile layout on a phone; the menu lives in a drawer', async () => {
    signIn();
    installMatchMedia(390);
    renderApp('/home');
    expect(await screen.findByTestId('app-layout-mobile')).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull();
    // The account button shows only its icon here: "Account" names it.
    expect(screen.getByRole('button', { name: 'Account' })).toBeTruthy();

    await userEvent.setup().click(screen.getByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(within(nav).getByRole('link', { name: 'Home' }).getAttribute('href')).toBe('/home');
    expect(screen.getByRole('combobox', { name: 'Country' })).toBeTruthy();
    expect(screen.getByRole('combobox', { name: 'Language' })).toBeTruthy();
  });

  it('lists only allowed screens that exist, and offers only authorised countries', async () => {
    signIn();
    renderApp('/home');
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Home']);
    expect(within(nav).queryByText('Setting')).toBeNull();

    const country = screen.getByRole('combobox', { name: 'Country' }) as HTMLSelectElement;
    expect([...country.options].map((o) => o.value)).toEqual(['BR', 'MX', 'CO']);
    expect(country.value).toBe('BR');
    expect(await screen.findByText('Brazil (BR)')).toBeTruthy();
    expect(screen.getByText('BRL')).toBeTruthy();

    await userEvent.setup().selectOptions(country, 'MX');
    expect(await screen.findByText('Mexico (MX)')).toBeTruthy();
    expect(screen.getByText(/^America\/Mexico_City \(UTC-6\)$/)).toBeTruthy();
    expect(useAppStore.getState().countryByUser).toEqual({ '7': 'MX' });
  });

  it('switches the language of the interface and of <html lang>', async () => {
    signIn();
    renderApp('/home');
    await screen.findByRole('navigation', { name: 'Main menu' });
    await userEvent.setup().selectOptions(screen.getByRole('combobox', { name: 'Language' }), 'zh-CN');
    const nav = await screen.findByRole('navigation', { name: '主菜单' });
    expect(within(nav).getByRole('link', { name: '首页' })).toBeTruthy();
    await waitFor(() => expect(document.documentElement.lang).toBe('zh-CN'));
    expect(useAppStore.getState().language).toBe('zh-CN');
    await act(() => i18n.changeLanguage('en'));
  });

  it('opens the change-password dialog from the account menu and shows the server answer', async () => {
    const requests = signIn();
    renderApp('/home');
    const user = userEvent.setup();
    // The account button shows the user's name, which names it (WCAG 2.5.3), and says what it is on hover.
    const account = await screen.findByRole('button', { name: demoUser.displayName });
    expect(account.getAttribute('title')).toBe('Account');
    await user.click(account);
    expect(await screen.findByText('Merchant: Andes Demo Store')).toBeTruthy();
    await user.click(screen.getByText('Change password'));

    const dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByLabelText('Current password'), 'Old2026pass');
    await user.type(within(dialog).getByLabelText('New password'), 'weak');
    await user.type(within(dialog).getByLabelText('Confirm password'), 'weak');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect(await within(dialog).findByText('The password does not meet the rules above')).toBeTruthy();
    const rules = within(dialog).getByRole('list', { name: 'Password rules' });
    const unmet = [...rules.querySelectorAll('li[data-met="false"]')].map((li) => li.textContent);
    expect(unmet).toEqual([
      '• At least 8 characters(not met yet)',
      '• At least one upper-case letter(not met yet)',
      '• At least one number(not met yet)',
    ]);
    expect(requests.some((r) => r.path === changePassword.path)).toBe(false);

    await user.clear(within(dialog).getByLabelText('New password'));
    await user.type(within(dialog).getByLabelText('New password'), 'Better2026pass');
    await user.clear(within(dialog).getByLabelText('Confirm password'));
    await user.type(within(dialog).getByLabelText('Confirm password'), 'Better2026pass');
    await user.click(within(dialog).getByRole('button', { name: 'Change password' }));
    expect((await within(dialog).findByRole('alert')).textContent).toContain('The current password is wrong');
    expect(requests.find((r) => r.path === changePassword.path)?.body).toEqual({
      oldPassword: 'Old2026pass',
      newPassword: 'Better2026pass',
      confirmPassword: 'Better2026pass',
    });
  });

  it('signs out from the account menu: server session ended, token forgotten, login form', async () => {
    const requests = signIn();
    const app = renderApp('/home');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: demoUser.displayName }));
    await user.click(await screen.findByText('Sign out'));
    await waitFor(() => expect(app.location()).toBe('/login/form'));
    expect(requests.some((r) => r.path === logout.path && r.headers.get('token') === 'tok')).toBe(true);
    expect(useAppStore.getState().token).toBeNull();
  });
});
