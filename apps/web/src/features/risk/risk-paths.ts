import { CONFIG_TYPES, type ConfigType } from '@andes/contract/risk/enums';

/** The risk screens' paths (the permission registry's routes; `routes.test.ts` checks them). */
export const RISK_PROFILES_PATH = '/risk/risk-profiles';
export const CASE_MANAGEMENT_PATH = '/risk/case-management';
export const RULE_DETAIL_ROUTE = '/risk/risk-configure/detail/:type';

/** A configuration type's page: the enum value in the URL (`/risk/risk-configure/detail/ORDER_VELOCITY`). */
export function configurePathOf(type: ConfigType): string {
  return RULE_DETAIL_ROUTE.replace(':type', type);
}

/** The configuration type of a URL segment, or null for anything else. */
export function configTypeOf(segment: string | undefined): ConfigType | null {
  return (CONFIG_TYPES as readonly string[]).includes(segment ?? '') ? (segment as ConfigType) : null;
}

/** A transaction's page (the transactions feature's detail route). */
export function transactionPathOf(id: number): string {
  return `/transactions/detail/${id}`;
}
