/** The support screens' paths (the permission registry's routes, checked by routes.test.ts). */
export const CASE_LIST_PATH = '/support-center/case';
export const CREATE_CASE_PATH = '/support-center/create-case';
export const EDIT_CASE_ROUTE = '/support-center/edit-case/:id';
export const CASE_DETAIL_ROUTE = '/support-center/case-detail/:id';

/** A case's page. */
export function caseDetailPath(id: number): string {
  return CASE_DETAIL_ROUTE.replace(':id', String(id));
}

/** A case's edit form. */
export function editCasePath(id: number): string {
  return EDIT_CASE_ROUTE.replace(':id', String(id));
}

/** A transaction's page (the transactions feature's detail route). */
export function transactionDetailPath(transactionId: number): string {
  return `/transactions/detail/${transactionId}`;
}
