import { IP_TRUSTLIST_TYPE_SEGMENTS, type IpTrustlistType } from '@andes/contract/ip-trustlist/enums';
import { IpTrustlistPageRequest } from '@andes/contract/ip-trustlist/schemas';
import type { KeysetPosition } from '../../shared/list/keyset.ts';
import { readPageSize } from '../../shared/list/keyset.ts';
import { type ParamValue, parseFieldwise, textParam } from '../../shared/list/url-params.ts';

/** The overview of the trust lists. */
export const IP_TRUSTLIST_PATH = '/setting/ip-trustlist';

/** The entries page of a list type: `/setting/service-list/dashboard|api`. */
export function serviceListPath(listType: IpTrustlistType): string {
  return `/setting/service-list/${IP_TRUSTLIST_TYPE_SEGMENTS[listType]}`;
}

export const IP_DIALOGS = ['add', 'edit'] as const;
export type IpDialogKind = (typeof IP_DIALOGS)[number];
export const IP_DIALOGS_WITH_ID: readonly IpDialogKind[] = ['edit'];

export interface IpFilters {
  address?: string | undefined;
  kind?: string | undefined;
  version?: string | undefined;
}

/** The entries request the URL describes. */
export function ipPageRequestOf(listType: IpTrustlistType, params: URLSearchParams, position: KeysetPosition): IpTrustlistPageRequest {
  return parseFieldwise(IpTrustlistPageRequest, {
    listType,
    address: textParam(params.get('address')),
    kind: textParam(params.get('kind')),
    version: textParam(params.get('version')),
    pageSize: readPageSize(params),
    cursor: position.cursor,
  });
}

export function ipFilterParams(filters: IpFilters): Record<string, ParamValue> {
  return { address: filters.address?.trim(), kind: filters.kind, version: filters.version };
}
