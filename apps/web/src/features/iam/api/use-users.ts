import {
  resetLinkGenerate,
  userAdd,
  userDetail,
  userMfaReset,
  userModify,
  userPage,
  userRemove,
  userStateModify,
} from '@andes/contract/iam/endpoints';
import type { UserAddRequest, UserModifyRequest, UserPageRequest, UserStateModifyRequest, UserSummary } from '@andes/contract/iam/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import type { ListQuery } from '../../../shared/list-screen/use-list-screen.ts';
import { iamKeys } from './query-keys.ts';

/** The pages of the user list (the list screen fetches them). */
export const userListQuery: ListQuery<UserPageRequest, UserSummary> = {
  key: iamKeys.userPage,
  fetch: (request, signal) => call(userPage, request, { signal }),
};

/** One user, for the detail and edit drawers. */
export function useUserDetail(id: number | null) {
  return useQuery({
    queryKey: iamKeys.userDetail(id ?? 0),
    queryFn: ({ signal }) => call(userDetail, {}, { signal, params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

function useInvalidateIam() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: iamKeys.all });
}

/** Adds a user; answers the one-time reset link. The form shows refusals itself. */
export function useUserAdd() {
  const invalidate = useInvalidateIam();
  return useMutation({
    mutationFn: (request: UserAddRequest) => call(userAdd, request, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useUserModify() {
  const invalidate = useInvalidateIam();
  return useMutation({
    mutationFn: (request: UserModifyRequest) => call(userModify, request, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Enables or disables a user; a refusal (yourself, the last super admin) is shown by the client. */
export function useUserStateModify() {
  const invalidate = useInvalidateIam();
  return useMutation({
    mutationFn: (request: UserStateModifyRequest) => call(userStateModify, request),
    onSuccess: invalidate,
  });
}

export function useUserRemove() {
  const invalidate = useInvalidateIam();
  return useMutation({
    mutationFn: (id: number) => call(userRemove, {}, { params: { id } }),
    onSuccess: invalidate,
  });
}

/** Issues a one-time reset link for a user (admin reset); shown once, never stored. */
export function useResetLinkGenerate() {
  return useMutation({
    mutationFn: (userId: number) => call(resetLinkGenerate, { userId }),
  });
}

/** Clears a user's MFA binding (lost device); they bind again at next sign-in. */
export function useUserMfaReset() {
  const invalidate = useInvalidateIam();
  return useMutation({
    mutationFn: (userId: number) => call(userMfaReset, { userId }),
    onSuccess: invalidate,
  });
}
