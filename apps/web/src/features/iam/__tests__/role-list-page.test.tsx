import { currentUserInfo, permissionLoad } from '@andes/contract/auth/endpoints';
import { endpointUrl } from '@andes/contract/common/define-endpoint';
import { ResultCode } from '@andes/contract/common/envelope';
import { roleAdd, roleDetail, roleModify, rolePage, roleRemove, roleStateModify } from '@andes/contract/iam/endpoints';
import { IAM_MESSAGES, type RoleSummary } from '@andes/contract/iam/schemas';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useAppStore } from '../../../shared/store/app-store.ts';
import { dialogNamed } from '../../../test/antd-helpers.ts';
import { envelope, mockFetch, type RecordedRequest } from '../../../test/fetch-mock.ts';
import { demoUser, permissionLoadOf } from '../../../test/fixtures.ts';
import { renderApp } from '../../../test/render-app.tsx';
import { page, roleDetailOf, roleRow } from './fixtures.ts';

const ROLE_ADMIN = ['home', 'iam:role', 'iam:role:detail', 'iam:role:create', 'iam:role:modify', 'iam:role:remove', 'iam:user:create'];

function signedIn(codes: string[], rows: RoleSummary[], extra: Record<string, (r: RecordedRequest) => Response> = {}) {
  useAppStore.setState({ token: 'tok' });
  return mockFetch({
    [currentUserInfo.path]: () => envelope(demoUser),
    [permissionLoad.path]: () => envelope(permissionLoadOf(codes)),
    [rolePage.path]: () => envelope(page(rows)),
    ...extra,
  });
}

const bodies = (requests: RecordedRequest[], path: string) => requests.filter((r) => r.path === path).map((r) => r.body);

/** The tree node whose label is `title`. */
function treeNode(container: HTMLElement, title: string): HTMLElement {
  const node = within(container).getByText(title).closest<HTMLElement>('.ant-tree-treenode');
  if (!node) throw new Error(`no tree node ${title}`);
  return node;
}
const isChecked = (node: HTMLElement) => node.querySelector('.ant-tree-checkbox')?.classList.contains('ant-tree-checkbox-checked') ?? false;
const isLocked = (node: HTMLElement) => node.querySelector('.ant-tree-checkbox')?.classList.contains('ant-tree-checkbox-disabled') ?? false;

describe('role list', () => {
  it('shows name, state, users and last change, and searches by name and state', async () => {
    const requests = signedIn(['iam:role'], [roleRow()]);
    const app = renderApp('/access/role');
    expect(await screen.findByText('Operations')).toBeTruthy();
    expect(screen.getByText('Day-to-day user support')).toBeTruthy();
    expect(screen.getByText('Enabled')).toBeTruthy();
    expect(screen.getByText('4')).toBeTruthy();
    expect(screen.getByText('2026-01-10 12:30:00')).toBeTruthy();
    expect(screen.getByRole('columnheader', { name: 'Updated (America/Sao_Paulo)' })).toBeTruthy();

    const user = userEvent.setup();
    const filters = screen.getByRole('form', { name: 'Search roles' });
    await user.type(within(filters).getByLabelText('Role name'), 'Fin');
    await user.click(within(filters).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(app.location()).toBe('/access/role?name=Fin'));
    await waitFor(() => expect(bodies(requests, rolePage.path).at(-1)).toEqual({ name: 'Fin', pageSize: 20 }));
  });

  it('shows no button the user does not hold a code for', async () => {
    signedIn(['iam:role'], [roleRow()]);
    renderApp('/access/role');
    expect(await screen.findByText('Operations')).toBeTruthy();
    for (const name of ['Add role', 'Detail of the role Operations', 'Edit the role Operations', 'Delete the role Operations']) {
      expect(screen.queryByRole('button', { name })).toBeNull();
    }
    expect(screen.queryByRole('switch')).toBeNull();
  });
});

