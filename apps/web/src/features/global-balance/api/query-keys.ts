import type { GlobalStatementRequest } from '@andes/contract/global/schemas';

export const globalBalanceKeys = {
  all: ['global-balance'] as const,
  info: () => [...globalBalanceKeys.all, 'info'] as const,
  statement: (request: GlobalStatementRequest) => [...globalBalanceKeys.all, 'statement', request] as const,
};

/** The account's figures refresh as often as Home's, so transfers in flight show up. */
export const GLOBAL_REFETCH_MS = 30_000;
