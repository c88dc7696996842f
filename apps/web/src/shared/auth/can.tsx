import type { PermissionCode } from '@andes/contract/permissions/registry';
import type { ReactNode } from 'react';
import { usePermissions } from './use-permissions.ts';

interface CanProps {
  /** The code needed; with several codes, holding any one is enough. */
  permission: PermissionCode | readonly PermissionCode[];
  children: ReactNode;
  /** Shown instead when the code is missing (nothing by default). */
  fallback?: ReactNode;
}

/** Shows `children` only to users holding the permission code (CONVENTIONS §4.5). */
export function Can({ permission, children, fallback = null }: CanProps) {
  const held = usePermissions();
  const codes: readonly PermissionCode[] = typeof permission === 'string' ? [permission] : permission;
  return <>{codes.some((code) => held.has(code)) ? children : fallback}</>;
}
