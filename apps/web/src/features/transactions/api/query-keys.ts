import type { DetailKind, ListKind } from '../list-kinds.ts';

export const transactionKeys = {
  all: ['transactions'] as const,
  list: (kind: ListKind | 'deep-query', request: unknown) => [...transactionKeys.all, 'list', kind, request] as const,
  infinite: (kind: ListKind | 'deep-query', request: unknown) => [...transactionKeys.all, 'infinite', kind, request] as const,
  detail: (kind: DetailKind, id: number) => [...transactionKeys.all, 'detail', kind, id] as const,
  proofs: (id: number) => [...transactionKeys.all, 'proofs', id] as const,
  attachment: (id: number, fileId: string) => [...transactionKeys.all, 'attachment', id, fileId] as const,
  subMerchants: (merchantId: number) => [...transactionKeys.all, 'sub-merchants', merchantId] as const,
};
