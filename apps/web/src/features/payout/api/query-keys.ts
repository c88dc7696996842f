import type { Country } from '@andes/contract/common/countries';
import type { PayoutListRequest } from '../payout-url.ts';

/** Query keys of the payout screen; a creation or a decision invalidates `all`. */
export const payoutKeys = {
  all: ['payout'] as const,
  page: (request: PayoutListRequest) => [...payoutKeys.all, 'page', request] as const,
  detail: (country: Country, id: number) => [...payoutKeys.all, 'detail', country, id] as const,
  batch: (country: Country, batchId: number) => [...payoutKeys.all, 'batch', country, batchId] as const,
};
