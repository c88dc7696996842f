import { z } from 'zod';
import {
  closePermissions,
  PERMISSION_CODES,
  PERMISSION_TYPES,
  PERMISSIONS,
  type PermissionCode,
  type PermissionType,
  permissionEntry,
} from '../permissions/registry.ts';

/**
 * The permission tree of the role editor (spec §3 Tree item: label, value, children, parentValue,
 * checked), with the node's type and the codes it depends on so the editor can check them along.
 *
 * `checked` is exactly "the role holds this code". A menu may be held without any of its buttons
 * (a view-only role), which a tree that derives a parent's state from its children cannot show;
 * so editors check nodes independently (antd `checkStrictly`) and cascade with
 * `togglePermission`: checking a node checks its ancestors and dependencies, unchecking it
 * unchecks its descendants and whatever depends on it.
 */
export interface PermissionTreeItem {
  /** i18n key of the label (`permissions:<code>`). */
  label: string;
  /** The permission code. */
  value: PermissionCode;
  type: PermissionType;
  parentValue: PermissionCode | null;
  /** Codes granted together with this one (the editor checks them too). */
  dependsOn: PermissionCode[];
  checked: boolean;
  children: PermissionTreeItem[];
}

export const UNKNOWN_PERMISSION_MESSAGE = 'Unknown permission';

/** A permission code in a request. */
export const PermissionCodeSchema = z.enum(PERMISSION_CODES, { error: UNKNOWN_PERMISSION_MESSAGE });

export const PermissionTreeItemSchema: z.ZodType<PermissionTreeItem> = z.lazy(() =>
  z.object({
    label: z.string(),
    value: PermissionCodeSchema,
    type: z.enum(PERMISSION_TYPES),
    parentValue: PermissionCodeSchema.nullable(),
    dependsOn: z.array(PermissionCodeSchema),
    checked: z.boolean(),
    children: z.array(PermissionTreeItemSchema),
  }),
);

function build(
  codes: readonly PermissionCode[],
  grantable: ReadonlySet<PermissionCode>,
  held: ReadonlySet<PermissionCode>,
): PermissionTreeItem[] {
  const out: PermissionTreeItem[] = [];
  for (const code of codes) {
    if (!grantable.has(code)) continue;
    const e = permissionEntry(code);
    const children = build(e.children, grantable, held);
    // A group menu (no route of its own) is only offered with something inside it.
    if (e.type === 'MENU' && e.route === null && children.length === 0) continue;
    out.push({
      label: e.i18nKey,
      value: code,
      type: e.type,
      parentValue: e.parent,
      dependsOn: [...e.dependsOn],
      checked: held.has(code),
      children,
    });
  }
  return out;
}

const ROOTS: readonly PermissionCode[] = PERMISSIONS.filter((e) => e.parent === null).map((e) => e.code);

/**
 * The tree an editor works on: the codes they may grant (`grantable`, usually what they hold
 * themselves — an admin only grants permissions they hold), with `checked` set from the role's
 * codes. Both sets are closed over ancestors and dependencies; unknown codes are ignored.
 */
export function buildPermissionTree(grantable: Iterable<string>, roleCodes: Iterable<string>): PermissionTreeItem[] {
  return build(ROOTS, closePermissions(grantable), closePermissions(roleCodes));
}

/**
 * The codes a role would hold (closed over ancestors and dependencies) that the editor does not
 * hold: non-empty means the change grants more than the editor has, and is refused.
 */
export function ungrantablePermissions(requested: Iterable<string>, held: Iterable<string>): PermissionCode[] {
  const mine = closePermissions(held);
  return [...closePermissions(requested)].filter((code) => !mine.has(code)).sort();
}

/**
 * The role's codes after the editor checks or unchecks `code` (the cascading check of spec §2):
 * - checking adds the code, its ancestors and what it depends on (a button is useless without
 *   its screen);
 * - unchecking removes the code, its descendants and, repeatedly, every code that depends on a
 *   removed one (unchecking "user detail" also unchecks "user create").
 * Returns a new set, closed like a stored role; unknown codes in `codes` are dropped.
 */
export function togglePermission(codes: Iterable<string>, code: PermissionCode, checked: boolean): Set<PermissionCode> {
  const current = closePermissions(codes);
  if (checked) return closePermissions([...current, code]);
  const removed = new Set<PermissionCode>();
  const stack: PermissionCode[] = [code];
  while (stack.length > 0) {
    const next = stack.pop() as PermissionCode;
    if (removed.has(next)) continue;
    removed.add(next);
    stack.push(...permissionEntry(next).children);
    for (const other of current) {
      if (!removed.has(other) && permissionEntry(other).dependsOn.includes(next)) stack.push(other);
    }
  }
  return new Set([...current].filter((c) => !removed.has(c)));
}
