import { defineEndpoint } from '../common/define-endpoint.ts';
import { AccountList, AccountListRequest } from './schemas.ts';

/**
 * The caller's local accounts in one authorised country: the merchant's own and its
 * sub-merchants' (a sub-merchant user sees only its own), with their balances.
 */
export const accountList = defineEndpoint({
  path: '/dashboard/account/list',
  summary: 'Local accounts in one country with their balances',
  permission: ['home', 'global-balance'],
  request: AccountListRequest,
  response: AccountList,
});
