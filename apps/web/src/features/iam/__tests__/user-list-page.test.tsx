import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { endpointUrl } from '@andes/contract/common/define-endpoint';
import {
  resetLinkGenerate,
  roleAssignmentList,
  userAdd,
  userDetail,
  userMfaReset,
  userModify,
  userPage,
  userStateModify,
} from '@andes/contract/iam/endpoints';
import type { UserSummary } from '@andes/contract/iam/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { chooseOptions, dialogNamed } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { assignableRoles, ownRow, page, userDetailOf, userRow } from './fixtures.ts';

const ALL_USER_CODES = ['iam:user', 'iam:user:detail', 'iam:user:create', 'iam:user:modify', 'iam:user:remove', 'iam:user:reset-password'];
const resetLink = {
  link: 'https://andes.example/login/reset-password?token=tok-xyz',
  expiresAt: '2026-01-16T12:00:00.000Z',
  emailedTo: 'bo@example.com',
};

function signedIn(codes: string[], rows: UserSummary[], extra: Record<string, (r: RecordedRequest) => Response> = {}) {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes)),
    [roleAssignmentList.path]: () => envelope(assignableRoles),
    [userPage.path]: (r) =>
      envelope(
        (r.body as { cursor?: string }).cursor
          ? page([userRow({ id: 40, username: 'zed' })], { total: 10_000, totalCapped: true })
          : page(rows, { total: 10_000, totalCapped: true, nextCursor: 'c2' }),
      ),
    ...extra,
  });
}

const bodies = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.path === path).map((r) => r.body);

describe('user list', () => {
  it('shows the users with the capped total, and puts filters and pages in the request and the URL', async () => {
    const requests = signedIn(['iam:user'], [ownRow, userRow()]);
    const app = renderApp('/access/user');
    expect(await screen.findByText('ana.ops')).toBeTruthy();
    expect(screen.getByText('Total 10,000+')).toBeTruthy();
    expect(bodies(requests, userPage.path)[0]).toEqual({ pageSize: 20 });

    const user = userEvent.setup();
    const filters = screen.getByRole('form', { name: 'Search users' });
    await user.type(within(filters).getByLabelText('Username'), 'ana');
    await chooseOptions(user, within(filters).getByLabelText('State'), ['Disabled']);
    await chooseOptions(user, within(filters).getByLabelText('Role'), ['Finance']);
    await user.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(app.location()).toBe('/access/user?username=ana&state=0&roleId=4'));
    await waitFor(() => expect(bodies(requests, userPage.path).at(-1)).toEqual({ username: 'ana', state: 0, roleId: 4, pageSize: 20 }));

    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await waitFor(() => expect(app.location()).toBe('/access/user?username=ana&state=0&roleId=4&page=2&cursor=c2'));
    expect(await screen.findByText('zed')).toBeTruthy();
    expect(screen.getByText('Page 2')).toBeTruthy();
    expect(bodies(requests, userPage.path).at(-1)).toEqual({ username: 'ana', state: 0, roleId: 4, pageSize: 20, cursor: 'c2' });

    await user.click(screen.getByRole('button', { name: 'Previous page' }));
    await waitFor(() => expect(app.location()).toBe('/access/user?username=ana&state=0&roleId=4'));
  });

  it('restores the filters from a shared link', async () => {
    const requests = signedIn(['iam:user'], [userRow()]);
    renderApp('/access/user?email=example.com&pageSize=10');
    expect(await screen.findByText('ana.ops')).toBeTruthy();
    expect(bodies(requests, userPage.path)[0]).toEqual({ email: 'example.com', pageSize: 10 });
    const filters = screen.getByRole('form', { name: 'Search users' });
    expect((within(filters).getByLabelText('E-mail') as HTMLInputElement).value).toBe('example.com');
  });

  it('shows no action the user does not hold a code for', async () => {
    signedIn(['iam:user'], [userRow({ mfaEnabled: true })]);
    renderApp('/access/user');
    expect(await screen.findByText('ana.ops')).toBeTruthy();
    for (const name of [
      'Add user',
      'Detail of ana.ops',
      'Edit ana.ops',
      'Delete ana.ops',
      'Reset password of ana.ops',
      'Reset two-factor authentication of ana.ops',
    ]) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it('shows every action to a user holding all codes, but not disable or delete on their own row', async () => {
    signedIn(ALL_USER_CODES, [ownRow, userRow({ mfaEnabled: true })]);
    renderApp('/access/user');
    expect(await screen.findByText('ana.ops')).toBeTruthy();
    for (const name of [
      'Add user',
      'Detail of ana.ops',
      'Edit ana.ops',
      'Delete ana.ops',
      'Reset password of ana.ops',
      'Reset two-factor authentication of ana.ops',
    ]) {
      expect(screen.getByRole('button', { name })).toBeTruthy();
    }
    expect((screen.getByRole('button', { name: 'Delete demo.finance' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'State of demo.finance' }) as HTMLButtonElement).disabled).toBe(true);
    expect((screen.getByRole('switch', { name: 'State of ana.ops' }) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByRole('button', { name: 'Reset two-factor authentication of demo.finance' })).toBeNull();
  });
});

describe('adding and editing users', () => {
  it('adds a user from the drawer and shows the one-time link to hand over', async () => {
    // user-event installs its own clipboard: set it up before spying on it
    const user = userEvent.setup();
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    const requests = signedIn(ALL_USER_CODES, [userRow()], { [userAdd.path]: () => envelope({ id: 50, resetLink }) });
    const app = renderApp('/access/user');
    await user.click(await screen.findByRole('button', { name: 'Add user' }));
    await waitFor(() => expect(app.location()).toBe('/access/user?dialog=add'));
    const drawer = await dialogNamed('Add a user');

    await user.type(within(drawer).getByLabelText('Username'), 'Bo.Li');
    await user.type(within(drawer).getByLabelText('Name'), 'Bo Li');
    await user.type(within(drawer).getByLabelText('E-mail'), 'bo@example');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Please enter the correct email')).toBeTruthy();
    expect(await within(drawer).findByText('Please select at least one role')).toBeTruthy();
    expect(requests.some((r) => r.path === userAdd.path)).toBe(false);

    await user.type(within(drawer).getByLabelText('E-mail'), '.com');
    await chooseOptions(user, within(drawer).getByLabelText('Roles'), ['Finance', 'Operations']);
    // a disabled role is offered but cannot be chosen
    expect(document.querySelector('[title="Retired (disabled)"]')?.closest('.ant-select-item')?.className).toContain(
      'ant-select-item-option-disabled',
    );
    await chooseOptions(user, within(drawer).getByLabelText('Countries'), ['Brazil (BR)']);
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));

    const handOver = await dialogNamed('User bo.li added');
    expect(bodies(requests, userAdd.path)).toEqual([
      { username: 'Bo.Li', displayName: 'Bo Li', email: 'bo@example.com', roleIds: [4, 3], countries: ['BR'], subMerchantId: null },
    ]);
    expect(within(handOver).getByText('A link to set the password was e-mailed to bo@example.com.')).toBeTruthy();
    expect((within(handOver).getByLabelText('Password link') as HTMLInputElement).value).toBe(resetLink.link);
    await user.click(within(handOver).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(resetLink.link);
    expect(app.location()).toBe('/access/user');
    expect(app.location()).not.toContain('tok-xyz');
  });

  it('edits a user opened from the URL, keeping the username', async () => {
    const row = userRow();
    const requests = signedIn(ALL_USER_CODES, [row], {
      [endpointUrl(userDetail, { id: 12 })]: () => envelope(userDetailOf(row)),
      [userModify.path]: () => envelope(null),
    });
    const app = renderApp('/access/user?dialog=edit&id=12');
    const drawer = await dialogNamed('Edit user');
    const name = (await within(drawer).findByLabelText('Name')) as HTMLInputElement;
    expect(name.value).toBe('Ana Ops');
    expect((within(drawer).getByLabelText('Username') as HTMLInputElement).disabled).toBe(true);
    const user = userEvent.setup();
    await user.clear(name);
    await user.type(name, 'Ana Operations');
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(bodies(requests, userModify.path)).toEqual([
        { id: 12, displayName: 'Ana Operations', email: 'ana@example.com', roleIds: [3], countries: ['BR', 'MX'], subMerchantId: null },
      ]),
    );
    await waitFor(() => expect(app.location()).toBe('/access/user'));
    expect(requests.some((r) => r.path === endpointUrl(userDetail, { id: 12 }))).toBe(true);
  });
});

