import { buildPermissionTree, type PermissionTreeItem, togglePermission } from '@andes/contract/iam/permission-tree';
import { awaitsItsScreen, closePermissions, PERMISSION_CODES, type PermissionCode } from '@andes/contract/permissions/registry';

/** A node of the role editor's tree (antd Tree data). */
export interface PermissionTreeNode {
  key: PermissionCode;
  title: string;
  /** The editor does not hold the code: it can neither grant nor revoke it. */
  disableCheckbox: boolean;
  children: PermissionTreeNode[];
}

/** The codes the role editor offers: all but those of screens that have not landed (SCREENS_NOT_BUILT). */
const OFFERED_CODES = PERMISSION_CODES.filter((code) => !awaitsItsScreen(code));

/**
 * The whole permission tree with the role's codes checked; codes the editor does not hold are
 * shown but locked (an admin grants only what they hold, issue 3). Screens that have not landed are
 * left out.
 */
export function editorTree(
  roleCodes: Iterable<string>,
  held: ReadonlySet<PermissionCode>,
  label: (code: PermissionCode) => string,
): PermissionTreeNode[] {
  const heldClosed = closePermissions(held);
  const convert = (items: readonly PermissionTreeItem[]): PermissionTreeNode[] =>
    items.map((item) => ({
      key: item.value,
      title: label(item.value),
      disableCheckbox: !heldClosed.has(item.value),
      children: convert(item.children),
    }));
  return convert(buildPermissionTree(OFFERED_CODES, roleCodes));
}

/** The read-only tree of a role: the codes it holds, nothing else. */
export function roleTree(roleCodes: Iterable<string>, label: (code: PermissionCode) => string): PermissionTreeNode[] {
  const codes = [...roleCodes];
  const convert = (items: readonly PermissionTreeItem[]): PermissionTreeNode[] =>
    items.map((item) => ({ key: item.value, title: label(item.value), disableCheckbox: true, children: convert(item.children) }));
  return convert(buildPermissionTree(codes, codes));
}

/**
 * The role's codes after the editor checks or unchecks `code`, with the contract's cascade
 * (`togglePermission`: checking adds ancestors and dependencies, unchecking removes descendants
 * and dependents) — except that codes the editor does not hold keep their state.
 */
export function toggleHeld(
  current: Iterable<string>,
  code: PermissionCode,
  checked: boolean,
  held: ReadonlySet<PermissionCode>,
): Set<PermissionCode> {
  const heldClosed = closePermissions(held);
  const before = closePermissions(current);
  if (!heldClosed.has(code)) return before;
  const next = togglePermission(before, code, checked);
  const locked = [...before].filter((c) => !heldClosed.has(c));
  return closePermissions([...[...next].filter((c) => heldClosed.has(c)), ...locked]);
}
