import { closePermissions, PERMISSION_CODES, type PermissionCode, SCREENS_NOT_BUILT } from '@andes/contract/permissions/registry';
import { describe, expect, it } from 'vitest';
import { editorTree, roleTree, toggleHeld } from './permission-tree.ts';

const label = (code: PermissionCode) => `label:${code}`;
const admin = closePermissions(['iam:user:create', 'iam:user:modify', 'iam:role', 'home']);

describe('role editor tree', () => {
  it('shows every permission, locking those the editor does not hold', () => {
    const tree = editorTree([], admin, label);
    const home = tree.find((n) => n.key === 'home');
    expect(home).toMatchObject({ title: 'label:home', disableCheckbox: false });
    const iam = tree.find((n) => n.key === 'iam');
    const users = iam?.children.find((n) => n.key === 'iam:user');
    expect(users?.children.map((n) => [n.key, n.disableCheckbox])).toEqual([
      ['iam:user:detail', false],
      ['iam:user:create', false],
      ['iam:user:modify', false],
      ['iam:user:remove', true],
      ['iam:user:reset-password', true],
    ]);
    expect(tree.find((n) => n.key === 'transactions')?.disableCheckbox).toBe(true);
  });

  it('leaves out the screens that have not landed, and what is under them', () => {
    const codes = (nodes: readonly { key: string; children: readonly unknown[] }[]): string[] =>
      nodes.flatMap((n) => [n.key, ...codes(n.children as { key: string; children: readonly unknown[] }[])]);
    const shown = codes(editorTree([], closePermissions(PERMISSION_CODES), label));
    for (const code of SCREENS_NOT_BUILT) expect(shown).not.toContain(code);
    expect(shown).toContain('setting:ip-trustlist');
    expect(shown).toContain('payment:payout');
  });

  it('checks ancestors and dependencies along, and unchecks dependents', () => {
    const checked = toggleHeld([], 'iam:user:create', true, admin);
    expect([...checked].sort()).toEqual(['iam', 'iam:user', 'iam:user:create', 'iam:user:detail']);
    const unchecked = toggleHeld(checked, 'iam:user:detail', false, admin);
    expect([...unchecked].sort()).toEqual(['iam', 'iam:user']);
  });

  it('leaves codes the editor does not hold as they are', () => {
    const role = closePermissions(['iam:user:remove', 'iam:user:create']);
    expect(toggleHeld(role, 'iam:user:remove', false, admin)).toEqual(role);
    const afterParent = toggleHeld(role, 'iam:user', false, admin);
    expect(afterParent.has('iam:user:remove')).toBe(true);
    expect(afterParent.has('iam:user')).toBe(true);
    expect(toggleHeld([], 'transactions:payin', true, admin).size).toBe(0);
  });

  it('shows a role read-only with only what it holds', () => {
    const tree = roleTree(closePermissions(['iam:role:detail']), label);
    expect(tree.map((n) => n.key)).toEqual(['iam']);
    expect(tree[0]?.children[0]?.children.map((n) => n.key)).toEqual(['iam:role:detail']);
  });
});
