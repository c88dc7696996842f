import { login, permissionLoad } from '@andes/contract/auth/endpoints';
import type { PermissionLoad } from '@andes/contract/auth/schemas';
import { ResultCode } from '@andes/contract/common/envelope';
import type { Page } from '@andes/contract/common/page';
import { roleAdd, roleDetail, roleModify, rolePage, roleRemove, roleStateModify, userModify } from '@andes/contract/iam/endpoints';
import type { PermissionTreeItem } from '@andes/contract/iam/permission-tree';
import type { RoleDetail, RoleSummary } from '@andes/contract/iam/schemas';
import { codesInTree } from '@andes/contract/permissions/menu-tree';
import { closePermissions, PERMISSION_CODES } from '@andes/contract/permissions/registry';
import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { activityLog } from '../../src/db/schema/activity.ts';
import { merchants } from '../../src/db/schema/merchants.ts';
import { rolePermissions } from '../../src/db/schema/users.ts';
import { DEMO_ROLES } from '../../src/db/seed/demo.ts';
import { createTestApp, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { addRole, readyUser, roleIdOf, userIdOf } from './iam-fixtures.ts';

let t: TestApp;
let admin: string;
let condor: string;
let finance: string;
let financeRole: number;
let payoutRole: number;
let marketRole: number;
let roleAdminRole: number;
/** A role manager who is not a super admin: role screens plus home and pay-ins. */
let rita: string;

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(new Date('2026-05-04T09:00:00Z')) });
  admin = await signIn(t.app, login.path, 'admin');
  condor = await signIn(t.app, login.path, 'condor');
  finance = await signIn(t.app, login.path, 'finance');
  financeRole = await roleIdOf(t.db, 'Finance viewer');
  payoutRole = await roleIdOf(t.db, 'Payout operator');
  marketRole = await roleIdOf(t.db, 'Marketplace staff');
  roleAdminRole = await addRole(t.app, admin, {
    name: 'Role admin',
    description: 'Roles, home and pay-ins',
    permissions: ['iam:role:detail', 'iam:role:create', 'iam:role:modify', 'iam:role:remove', 'home', 'transactions:payin'],
  });
  ({ token: rita } = await readyUser(
    t.app,
    admin,
    { username: 'rita.roles', displayName: 'Rita', email: 'rita@andes-demo.test', roleIds: [roleAdminRole], countries: ['BR'] },
    'Rita-Roles-2026',
  ));
});
afterAll(async () => t?.close());

const page = (token: string, body: object = {}) => post(t.app, rolePage.path, body, { token });
const detail = (token: string, id: number) => post(t.app, roleDetail.path.replace(':id', String(id)), {}, { token });
const remove = (token: string, id: number) => post(t.app, roleRemove.path.replace(':id', String(id)), {}, { token });
const menuOf = async (token: string) => {
  const res = envelope<PermissionLoad>(await post(t.app, permissionLoad.path, {}, { token }));
  if (res.code !== 200) throw new Error(`permission load: ${res.code}`);
  return codesInTree(res.data.menuList);
};
const lastEntry = async () => (await t.db.select().from(activityLog).orderBy(desc(activityLog.id)).limit(1))[0];
const notFound = { code: ResultCode.NOT_FOUND, msg: 'The role was not found', data: null };
const treeCodes = (tree: readonly PermissionTreeItem[]): string[] => tree.flatMap((n) => [n.value, ...treeCodes(n.children)]);
const findNode = (tree: readonly PermissionTreeItem[], code: string): PermissionTreeItem | undefined => {
  for (const n of tree) {
    if (n.value === code) return n;
    const inner = findNode(n.children, code);
    if (inner) return inner;
  }
  return undefined;
};

