import { codesInTree } from '@andes/contract/permissions/menu-tree';
import type { PermissionCode } from '@andes/contract/permissions/registry';
import { useMemo } from 'react';
import { usePermissionLoad } from './use-permission-load.ts';

const none: ReadonlySet<PermissionCode> = new Set();

/** Every permission code in the loaded menu tree (menus, links, buttons, forms). */
export function usePermissions(): ReadonlySet<PermissionCode> {
  const { data } = usePermissionLoad();
  return useMemo(() => (data ? codesInTree(data.menuList) : none), [data]);
}

/** True when the signed-in user holds `code`. */
export function usePermission(code: PermissionCode): boolean {
  return usePermissions().has(code);
}