describe('row actions', () => {
  it('disables a user after confirming', async () => {
    const requests = signedIn(ALL_USER_CODES, [userRow()], { [userStateModify.path]: () => envelope(null) });
    renderApp('/access/user');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'State of ana.ops' }));
    const question = await dialogNamed('Disable the user Ana Ops?');
    expect(requests.some((r) => r.path === userStateModify.path)).toBe(false);
    await user.click(within(question).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(bodies(requests, userStateModify.path)).toEqual([{ id: 12, state: 0 }]));
  });

  it('resets a password by issuing a link to hand over', async () => {
    const requests = signedIn(ALL_USER_CODES, [userRow()], { [resetLinkGenerate.path]: () => envelope(resetLink) });
    renderApp('/access/user');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset password of ana.ops' }));
    const question = await dialogNamed('Reset the password of Ana Ops?');
    await user.click(within(question).getByRole('button', { name: 'Reset password' }));
    const shown = await dialogNamed('New password link for ana.ops');
    expect((within(shown).getByLabelText('Password link') as HTMLInputElement).value).toBe(resetLink.link);
    expect(bodies(requests, resetLinkGenerate.path)).toEqual([{ userId: 12 }]);
  });

  it('resets two-factor authentication of a user who has it on', async () => {
    const requests = signedIn(ALL_USER_CODES, [userRow({ mfaEnabled: true })], { [userMfaReset.path]: () => envelope(null) });
    renderApp('/access/user');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Reset two-factor authentication of ana.ops' }));
    const question = await dialogNamed('Reset two-factor authentication of Ana Ops?');
    await user.click(within(question).getByRole('button', { name: 'Reset two-factor' }));
    await waitFor(() => expect(bodies(requests, userMfaReset.path)).toEqual([{ userId: 12 }]));
  });

  it('opens the detail drawer through the URL', async () => {
    const row = userRow({ locked: true });
    signedIn(ALL_USER_CODES, [row], { [endpointUrl(userDetail, { id: 12 })]: () => envelope(userDetailOf(row)) });
    const app = renderApp('/access/user');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Detail of ana.ops' }));
    await waitFor(() => expect(app.location()).toBe('/access/user?dialog=detail&id=12'));
    const drawer = await dialogNamed('User detail');
    expect(await within(drawer).findByText('2026-01-02 09:00:00 (UTC-3)')).toBeTruthy();
    expect(within(drawer).getByText('Operations')).toBeTruthy();
  });
});
