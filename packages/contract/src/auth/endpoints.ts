import { defineEndpoint, EmptyRequest, EmptyResponse, SIGNED_IN } from '../common/define-endpoint.ts';
import { ChangePasswordRequest, CurrentUser, LoginRequest, LoginResponse, PermissionLoad } from './schemas.ts';

export const login = defineEndpoint({
  path: '/dashboard/auth/login',
  summary: 'Sign in with username and password; returns the session token',
  public: true,
  silentErrors: true,
  request: LoginRequest,
  response: LoginResponse,
});

export const logout = defineEndpoint({
  path: '/dashboard/auth/logout',
  summary: 'End the current session',
  permission: SIGNED_IN,
  allowedDuringPasswordReset: true,
  allowedDuringMfaChallenge: true,
  request: EmptyRequest,
  response: EmptyResponse,
});

export const currentUserInfo = defineEndpoint({
  path: '/dashboard/user/current-user/info',
  summary: 'The signed-in user',
  permission: SIGNED_IN,
  allowedDuringPasswordReset: true,
  allowedDuringMfaChallenge: true,
  request: EmptyRequest,
  response: CurrentUser,
});

/** The permission fetch (its path is not shown in the spec; this is Andes' choice). */
export const permissionLoad = defineEndpoint({
  path: '/dashboard/user/current-user/permission',
  summary: 'User flags, authorised areas, menu tree and merchant flags of the signed-in user',
  permission: SIGNED_IN,
  request: EmptyRequest,
  response: PermissionLoad,
});

export const changePassword = defineEndpoint({
  path: '/dashboard/user/password/change',
  summary: 'Change the signed-in user’s password; ends their other sessions',
  permission: SIGNED_IN,
  allowedDuringPasswordReset: true,
  request: ChangePasswordRequest,
  response: EmptyResponse,
});
