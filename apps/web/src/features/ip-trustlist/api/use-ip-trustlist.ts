import { userPage } from '@andes/contract/iam/endpoints';
import {
  ipRestrictionQuery,
  ipRestrictionUpdate,
  ipTrustlistEdit,
  ipTrustlistPage,
  ipTrustlistRemove,
} from '@andes/contract/ip-trustlist/endpoints';
import type { IpTrustlistType } from '@andes/contract/ip-trustlist/enums';
import type {
  IpRestrictionUpdateRequest,
  IpTrustEntry,
  IpTrustlistEditRequest,
  IpTrustlistPageRequest,
} from '@andes/contract/ip-trustlist/schemas';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import type { ListQuery } from '../../../shared/list-screen/use-list-screen.ts';

export const ipTrustlistKeys = {
  all: ['ip-trustlist'] as const,
  page: (request: IpTrustlistPageRequest) => [...ipTrustlistKeys.all, 'page', request] as const,
  usage: (listType: IpTrustlistType) => [...ipTrustlistKeys.all, 'usage', listType] as const,
  restriction: () => [...ipTrustlistKeys.all, 'restriction'] as const,
  users: (search: string) => [...ipTrustlistKeys.all, 'users', search] as const,
};

/** The pages of an entries list (the list screen fetches them). */
export const ipTrustlistQuery: ListQuery<IpTrustlistPageRequest, IpTrustEntry> = {
  key: ipTrustlistKeys.page,
  fetch: (request, signal) => call(ipTrustlistPage, request, { signal }),
};

/** How many entries a list holds (its unfiltered total), against IP_TRUSTLIST_MAX_ENTRIES. */
export function useIpTrustlistUsage(listType: IpTrustlistType) {
  return useQuery({
    queryKey: ipTrustlistKeys.usage(listType),
    queryFn: ({ signal }) => call(ipTrustlistPage, { listType, pageSize: 10 }, { signal }),
    select: (page) => page.total,
  });
}

function useInvalidate() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ipTrustlistKeys.all });
}

/**
 * Adds entries or changes one; with `dryRun` nothing is saved and the answer says what saving
 * would do. The forms show refusals themselves.
 */
export function useIpTrustlistEdit() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (request: IpTrustlistEditRequest) => call(ipTrustlistEdit, request, { silent: true }),
    onSuccess: (result) => (result.dryRun ? undefined : invalidate()),
  });
}

/** Removes an entry; a refusal (the last entry while access is restricted) is shown by the client. */
export function useIpTrustlistRemove() {
  const invalidate = useInvalidate();
  return useMutation({
    mutationFn: (id: number) => call(ipTrustlistRemove, {}, { params: { id } }),
    onSuccess: invalidate,
  });
}

export function useIpRestriction(enabled: boolean) {
  return useQuery({
    queryKey: ipTrustlistKeys.restriction(),
    queryFn: ({ signal }) => call(ipRestrictionQuery, {}, { signal }),
    enabled,
  });
}

export function useIpRestrictionUpdate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: IpRestrictionUpdateRequest) => call(ipRestrictionUpdate, request, { silent: true }),
    onSuccess: (restriction) => queryClient.setQueryData(ipTrustlistKeys.restriction(), restriction),
  });
}

/** Users matching a username, for the "selected users" picker (needs the user screen). */
export function useUserOptions(search: string, enabled: boolean) {
  return useQuery({
    queryKey: ipTrustlistKeys.users(search),
    queryFn: ({ signal }) => call(userPage, { username: search, pageSize: 20 }, { signal }),
    enabled,
    placeholderData: keepPreviousData,
  });
}
