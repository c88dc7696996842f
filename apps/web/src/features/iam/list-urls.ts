import { RolePageRequest, UserPageRequest } from '@andes/contract/iam/schemas';
import type { KeysetPosition } from '../../shared/list/keyset.ts';
import { readPageSize } from '../../shared/list/keyset.ts';
import { numberParam, type ParamValue, parseFieldwise, textParam } from '../../shared/list/url-params.ts';

/** Dialogs the user and role lists open through the URL. */
export const LIST_DIALOGS = ['add', 'edit', 'detail'] as const;
export type ListDialogKind = (typeof LIST_DIALOGS)[number];
export const DIALOGS_WITH_ID: readonly ListDialogKind[] = ['edit', 'detail'];

/** The user-list filters as the filter bar holds them. */
export interface UserFilters {
  username?: string | undefined;
  displayName?: string | undefined;
  email?: string | undefined;
  state?: number | undefined;
  roleId?: number | undefined;
}

/** The user-list request the URL describes (unknown or invalid parameters are dropped). */
export function userPageRequestOf(params: URLSearchParams, position: KeysetPosition): UserPageRequest {
  return parseFieldwise(UserPageRequest, {
    username: textParam(params.get('username')),
    displayName: textParam(params.get('displayName')),
    email: textParam(params.get('email')),
    state: numberParam(params.get('state')),
    roleId: numberParam(params.get('roleId')),
    pageSize: readPageSize(params),
    cursor: position.cursor,
  });
}

/** The URL parameters of the user-list filters. */
export function userFilterParams(filters: UserFilters): Record<string, ParamValue> {
  return {
    username: filters.username?.trim(),
    displayName: filters.displayName?.trim(),
    email: filters.email?.trim(),
    state: filters.state,
    roleId: filters.roleId,
  };
}

export interface RoleFilters {
  name?: string | undefined;
  state?: number | undefined;
}

export function rolePageRequestOf(params: URLSearchParams, position: KeysetPosition): RolePageRequest {
  return parseFieldwise(RolePageRequest, {
    name: textParam(params.get('name')),
    state: numberParam(params.get('state')),
    pageSize: readPageSize(params),
    cursor: position.cursor,
  });
}

export function roleFilterParams(filters: RoleFilters): Record<string, ParamValue> {
  return { name: filters.name?.trim(), state: filters.state };
}
