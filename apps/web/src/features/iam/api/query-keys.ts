import type { RolePageRequest, UserPageRequest } from '@andes/contract/iam/schemas';

/** Query keys of users and roles; every change invalidates `all`. */
export const iamKeys = {
  all: ['iam'] as const,
  userPage: (request: UserPageRequest) => [...iamKeys.all, 'user-page', request] as const,
  userDetail: (id: number) => [...iamKeys.all, 'user-detail', id] as const,
  roleAssignment: () => [...iamKeys.all, 'role-assignment'] as const,
  rolePage: (request: RolePageRequest) => [...iamKeys.all, 'role-page', request] as const,
  roleDetail: (id: number) => [...iamKeys.all, 'role-detail', id] as const,
};
