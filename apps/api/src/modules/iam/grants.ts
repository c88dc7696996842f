import { ungrantablePermissions } from '@andes/contract/iam/permission-tree';
import { PERMISSION_CODES, type PermissionCode } from '@andes/contract/permissions/registry';
import type { AuthContext } from '../../http/auth-context.ts';
import { IamErrors } from './iam.errors.ts';

/**
 * The grant rules of users and roles: an admin grants only permissions they hold, and manages
 * (changes, disables, removes, resets) only users and roles whose permissions they hold — else a
 * holder of user management could take over a more powerful account (change its e-mail, then issue
 * it a reset link). Only a super admin manages a super admin.
 */

/** Refuses (FORBIDDEN, listing them) codes beyond the caller's own. */
export function assertGrantable(auth: AuthContext, codes: Iterable<string>): void {
  const beyond = ungrantablePermissions(codes, auth.permissions);
  if (beyond.length > 0) throw IamErrors.grantBeyondOwn(beyond);
}

/** Refuses managing a user who is a super admin (unless the caller is one) or holds codes beyond the caller's. */
export function assertCanManageUser(auth: AuthContext, target: { superAdmin: boolean }, targetRoleCodes: Iterable<string>): void {
  if (auth.superAdmin) return;
  if (target.superAdmin || ungrantablePermissions(targetRoleCodes, auth.permissions).length > 0) throw IamErrors.manageBeyondOwn();
}

/** Refuses changing a role that grants codes beyond the caller's. */
export function assertCanManageRole(auth: AuthContext, roleCodes: Iterable<string>): void {
  if (ungrantablePermissions(roleCodes, auth.permissions).length > 0) throw IamErrors.roleBeyondOwn();
}

/** Codes of a set in registry order (stable answers). */
export function inRegistryOrder(codes: Iterable<string>): PermissionCode[] {
  const set = new Set<string>(codes);
  return PERMISSION_CODES.filter((c) => set.has(c));
}
