import { permissionEntry } from '@andes/contract/permissions/registry';

/** The permission of the transaction detail a statement line's transaction opens. */
export const TRANSACTION_DETAIL_PERMISSION = 'transactions:detail' as const;

/**
 * Where a statement line's transaction opens: the transaction detail route
 * (`/transactions/detail/:id`) of its id. Null when the line has no transaction (a global movement).
 */
export function transactionLinkOf(transactionId: number | null): string | null {
  const route = permissionEntry(TRANSACTION_DETAIL_PERMISSION).route;
  if (transactionId === null || !route) return null;
  return route.replace(':id', String(transactionId));
}
