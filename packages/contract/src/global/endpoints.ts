import { defineEndpoint, EmptyRequest } from '../common/define-endpoint.ts';
import { GlobalAccountInfo, GlobalStatementPage, GlobalStatementRequest } from './schemas.ts';

export const globalAccountInfo = defineEndpoint({
  path: '/dashboard/global/account/info',
  summary: "The merchant's global (USD) account and where its funds can go",
  permission: 'global-balance',
  request: EmptyRequest,
  response: GlobalAccountInfo,
});

export const globalStatementPage = defineEndpoint({
  path: '/dashboard/global/statement/page',
  summary: 'Top-ups and transfers out of the global account, newest first',
  permission: 'global-balance',
  request: GlobalStatementRequest,
  response: GlobalStatementPage,
});
