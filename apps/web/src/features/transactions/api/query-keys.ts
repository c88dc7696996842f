import type { DetailKind, ListKind } from '../list-kinds.ts';

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (kind: ListKind | 'deep-query', request: unknown) => [...transactionKeys.all, 'list', kind, request] as const,
  infinite: (kind: ListKind | 'deep-query', request: unknown) => [...transactionKeys.all, 'infinite', kind, request] as const,
  detail: (kind: DetailKind, id: number) => [...transactionKeys.all, 'detail', kind, id] as const,
  proofs: (id: number) => [...transactionKeys.all, 'proofs', id] as const,
  /** The previews of a transaction's attachments (the file list adds each file's id). */
  attachments: (id: number) => [...transactionKeys.all, 'attachment', id] as const,
  subMerchants: (merchantId: number) => [...transactionKeys.all, 'sub-merchants', merchantId] as const,
  exportPreflight: (request: unknown) => [...transactionKeys.all, 'export-preflight', request] as const,
};
