import { defineEndpoint, EmptyRequest, EmptyResponse, SIGNED_IN } from '../common/define-endpoint.ts';
import { IdParams } from '../common/fields.ts';
import {
  PasswordResetRequest,
  ResetLink,
  ResetLinkGenerateRequest,
  RoleAddRequest,
  RoleAddResponse,
  RoleAssignmentList,
  RoleDetail,
  RoleModifyRequest,
  RolePage,
  RolePageRequest,
  RoleStateModifyRequest,
  UserAddRequest,
  UserAddResponse,
  UserDetail,
  UserMfaResetRequest,
  UserModifyRequest,
  UserPage,
  UserPageRequest,
  UserStateModifyRequest,
} from './schemas.ts';

// ---------------------------------------------------------------------------------------------
// Users (/access/user)
// ---------------------------------------------------------------------------------------------

export const userPage = defineEndpoint({
  path: '/dashboard/user/page',
  summary: 'Users of the merchant, searched by username, name, e-mail, state and role',
  permission: 'iam:user',
  request: UserPageRequest,
  response: UserPage,
});

export const userDetail = defineEndpoint({
  path: '/dashboard/user/detail/:id',
  summary: 'One user with roles, countries and sign-in facts',
  permission: 'iam:user:detail',
  params: IdParams,
  request: EmptyRequest,
  response: UserDetail,
});

export const userAdd = defineEndpoint({
  path: '/dashboard/user/add',
  summary: 'Add a user; answers a one-time reset link, which the server also e-mails to the user',
  permission: 'iam:user:create',
  request: UserAddRequest,
  response: UserAddResponse,
});

export const userModify = defineEndpoint({
  path: '/dashboard/user/modify',
  summary: 'Change a user’s name, e-mail, roles, countries and sub-merchant',
  permission: 'iam:user:modify',
  request: UserModifyRequest,
  response: EmptyResponse,
});

export const userStateModify = defineEndpoint({
  path: '/dashboard/user/state/modify',
  summary: 'Enable or disable a user; disabling ends their sessions',
  permission: 'iam:user:modify',
  request: UserStateModifyRequest,
  response: EmptyResponse,
});

export const userRemove = defineEndpoint({
  path: '/dashboard/user/remove/:id',
  summary: 'Remove a user; ends their sessions',
  permission: 'iam:user:remove',
  params: IdParams,
  request: EmptyRequest,
  response: EmptyResponse,
});

/**
 * Set a new password with a reset link. The `/login/reset-password?token=…` page sends the link's
 * token in the `token` header in place of a session token: this is a SIGNED_IN-style call, but the
 * server accepts only a valid, unused reset-link token here (and a reset-link token nowhere else
 * but here and `resetLinkVerify`; see password/reset-link.ts). An unknown, used or expired link
 * answers NOT_FOUND with PASSWORD_MESSAGES.linkInvalid. It uses the token up, ends every session
 * of the user, and does not sign in: the user then signs in with the new password and, when
 * bound, MFA — a reset never bypasses MFA.
 */
export const passwordReset = defineEndpoint({
  path: '/dashboard/user/password/reset',
  summary: 'Set a new password with the token of a one-time reset link (sent in the token header)',
  permission: SIGNED_IN,
  allowedDuringPasswordReset: true,
  request: PasswordResetRequest,
  response: EmptyResponse,
});

export const resetLinkGenerate = defineEndpoint({
  path: '/dashboard/user/reset/password/link/generate',
  summary: 'Issue a one-time reset link for a user (admin reset); e-mailed and answered once',
  permission: 'iam:user:reset-password',
  request: ResetLinkGenerateRequest,
  response: ResetLink,
});

export const userMfaReset = defineEndpoint({
  path: '/dashboard/user/mfa/reset',
  summary: 'Clear a user’s MFA binding and recovery codes (lost device); they bind again at next sign-in',
  permission: 'iam:user:modify',
  request: UserMfaResetRequest,
  response: EmptyResponse,
});

// ---------------------------------------------------------------------------------------------
// Roles (/access/role)
// ---------------------------------------------------------------------------------------------

export const rolePage = defineEndpoint({
  path: '/dashboard/role/page',
  summary: 'Roles of the merchant, searched by name and state',
  permission: 'iam:role',
  request: RolePageRequest,
  response: RolePage,
});

/** The roles the user form offers and the user list filters by: needs the user screen, not the role screen. */
export const roleAssignmentList = defineEndpoint({
  path: '/dashboard/role/assignment/list',
  summary: 'All roles of the merchant (id, name, state) for the user form and filter',
  permission: 'iam:user',
  request: EmptyRequest,
  response: RoleAssignmentList,
});

export const roleDetail = defineEndpoint({
  path: '/dashboard/role/detail/:id',
  summary: 'One role with its permission codes and the permission tree the caller may edit',
  permission: 'iam:role:detail',
  params: IdParams,
  request: EmptyRequest,
  response: RoleDetail,
});

export const roleAdd = defineEndpoint({
  path: '/dashboard/role/add',
  summary: 'Add a role; only permissions the caller holds can be granted',
  permission: 'iam:role:create',
  request: RoleAddRequest,
  response: RoleAddResponse,
});

export const roleModify = defineEndpoint({
  path: '/dashboard/role/modify',
  summary: 'Change a role’s name, description and permissions; only permissions the caller holds can be granted',
  permission: 'iam:role:modify',
  request: RoleModifyRequest,
  response: EmptyResponse,
});

export const roleStateModify = defineEndpoint({
  path: '/dashboard/role/state/modify',
  summary: 'Enable or disable a role',
  permission: 'iam:role:modify',
  request: RoleStateModifyRequest,
  response: EmptyResponse,
});

export const roleRemove = defineEndpoint({
  path: '/dashboard/role/remove/:id',
  summary: 'Remove a role that no user holds',
  permission: 'iam:role:remove',
  params: IdParams,
  request: EmptyRequest,
  response: EmptyResponse,
});
