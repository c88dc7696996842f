import type { Country } from '@andes/contract/common/countries';
import { PaymentLinkListRequest } from '@andes/contract/payment-link/schemas';
import type { z } from 'zod';
import type { KeysetPosition } from '../../shared/list/keyset.ts';
import { type FilterParams, listRequestOf } from '../../shared/list-screen/list-filters.ts';

/** The page request the link list sends (the contract's request, parsed). */
export type LinkListRequest = z.output<typeof PaymentLinkListRequest>;

/** The link list's URL (CONVENTIONS §4.6): status and keyword. The country is the shell's, not the URL's. */
export const LINK_FILTERS = {
  status: 'text',
  keyword: 'text',
} as const satisfies FilterParams;

/** Drawers of the screen, opened through the URL. */
export const LINK_DIALOGS = ['create', 'batch'] as const;
export type LinkDialog = (typeof LINK_DIALOGS)[number];

/** The page request of the URL in a country (a bad filter value is dropped). */
export function linkRequestOf(country: Country, params: URLSearchParams, position: KeysetPosition): LinkListRequest {
  return listRequestOf(PaymentLinkListRequest, LINK_FILTERS, params, position, { country });
}
