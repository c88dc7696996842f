/** The chargeback screens' paths (the permission registry's routes, checked by routes.test.ts). */
export const PERFORMANCE_PATH = '/risk/performance';
export const CHARGEBACK_LIST_PATH = '/risk/chargeback-represent';
export const CHARGEBACK_DETAIL_ROUTE = '/risk/chargeback-represent-detail/:id';

/** A chargeback's page. */
export function chargebackDetailPath(id: number): string {
  return CHARGEBACK_DETAIL_ROUTE.replace(':id', String(id));
}

/** The disputed pay-in's page (the transactions feature's detail route). */
export function payinDetailPath(transactionId: number): string {
  return `/transactions/detail/${transactionId}`;
}