describe('role editor', () => {
  it('adds a role with cascading checks, offering only permissions the admin holds', async () => {
    const requests = signedIn(ROLE_ADMIN, [roleRow()], { [roleAdd.path]: () => envelope({ id: 9 }) });
    const app = renderApp('/access/role');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add role' }));
    const drawer = await dialogNamed('Add a role');

    expect(isLocked(treeNode(drawer, 'Delete user'))).toBe(true);
    expect(isLocked(treeNode(drawer, 'Deep Query'))).toBe(true);
    expect(isLocked(treeNode(drawer, 'Create user'))).toBe(false);

    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    expect(await within(drawer).findByText('Please enter the role name')).toBeTruthy();
    expect(within(drawer).getByText('Please select at least one permission')).toBeTruthy();

    await user.type(within(drawer).getByLabelText('Role name'), 'User onboarding');
    await user.click(within(drawer).getByText('Create user'));
    expect(isChecked(treeNode(drawer, 'Create user'))).toBe(true);
    expect(isChecked(treeNode(drawer, 'View user'))).toBe(true);
    expect(isChecked(treeNode(drawer, 'User'))).toBe(true);
    await user.click(within(drawer).getByText('View role'));
    await user.click(within(drawer).getByText('View user'));
    expect(isChecked(treeNode(drawer, 'Create user'))).toBe(false);
    await user.click(within(drawer).getByText('Delete user'));
    expect(isChecked(treeNode(drawer, 'Delete user'))).toBe(false);

    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies(requests, roleAdd.path)).toHaveLength(1));
    const sent = bodies(requests, roleAdd.path)[0] as { name: string; description: string; permissions: string[] };
    expect(sent.name).toBe('User onboarding');
    expect(sent.description).toBe('');
    expect([...sent.permissions].sort()).toEqual(['iam', 'iam:role', 'iam:role:detail', 'iam:user']);
    expect(requests.some((r) => r.path === roleStateModify.path)).toBe(false);
    await waitFor(() => expect(app.location()).toBe('/access/role'));
  });

  it('edits a role, changing its state too, and keeps what the admin cannot touch', async () => {
    const row = roleRow();
    const requests = signedIn(ROLE_ADMIN, [row], {
      [endpointUrl(roleDetail, { id: 3 })]: () => envelope(roleDetailOf(row, ['iam:role:detail', 'transactions:payin'])),
      [roleModify.path]: () => envelope(null),
      [roleStateModify.path]: () => envelope(null),
    });
    renderApp('/access/role?dialog=edit&id=3');
    const drawer = await dialogNamed('Edit role');
    expect(((await within(drawer).findByLabelText('Role name')) as HTMLInputElement).value).toBe('Operations');
    expect(within(drawer).getByText(/This role also holds permissions you do not hold/)).toBeTruthy();
    const user = userEvent.setup();
    await user.click(within(drawer).getByRole('switch'));
    await user.click(within(drawer).getByText('Create role'));
    await user.click(within(drawer).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(bodies(requests, roleStateModify.path)).toEqual([{ id: 3, state: 0 }]));
    const sent = bodies(requests, roleModify.path)[0] as { id: number; permissions: string[] };
    expect(sent.id).toBe(3);
    expect([...sent.permissions].sort()).toEqual([
      'iam',
      'iam:role',
      'iam:role:create',
      'iam:role:detail',
      'transactions',
      'transactions:payin',
    ]);
  });

  it('shows a role read-only in the detail drawer', async () => {
    const row = roleRow();
    signedIn(ROLE_ADMIN, [row], { [endpointUrl(roleDetail, { id: 3 })]: () => envelope(roleDetailOf(row, ['iam:role:detail'])) });
    renderApp('/access/role?dialog=detail&id=3');
    const drawer = await dialogNamed('Role detail');
    expect(await within(drawer).findByText('View role')).toBeTruthy();
    expect(within(drawer).queryByText('Create role')).toBeNull();
    expect(drawer.querySelector('.ant-tree-checkbox')).toBeNull();
  });
});

describe('role actions', () => {
  it('shows the server’s refusal to delete a role users hold', async () => {
    const requests = signedIn(ROLE_ADMIN, [roleRow()], {
      [endpointUrl(roleRemove, { id: 3 })]: () => envelope(null, ResultCode.CONFLICT, IAM_MESSAGES.roleInUse, { status: 409 }),
    });
    renderApp('/access/role');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Delete the role Operations' }));
    const question = await dialogNamed('Delete the role Operations?');
    expect(within(question).getByText('4 user(s) hold this role: remove it from them first.')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(IAM_MESSAGES.roleInUse)).toBeTruthy();
    expect(requests.some((r) => r.path === endpointUrl(roleRemove, { id: 3 }))).toBe(true);
  });

  it('disables a role after confirming', async () => {
    const requests = signedIn(ROLE_ADMIN, [roleRow()], { [roleStateModify.path]: () => envelope(null) });
    renderApp('/access/role');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('switch', { name: 'State of the role Operations' }));
    const question = await dialogNamed('Disable the role Operations?');
    await user.click(within(question).getByRole('button', { name: 'Disable' }));
    await waitFor(() => expect(bodies(requests, roleStateModify.path)).toEqual([{ id: 3, state: 0 }]));
  });
});
