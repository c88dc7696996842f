import { IP_TRUSTLIST_TYPE_SEGMENTS, type IpTrustlistType } from '@andes/contract/ip-trustlist/enums';
import { IpTrustlistPageRequest } from '@andes/contract/ip-trustlist/schemas';
import type { KeysetPosition } from '../../shared/list/keyset.ts';
import { type FilterParams, listRequestOf } from '../../shared/list-screen/list-filters.ts';

/** The overview of the trust lists. */
export const IP_TRUSTLIST_PATH = '/setting/ip-trustlist';

/** The entries page of a list type: `/setting/service-list/dashboard|api`. */
export function serviceListPath(listType: IpTrustlistType): string {
  return `/setting/service-list/${IP_TRUSTLIST_TYPE_SEGMENTS[listType]}`;
}

export const IP_DIALOGS = ['add', 'edit'] as const;
export type IpDialogKind = (typeof IP_DIALOGS)[number];
export const IP_DIALOGS_WITH_ID: readonly IpDialogKind[] = ['edit'];

/** The filters of an entries list in the URL. */
export const IP_FILTERS = { address: 'text', kind: 'text', version: 'text' } as const satisfies FilterParams;

/** The entries request the URL describes. */
export function ipPageRequestOf(listType: IpTrustlistType, params: URLSearchParams, position: KeysetPosition): IpTrustlistPageRequest {
  return listRequestOf(IpTrustlistPageRequest, IP_FILTERS, params, position, { listType });
}
