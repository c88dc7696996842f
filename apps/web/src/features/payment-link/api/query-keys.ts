import type { Country } from '@andes/contract/common/countries';
import type { InstallmentsPlanRequest } from '@andes/contract/payment-link/schemas';
import type { LinkListRequest } from '../payment-link-url.ts';

/** Query keys of the payment-link screen and the payer's page; a generation, a batch or a cancel invalidates `all`. */
export const paymentLinkKeys = {
  all: ['payment-link'] as const,
  page: (request: LinkListRequest) => [...paymentLinkKeys.all, 'page', request] as const,
  products: (country: Country) => [...paymentLinkKeys.all, 'products', country] as const,
  plans: (request: InstallmentsPlanRequest) => [...paymentLinkKeys.all, 'plans', request] as const,
  payer: (token: string) => ['payer-link', token] as const,
};
