import { defineEndpoint, EmptyRequest, EmptyResponse } from '../common/define-endpoint.ts';
import { IdParams } from '../common/fields.ts';
import {
  IpRestriction,
  IpRestrictionUpdateRequest,
  IpTrustlistEditRequest,
  IpTrustlistEditResponse,
  IpTrustlistPage,
  IpTrustlistPageRequest,
} from './schemas.ts';

export const ipTrustlistPage = defineEndpoint({
  path: '/dashboard/setting/ip-trustlist/page',
  summary: 'Entries of one IP trust list',
  permission: 'setting:ip-trustlist',
  request: IpTrustlistPageRequest,
  response: IpTrustlistPage,
});

/**
 * Adds entries (create) or changes one (modify, with `id`). The caller needs
 * `setting:ip-trustlist:create` to add and `setting:ip-trustlist:modify` to change: the route
 * admits either, and the server checks the one the request needs.
 */
export const ipTrustlistEdit = defineEndpoint({
  path: '/dashboard/setting/ip-trustlist/edit',
  summary: 'Add comma-separated addresses and blocks to a list, or change one entry; reports duplicates and overlaps',
  permission: ['setting:ip-trustlist:create', 'setting:ip-trustlist:modify'],
  request: IpTrustlistEditRequest,
  response: IpTrustlistEditResponse,
});

export const ipTrustlistRemove = defineEndpoint({
  path: '/dashboard/setting/ip-trustlist/remove/:id',
  summary: 'Remove an entry of an IP trust list',
  permission: 'setting:ip-trustlist:remove',
  params: IdParams,
  request: EmptyRequest,
  response: EmptyResponse,
});

/** The restriction setting: who may see it may see the trust list. */
export const ipRestrictionQuery = defineEndpoint({
  path: '/dashboard/setting/ip-trustlist/restriction/query',
  summary: 'Whether dashboard access is restricted to trusted addresses, for whom, and the caller’s address',
  permission: 'setting:ip-trustlist:detail',
  request: EmptyRequest,
  response: IpRestriction,
});

/**
 * Switching the restriction (form permission `setting:ip-trustlist:restriction`). Refused (CONFLICT) when the DASHBOARD list
 * is empty or would not hold the caller's own address.
 */
export const ipRestrictionUpdate = defineEndpoint({
  path: '/dashboard/setting/ip-trustlist/restriction/update',
  summary: 'Restrict dashboard access to trusted addresses: off, all users or selected users',
  permission: 'setting:ip-trustlist:restriction',
  request: IpRestrictionUpdateRequest,
  response: IpRestriction,
});
