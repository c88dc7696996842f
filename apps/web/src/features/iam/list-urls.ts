import { RolePageRequest, UserPageRequest } from '@andes/contract/iam/schemas';
import { listUrlOf } from '../../shared/list-screen/list-filters.ts';

/** Dialogs the user and role lists open through the URL. */
export const LIST_DIALOGS = ['add', 'edit', 'detail'] as const;
export type ListDialogKind = (typeof LIST_DIALOGS)[number];
export const DIALOGS_WITH_ID: readonly ListDialogKind[] = ['edit', 'detail'];

/** The user list's URL: username, name, e-mail, state and role. */
export const USER_LIST_URL = listUrlOf(UserPageRequest, {
  username: 'text',
  displayName: 'text',
  email: 'text',
  state: 'number',
  roleId: 'number',
});
/** The user-list request the URL describes (unknown or invalid parameters are dropped). */
export const userPageRequestOf = USER_LIST_URL.requestOf;
/** The URL parameters of the user-list filters. */
export const userFilterParams = USER_LIST_URL.filterParams;

/** The role list's URL: name and state. */
export const ROLE_LIST_URL = listUrlOf(RolePageRequest, { name: 'text', state: 'number' });
export const rolePageRequestOf = ROLE_LIST_URL.requestOf;
export const roleFilterParams = ROLE_LIST_URL.filterParams;