describe('the role list', () => {
  test('shows the merchant’s roles newest first with their number of users', async () => {
    const res = envelope<Page<RoleSummary>>(await page(admin));
    expect(res.code).toBe(200);
    expect(res.data.list.map((r) => [r.name, r.userCount, r.state])).toEqual([
      ['Role admin', 1, 1],
      ['Marketplace staff', 1, 1],
      ['Payout operator', 1, 1],
      ['Finance viewer', 2, 1],
    ]);
    expect(res.data.list[0]).toMatchObject({
      id: roleAdminRole,
      description: 'Roles, home and pay-ins',
      createdAt: '2026-05-04T09:00:00.000Z',
    });
    expect(res.data).toMatchObject({ total: 4, totalCapped: false, nextCursor: null });
    expect(envelope<Page<RoleSummary>>(await page(condor)).data).toEqual({ list: [], total: 0, totalCapped: false, nextCursor: null });
  });

  test('filters by name (any case, anywhere) and state; pages by cursor', async () => {
    const names = async (body: object) => envelope<Page<RoleSummary>>(await page(admin, body)).data.list.map((r) => r.name);
    expect(await names({ name: 'PAY' })).toEqual(['Payout operator']);
    expect(await names({ state: 0 })).toEqual([]);
    const first = envelope<Page<RoleSummary>>(await page(admin, { pageSize: 10 }));
    expect(first.data.nextCursor).toBeNull();
    for (let i = 0; i < 8; i += 1) await addRole(t.app, admin, { name: `Paged role ${i}`, permissions: ['home'] });
    const one = envelope<Page<RoleSummary>>(await page(admin, { pageSize: 10 }));
    expect(one.data.list).toHaveLength(10);
    expect(one.data.total).toBe(12);
    const two = envelope<Page<RoleSummary>>(await page(admin, { pageSize: 10, cursor: one.data.nextCursor }));
    expect(two.data.list.map((r) => r.name)).toEqual(['Payout operator', 'Finance viewer']);
    expect(two.data.nextCursor).toBeNull();
  });

  test('needs the role screen', async () => {
    expect(envelope(await page(finance)).code).toBe(ResultCode.FORBIDDEN);
  });
});

describe('role detail', () => {
  test('answers the codes closed over ancestors and dependencies, and the tree the caller may grant', async () => {
    const res = envelope<RoleDetail>(await detail(admin, financeRole));
    expect(res.code).toBe(200);
    const closed = closePermissions(DEMO_ROLES['Finance viewer']);
    expect(res.data.permissions).toEqual(PERMISSION_CODES.filter((c) => closed.has(c)));
    expect(res.data).toMatchObject({ id: financeRole, name: 'Finance viewer', userCount: 2 });
    // A super admin may grant everything; the role's codes are the checked ones.
    expect(new Set(treeCodes(res.data.tree))).toEqual(new Set(PERMISSION_CODES));
    expect(findNode(res.data.tree, 'finance:payin')).toMatchObject({
      checked: true,
      parentValue: 'finance',
      label: 'permissions:finance:payin',
    });
    expect(findNode(res.data.tree, 'iam:user')?.checked).toBe(false);
    expect(findNode(res.data.tree, 'iam:user:create')?.dependsOn).toEqual(['iam:user:detail']);

    // Rita may grant only what she holds: her tree has no finance.
    const ritas = envelope<RoleDetail>(await detail(rita, financeRole));
    expect(new Set(treeCodes(ritas.data.tree))).toEqual(
      new Set([
        'home',
        'iam',
        'iam:role',
        'iam:role:detail',
        'iam:role:create',
        'iam:role:modify',
        'iam:role:remove',
        'transactions',
        'transactions:payin',
      ]),
    );
    expect(findNode(ritas.data.tree, 'transactions:payin')?.checked).toBe(true);
  });

  test('a role of another merchant is not found, exactly like a missing one', async () => {
    const condorRole = await addRole(t.app, condor, { name: 'Condor role', permissions: ['home'] });
    expect(envelope(await detail(admin, condorRole))).toEqual(notFound);
    expect(envelope(await detail(admin, 2_000_000_000))).toEqual(notFound);
    expect(envelope(await detail(condor, financeRole))).toEqual(notFound);
  });
});

