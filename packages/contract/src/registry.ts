import * as account from './account/endpoints.ts';
import * as accounting from './accounting/endpoints.ts';
import * as activity from './activity/endpoints.ts';
import * as auth from './auth/endpoints.ts';
import * as balanceAlarm from './balance-alarm/endpoints.ts';
import type { Endpoint } from './common/define-endpoint.ts';
import * as downloadCenter from './download-center/endpoints.ts';
import * as finance from './finance/endpoints.ts';
import * as globalBalance from './global/endpoints.ts';
import * as home from './home/endpoints.ts';
import * as iam from './iam/endpoints.ts';
import * as ipTrustlist from './ip-trustlist/endpoints.ts';
import * as message from './message/endpoints.ts';
import * as mfa from './mfa/endpoints.ts';
import * as onboarding from './onboarding/endpoints.ts';
import * as password from './password/endpoints.ts';
import * as paymentLink from './payment-link/endpoints.ts';
import * as payout from './payout/endpoints.ts';
import * as platform from './platform/endpoints.ts';
import * as product from './product/endpoints.ts';
import * as revenueAssurance from './revenue-assurance/endpoints.ts';
import * as risk from './risk/endpoints.ts';
import * as shopify from './shopify/endpoints.ts';
import * as shoplazza from './shoplazza/endpoints.ts';
import * as subMerchant from './sub-merchant/endpoints.ts';
import * as support from './support/endpoints.ts';
import * as transaction from './transaction/endpoints.ts';

/**
 * Every endpoint of the dashboard API. The server registers exactly these; tests walk this list.
 * A module adds its endpoints file here.
 */
export const ENDPOINT_MODULES = {
  auth,
  ipTrustlist,
  activity,
  iam,
  mfa,
  password,
  onboarding,
  subMerchant,
  account,
  home,
  globalBalance,
  transaction,
  paymentLink,
  shopify,
  shoplazza,
  downloadCenter,
  payout,
  finance,
  accounting,
  risk,
  message,
  support,
  revenueAssurance,
  balanceAlarm,
  product,
} as const;

export const ALL_ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINT_MODULES).flatMap((m) => Object.values(m) as Endpoint[]);

/** The payment platform's `/internal/v1` calls (service token); registered apart from the dashboard's. */
export const INTERNAL_ENDPOINTS: readonly Endpoint[] = Object.values(platform) as Endpoint[];
