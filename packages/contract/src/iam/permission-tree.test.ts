import { describe, expect, it } from 'vitest';
import { PERMISSION_CODES } from '../permissions/registry.ts';
import {
  buildPermissionTree,
  type PermissionTreeItem,
  PermissionTreeItemSchema,
  togglePermission,
  ungrantablePermissions,
} from './permission-tree.ts';

function codes(tree: readonly PermissionTreeItem[]): string[] {
  return tree.flatMap((n) => [n.value, ...codes(n.children)]);
}
function checked(tree: readonly PermissionTreeItem[]): string[] {
  return tree.flatMap((n) => [...(n.checked ? [n.value] : []), ...checked(n.children)]);
}
function find(tree: readonly PermissionTreeItem[], code: string): PermissionTreeItem | undefined {
  for (const n of tree) {
    if (n.value === code) return n;
    const inner = find(n.children, code);
    if (inner) return inner;
  }
  return undefined;
}

describe('permission tree', () => {
  it('offers a super admin every code, in registry order, as spec §3 tree items', () => {
    const tree = buildPermissionTree(PERMISSION_CODES, []);
    expect(codes(tree)).toEqual([...PERMISSION_CODES]);
    expect(checked(tree)).toEqual([]);
    for (const node of tree) expect(PermissionTreeItemSchema.parse(node)).toEqual(node);
    expect(find(tree, 'iam:user:create')).toMatchObject({
      label: 'permissions:iam:user:create',
      type: 'BUTTON',
      parentValue: 'iam:user',
      dependsOn: ['iam:user:detail'],
      children: [],
    });
  });

  it('offers only what the editor holds, with its ancestors, and drops empty groups', () => {
    const tree = buildPermissionTree(['iam:user:create', 'home'], []);
    expect(codes(tree)).toEqual(['home', 'iam', 'iam:user', 'iam:user:detail', 'iam:user:create']);
  });

  it('checks exactly the codes the role holds, so a menu can be held without its buttons', () => {
    const tree = buildPermissionTree(PERMISSION_CODES, ['iam:user']);
    expect(checked(tree)).toEqual(['iam', 'iam:user']);
    expect(find(tree, 'iam:user:detail')?.checked).toBe(false);
  });

  it('checks a button’s dependency and ancestors along with it', () => {
    const tree = buildPermissionTree(PERMISSION_CODES, ['iam:role:modify']);
    expect(checked(tree)).toEqual(['iam', 'iam:role', 'iam:role:detail', 'iam:role:modify']);
  });
});

describe('cascading check', () => {
  it('checking a button checks its screen, group and dependency', () => {
    expect([...togglePermission([], 'iam:user:create', true)].sort()).toEqual(['iam', 'iam:user', 'iam:user:create', 'iam:user:detail']);
  });

  it('unchecking a screen unchecks its buttons and leaves the group and other screens', () => {
    const before = ['iam:user:create', 'iam:role:detail'];
    expect([...togglePermission(before, 'iam:user', false)].sort()).toEqual(['iam', 'iam:role', 'iam:role:detail']);
  });

  it('unchecking a dependency unchecks what depends on it, transitively', () => {
    const before = ['iam:user:create', 'iam:user:modify', 'iam:user:reset-password', 'iam:user:remove'];
    expect([...togglePermission(before, 'iam:user:detail', false)].sort()).toEqual(['iam', 'iam:user', 'iam:user:remove']);
  });

  it('unchecking a group unchecks everything in it', () => {
    expect([...togglePermission(['iam:user:create', 'iam:role:remove', 'home'], 'iam', false)]).toEqual(['home']);
  });
});

describe('granting only what one holds', () => {
  it('lists the codes a role would gain beyond the editor’s own', () => {
    expect(ungrantablePermissions(['iam:user:create'], ['iam:user:detail'])).toEqual(['iam:user:create']);
    expect(ungrantablePermissions(['iam:user:create', 'finance:payin'], ['iam:user'])).toEqual([
      'finance',
      'finance:payin',
      'iam:user:create',
      'iam:user:detail',
    ]);
    expect(ungrantablePermissions(['iam:user:create'], ['iam:user:create'])).toEqual([]);
    expect(ungrantablePermissions(['home'], PERMISSION_CODES)).toEqual([]);
  });
});