describe('adding a role', () => {
  test('stores its codes closed, trims the name, and records it', async () => {
    const res = envelope<{ id: number }>(
      await post(
        t.app,
        roleAdd.path,
        { name: '  Support desk ', description: 'Cases', permissions: ['support:case:edit'] },
        { token: admin },
      ),
    );
    expect(res.code).toBe(200);
    const stored = await t.db.select({ code: rolePermissions.code }).from(rolePermissions).where(eq(rolePermissions.roleId, res.data.id));
    expect(stored.map((s) => s.code).sort()).toEqual(['support', 'support:case', 'support:case:detail', 'support:case:edit']);
    expect(envelope<RoleDetail>(await detail(admin, res.data.id)).data).toMatchObject({
      name: 'Support desk',
      description: 'Cases',
      state: 1,
      userCount: 0,
    });
    expect(await lastEntry()).toMatchObject({
      event: 'ROLE_CREATED',
      actorUsername: 'demo.admin',
      objectType: 'ROLE',
      objectId: String(res.data.id),
      objectLabel: 'Support desk',
      details: { permissions: 'support,support:case,support:case:detail,support:case:edit' },
    });
  });

  test('refuses a name taken in any case, unknown codes and an empty set', async () => {
    const taken = await post(t.app, roleAdd.path, { name: 'finance VIEWER', permissions: ['home'] }, { token: admin });
    expect(envelope(taken)).toEqual({ code: ResultCode.CONFLICT, msg: 'A role with this name already exists', data: null });
    // The same name in another merchant is fine.
    expect(envelope(await post(t.app, roleAdd.path, { name: 'Finance viewer', permissions: ['home'] }, { token: condor })).code).toBe(200);
    const unknown = envelope<{ issues: { path: string; message: string }[] }>(
      await post(t.app, roleAdd.path, { name: 'X', permissions: ['home', 'root:everything'] }, { token: admin }),
    );
    expect(unknown).toMatchObject({
      code: ResultCode.VALIDATION_FAILED,
      data: { issues: [{ path: 'permissions.1', message: 'Unknown permission' }] },
    });
    const empty = envelope<{ issues: { message: string }[] }>(
      await post(t.app, roleAdd.path, { name: '', permissions: [] }, { token: admin }),
    );
    expect(empty.data.issues.map((i) => i.message)).toEqual(['Please enter the role name', 'Please select at least one permission']);
  });

  test('an admin grants only codes they hold', async () => {
    const res = await post(
      t.app,
      roleAdd.path,
      { name: 'Finance too', permissions: ['transactions:payin', 'finance:payin'] },
      { token: rita },
    );
    expect(res.statusCode).toBe(403);
    expect(envelope(res)).toEqual({
      code: ResultCode.FORBIDDEN,
      msg: 'You can only grant permissions you hold yourself',
      data: { permissions: ['finance', 'finance:payin'] },
    });
    expect(
      envelope(await post(t.app, roleAdd.path, { name: 'Payin only', permissions: ['transactions:payin'] }, { token: rita })).code,
    ).toBe(200);
    expect(envelope(await post(t.app, roleAdd.path, { name: 'Nope', permissions: ['home'] }, { token: finance })).code).toBe(
      ResultCode.FORBIDDEN,
    );
  });
});

describe('changing a role', () => {
  test('new codes reach the role’s holders at their next call', async () => {
    expect(await menuOf(finance)).toContain('global-balance');
    const codes = DEMO_ROLES['Finance viewer'].filter((c) => c !== 'global-balance');
    const res = await post(
      t.app,
      roleModify.path,
      { id: financeRole, name: 'Finance reader', description: 'Read only', permissions: [...codes, 'support:case'] },
      { token: admin },
    );
    expect(envelope(res)).toEqual({ code: 200, msg: 'success', data: null });
    const menu = await menuOf(finance);
    expect(menu).not.toContain('global-balance');
    expect(menu).toContain('support:case');
    expect(await lastEntry()).toMatchObject({
      event: 'ROLE_MODIFIED',
      objectLabel: 'Finance reader',
      details: { previousName: 'Finance viewer', added: 'support,support:case', removed: 'global-balance' },
    });
  });

  test('refuses a taken name, another merchant’s role, and a role granting more than the editor holds', async () => {
    const body = { name: 'Payout operator', permissions: ['home'] };
    expect(envelope(await post(t.app, roleModify.path, { ...body, id: marketRole }, { token: admin })).code).toBe(ResultCode.CONFLICT);
    expect(envelope(await post(t.app, roleModify.path, { ...body, id: marketRole, name: 'Other' }, { token: condor }))).toEqual(notFound);
    const beyond = await post(t.app, roleModify.path, { id: financeRole, name: 'Finance reader', permissions: ['home'] }, { token: rita });
    expect(envelope(beyond)).toEqual({
      code: ResultCode.FORBIDDEN,
      msg: 'You can only change roles whose permissions you hold yourself',
      data: null,
    });
    const payinOnly = await roleIdOf(t.db, 'Payin only');
    const grow = await post(
      t.app,
      roleModify.path,
      { id: payinOnly, name: 'Payin only', permissions: ['transactions:payin', 'payment:payout'] },
      { token: rita },
    );
    expect(envelope(grow).msg).toBe('You can only grant permissions you hold yourself');
    expect(
      envelope(
        await post(
          t.app,
          roleModify.path,
          { id: payinOnly, name: 'Payin + home', permissions: ['home', 'transactions:payin'] },
          { token: rita },
        ),
      ).code,
    ).toBe(200);
  });
});

