import { z } from 'zod';
import { closePermissions, PERMISSION_TREE, PERMISSION_TYPES, type PermissionCode } from './registry.ts';

/** One node of the menu tree the permission load returns (spec §3 menuList). */
export interface MenuNode {
  /** i18n key of the label. */
  name: string;
  route: string | null;
  type: (typeof PERMISSION_TYPES)[number];
  permission: PermissionCode;
  hidden: boolean;
  child: MenuNode[];
}

export const MenuNodeSchema: z.ZodType<MenuNode> = z.lazy(() =>
  z.object({
    name: z.string(),
    route: z.string().nullable(),
    type: z.enum(PERMISSION_TYPES),
    permission: z.string() as unknown as z.ZodType<PermissionCode>,
    hidden: z.boolean(),
    child: z.array(MenuNodeSchema),
  }),
);

interface TreeNode {
  readonly code: string;
  readonly type: (typeof PERMISSION_TYPES)[number];
  readonly route?: string;
  readonly hidden?: boolean;
  readonly children?: readonly TreeNode[];
}

function build(nodes: readonly TreeNode[], granted: ReadonlySet<string>): MenuNode[] {
  const out: MenuNode[] = [];
  for (const n of nodes) {
    if (!granted.has(n.code)) continue;
    const child = build(n.children ?? [], granted);
    // A group menu (no route of its own) is only shown with something inside it.
    if (!n.route && n.type === 'MENU' && child.length === 0) continue;
    out.push({
      name: `permissions:${n.code}`,
      route: n.route ?? null,
      type: n.type,
      permission: n.code as PermissionCode,
      hidden: n.hidden ?? false,
      child,
    });
  }
  return out;
}

/**
 * The menu tree of a user holding `codes` (closed over ancestors and dependencies). Group menus
 * without any granted descendant disappear.
 */
export function buildMenuTree(codes: Iterable<string>): MenuNode[] {
  return build(PERMISSION_TREE as readonly TreeNode[], closePermissions(codes));
}

/** Every permission code present in a menu tree. */
export function codesInTree(tree: readonly MenuNode[]): Set<PermissionCode> {
  const out = new Set<PermissionCode>();
  const walk = (nodes: readonly MenuNode[]) => {
    for (const n of nodes) {
      out.add(n.permission);
      walk(n.child);
    }
  };
  walk(tree);
  return out;
}
