import * as activity from './activity/endpoints.ts';
import * as auth from './auth/endpoints.ts';
import type { Endpoint } from './common/define-endpoint.ts';
import * as iam from './iam/endpoints.ts';
import * as ipTrustlist from './ip-trustlist/endpoints.ts';
import * as mfa from './mfa/endpoints.ts';
import * as onboarding from './onboarding/endpoints.ts';
import * as password from './password/endpoints.ts';
import * as subMerchant from './sub-merchant/endpoints.ts';

/**
 * Every endpoint of the dashboard API. The server registers exactly these; tests walk this list.
 * A module adds its endpoints file here.
 */
export const ENDPOINT_MODULES = { auth, ipTrustlist, activity, iam, mfa, password, onboarding, subMerchant } as const;

export const ALL_ENDPOINTS: readonly Endpoint[] = Object.values(ENDPOINT_MODULES).flatMap((m) => Object.values(m) as Endpoint[]);
