import { describe, expect, it } from 'vitest';
import { buildMenuTree, codesInTree, type MenuNode, MenuNodeSchema } from './menu-tree.ts';
import { PERMISSION_CODES, PERMISSION_TREE } from './registry.ts';

function find(tree: readonly MenuNode[], permission: string): MenuNode | undefined {
  for (const n of tree) {
    if (n.permission === permission) return n;
    const inner = find(n.child, permission);
    if (inner) return inner;
  }
  return undefined;
}

describe('buildMenuTree', () => {
  it('gives nothing to a user with no permission', () => {
    expect(buildMenuTree([])).toEqual([]);
    expect(buildMenuTree(['unknown:code'])).toEqual([]);
  });

  it('keeps only the granted branch, with its group menu', () => {
    const tree = buildMenuTree(['iam:user:remove']);
    expect(tree).toEqual([
      {
        name: 'permissions:iam',
        route: null,
        type: 'MENU',
        permission: 'iam',
        hidden: false,
        child: [
          {
            name: 'permissions:iam:user',
            route: '/access/user',
            type: 'MENU',
            permission: 'iam:user',
            hidden: false,
            child: [
              { name: 'permissions:iam:user:remove', route: null, type: 'BUTTON', permission: 'iam:user:remove', hidden: false, child: [] },
            ],
          },
        ],
      },
    ]);
  });

  it('shows a group menu only when a descendant is granted', () => {
    const tree = buildMenuTree(['home', 'finance:payin']);
    expect(tree.map((n) => n.permission)).toEqual(['home', 'finance']);
    expect(find(tree, 'finance')?.child.map((n) => n.permission)).toEqual(['finance:payin']);
    for (const group of ['iam', 'transactions', 'setting', 'reports', 'risk', 'payment', 'support', 'accounting', 'revenue-assurance']) {
      expect(find(tree, group), group).toBeUndefined();
    }
  });

  it('keeps the side menu order of the registry', () => {
    const tree = buildMenuTree(['download-center', 'home', 'global-balance', 'iam:role']);
    expect(tree.map((n) => n.permission)).toEqual(['home', 'iam', 'global-balance', 'download-center']);
  });

  it('carries the hidden flag of hidden menus and links', () => {
    const tree = buildMenuTree(['transactions:deep-query', 'transactions:detail', 'transactions:payin']);
    expect(find(tree, 'transactions:deep-query')).toMatchObject({ hidden: true, route: '/transactions/deep-query/:type', type: 'MENU' });
    expect(find(tree, 'transactions:detail')).toMatchObject({ hidden: true, route: '/transactions/detail/:id', type: 'LINK' });
    expect(find(tree, 'transactions:payin')).toMatchObject({ hidden: false, route: '/transactions/payin' });
  });

  it('brings in what a granted code depends on', () => {
    const tree = buildMenuTree(['support:create-case']);
    expect(find(tree, 'support:case:create')).toBeDefined();
    expect(find(tree, 'support:case')?.route).toBe('/support-center/case');
  });

  it('holds exactly the closed grant', () => {
    const tree = buildMenuTree(['accounting:exchange:revoke', 'sub-merchant:summary']);
    expect([...codesInTree(tree)].sort()).toEqual(
      ['accounting', 'accounting:exchange', 'accounting:exchange:revoke', 'sub-merchant', 'sub-merchant:summary'].sort(),
    );
  });

  it('gives a super admin every code, in a tree the permission-load schema accepts', () => {
    const tree = buildMenuTree(PERMISSION_CODES);
    expect(codesInTree(tree).size).toBe(PERMISSION_CODES.length);
    expect(tree).toHaveLength(PERMISSION_TREE.length);
    for (const node of tree) expect(MenuNodeSchema.safeParse(node).success).toBe(true);
  });
});

describe('group menus granted directly', () => {
  it('are dropped when none of their items is granted', () => {
    expect(buildMenuTree(['iam'])).toEqual([]);
    expect(buildMenuTree(['iam', 'iam:role']).map((n) => n.permission)).toEqual(['iam']);
  });
});
