import type { RoleAssignmentItem, RoleDetail, RoleSummary, UserDetail, UserSummary } from '@andes/contract/iam/schemas';
import { closePermissions } from '@andes/contract/permissions/registry';
import { demoUser } from '../../../test/fixtures.ts';

export function userRow(overrides: Partial<UserSummary> = {}): UserSummary {
  return {
    id: 12,
    username: 'ana.ops',
    displayName: 'Ana Ops',
    email: 'ana@example.com',
    state: 1,
    superAdmin: false,
    roles: [{ id: 3, name: 'Operations' }],
    countries: ['BR', 'MX'],
    subMerchantId: null,
    subMerchantName: null,
    mfaEnabled: false,
    locked: false,
    lastLoginAt: '2026-01-14T13:00:00.000Z',
    createdAt: '2025-12-01T12:00:00.000Z',
    ...overrides,
  };
}

/** The signed-in user's own row (demoUser). */
export const ownRow = userRow({ id: demoUser.id, username: demoUser.username, displayName: demoUser.displayName, email: demoUser.email });

export function userDetailOf(row: UserSummary): UserDetail {
  return {
    ...row,
    userType: 2,
    passwordChangedAt: '2026-01-02T12:00:00.000Z',
    createdBy: 'demo.admin',
    updatedAt: '2026-01-03T12:00:00.000Z',
  };
}

export const assignableRoles: RoleAssignmentItem[] = [
  { id: 3, name: 'Operations', state: 1 },
  { id: 4, name: 'Finance', state: 1 },
  { id: 5, name: 'Retired', state: 0 },
];

export function page<T>(list: T[], extra: { total?: number; totalCapped?: boolean; nextCursor?: string | null } = {}) {
  return { list, total: extra.total ?? list.length, totalCapped: extra.totalCapped ?? false, nextCursor: extra.nextCursor ?? null };
}

export function roleRow(overrides: Partial<RoleSummary> = {}): RoleSummary {
  return {
    id: 3,
    name: 'Operations',
    description: 'Day-to-day user support',
    state: 1,
    userCount: 4,
    createdAt: '2025-11-01T12:00:00.000Z',
    updatedAt: '2026-01-10T15:30:00.000Z',
    ...overrides,
  };
}

export function roleDetailOf(row: RoleSummary, codes: string[]): RoleDetail {
  return { ...row, permissions: [...closePermissions(codes)], tree: [] };
}