describe('enabling and disabling a role', () => {
  test('its holders lose and regain its codes at their next call; a double click applies once', async () => {
    const payout = await signIn(t.app, login.path, 'payout');
    expect(await menuOf(payout)).toContain('payment:payout');
    const off = await post(t.app, roleStateModify.path, { id: payoutRole, state: 0 }, { token: admin });
    expect(envelope(off).code).toBe(200);
    expect([...(await menuOf(payout))]).toEqual([]);
    expect(await lastEntry()).toMatchObject({ event: 'ROLE_STATE_CHANGED', objectId: String(payoutRole), details: { state: 'DISABLED' } });
    const entries = async () => (await t.db.select().from(activityLog).where(eq(activityLog.event, 'ROLE_STATE_CHANGED'))).length;
    const before = await entries();
    expect(envelope(await post(t.app, roleStateModify.path, { id: payoutRole, state: 0 }, { token: admin })).code).toBe(200);
    expect(await entries()).toBe(before);
    expect(envelope<Page<RoleSummary>>(await page(admin, { name: 'Payout' })).data.list[0]?.state).toBe(0);
    await post(t.app, roleStateModify.path, { id: payoutRole, state: 1 }, { token: admin });
    expect(await menuOf(payout)).toContain('payment:payout');
  });

  test('another merchant’s role is not found; the editor must hold the role’s codes', async () => {
    expect(envelope(await post(t.app, roleStateModify.path, { id: payoutRole, state: 0 }, { token: condor }))).toEqual(notFound);
    expect(envelope(await post(t.app, roleStateModify.path, { id: payoutRole, state: 0 }, { token: rita })).code).toBe(
      ResultCode.FORBIDDEN,
    );
  });
});

describe('removing a role', () => {
  test('is refused while users hold it; an unused one goes', async () => {
    const inUse = await remove(admin, financeRole);
    expect(inUse.statusCode).toBe(409);
    expect(envelope(inUse)).toEqual({
      code: ResultCode.CONFLICT,
      msg: 'The role is assigned to users: remove it from them first',
      data: null,
    });
    const support = await roleIdOf(t.db, 'Support desk');
    expect(envelope(await remove(admin, support))).toEqual({ code: 200, msg: 'success', data: null });
    expect(envelope(await detail(admin, support))).toEqual(notFound);
    expect(envelope(await remove(admin, support))).toEqual(notFound);
    expect(await lastEntry()).toMatchObject({ event: 'ROLE_REMOVED', objectId: String(support), objectLabel: 'Support desk' });
  });

  test('another merchant’s role is not found; needs the remove permission', async () => {
    const paged = await roleIdOf(t.db, 'Paged role 0');
    expect(envelope(await remove(condor, paged))).toEqual(notFound);
    expect(envelope(await remove(finance, paged)).code).toBe(ResultCode.FORBIDDEN);
    expect(envelope(await remove(rita, paged)).code).toBe(200);
  });
});

describe('a sub-merchant user', () => {
  test('sees the merchant’s roles but does not change them', async () => {
    const subBr = (await t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, 'ANDES-DEMO-BR')))[0]?.id ?? 0;
    const market = await userIdOf(t.db, 'demo.market');
    const modified = await post(
      t.app,
      userModify.path,
      {
        id: market,
        displayName: 'Marta Marketplace',
        email: 'marta.market@andes-demo.test',
        roleIds: [marketRole, roleAdminRole],
        countries: ['BR', 'MX'],
        subMerchantId: subBr,
      },
      { token: admin },
    );
    expect(envelope(modified).code).toBe(200);
    const token = await signIn(t.app, login.path, 'market');
    expect(envelope(await page(token)).code).toBe(200);
    expect(envelope(await detail(token, financeRole)).code).toBe(200);
    expect(envelope(await post(t.app, roleAdd.path, { name: 'Sub role', permissions: ['home'] }, { token }))).toEqual({
      code: ResultCode.FORBIDDEN,
      msg: 'Roles are managed by the merchant’s users, not by sub-merchant users',
      data: null,
    });
    expect(envelope(await post(t.app, roleStateModify.path, { id: marketRole, state: 0 }, { token })).code).toBe(ResultCode.FORBIDDEN);
  });
});
