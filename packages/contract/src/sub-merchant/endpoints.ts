import { BinaryResponse, defineEndpoint, SIGNED_IN } from '../common/define-endpoint.ts';
import {
  SubAccountPage,
  SubAccountPageRequest,
  SubAccountSummary,
  SubAccountSummaryDownloadRequest,
  SubAccountSummaryRequest,
  SubMerchantList,
  SubMerchantListRequest,
} from './schemas.ts';

/**
 * Sub-merchants for pickers and filters. Any signed-in user may ask; a merchant user gets the
 * merchant's sub-merchants, a sub-merchant user only their own.
 */
export const subMerchantList = defineEndpoint({
  path: '/dashboard/sub-merchant/list',
  summary: 'Sub-merchants of the caller’s merchant that the caller may see',
  permission: SIGNED_IN,
  request: SubMerchantListRequest,
  response: SubMerchantList,
});

/** The `/sub-merchant` screen: sub-accounts with their balances. Another merchant's sub-merchant never appears. */
export const subAccountPage = defineEndpoint({
  path: '/dashboard/sub-merchant/sub-account/page',
  summary: 'Sub-merchants’ accounts with name, id, country and balance',
  permission: 'sub-merchant',
  request: SubAccountPageRequest,
  response: SubAccountPage,
});

/** `/sub-merchant/sub-account/summary/:id`: a sub-merchant's daily summary; another merchant's id answers NOT_FOUND. */
export const subAccountSummary = defineEndpoint({
  path: '/dashboard/sub-merchant/sub-account/daily-transaction/summary',
  summary: 'A sub-merchant’s daily summary: begin balance, pay-ins, payouts, withdrawals, fees, taxes, end balance',
  permission: 'sub-merchant:summary',
  request: SubAccountSummaryRequest,
  response: SubAccountSummary,
});

export const subAccountSummaryDownload = defineEndpoint({
  path: '/dashboard/sub-merchant/sub-account/daily-transaction/download',
  summary: 'A sub-merchant’s daily summary as CSV or XLSX, with the trailer of the download center',
  permission: 'sub-merchant:summary',
  kind: 'binary',
  request: SubAccountSummaryDownloadRequest,
  response: BinaryResponse,
});
