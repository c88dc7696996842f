import { roleAdd, roleAssignmentList, roleDetail, roleModify, rolePage, roleRemove, roleStateModify } from '@andes/contract/iam/endpoints';
import type { RoleAddRequest, RoleModifyRequest, RolePageRequest, RoleStateModifyRequest, RoleSummary } from '@andes/contract/iam/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../../shared/api/client.ts';
import type { ListQuery } from '../../../shared/list-screen/use-list-screen.ts';
import { iamKeys } from './query-keys.ts';

/** Every role of the merchant, for the user form and the user list's role filter. */
export function useRoleAssignmentList() {
  return useQuery({
    queryKey: iamKeys.roleAssignment(),
    queryFn: ({ signal }) => call(roleAssignmentList, {}, { signal }),
  });
}

/** The pages of the role list (the list screen fetches them). */
export const roleListQuery: ListQuery<RolePageRequest, RoleSummary> = {
  key: iamKeys.rolePage,
  fetch: (request, signal) => call(rolePage, request, { signal }),
};

export function useRoleDetail(id: number | null) {
  return useQuery({
    queryKey: iamKeys.roleDetail(id ?? 0),
    queryFn: ({ signal }) => call(roleDetail, {}, { signal, params: { id: id ?? 0 } }),
    enabled: id !== null,
  });
}

function useInvalidateIam() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: iamKeys.all });
}

export function useRoleAdd() {
  const invalidate = useInvalidateIam();
  return useMutation({
    mutationFn: (request: RoleAddRequest) => call(roleAdd, request, { silent: true }),
    onSuccess: invalidate,
  });
}

export function useRoleModify() {
  const invalidate = useInvalidateIam();
  return useMutation({
    mutationFn: (request: RoleModifyRequest) => call(roleModify, request, { silent: true }),
    onSuccess: invalidate,
  });
}

/** Enables or disables a role; from the form, the form shows refusals (`silent`). */
export function useRoleStateModify({ silent = false }: { silent?: boolean } = {}) {
  const invalidate = useInvalidateIam();
  return useMutation({
    mutationFn: (request: RoleStateModifyRequest) => call(roleStateModify, request, { silent }),
    onSuccess: invalidate,
  });
}

/** Removes a role; refused while users hold it, and the client shows the server's message. */
export function useRoleRemove() {
  const invalidate = useInvalidateIam();
  return useMutation({
    mutationFn: (id: number) => call(roleRemove, {}, { params: { id } }),
    onSuccess: invalidate,
  });
}
