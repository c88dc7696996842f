import { defineEndpoint, SIGNED_IN } from '../common/define-endpoint.ts';
import { SubMerchantList, SubMerchantListRequest } from './schemas.ts';

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
