import { describe, expect, it } from 'vitest';
import { IdParams, SearchText } from '../common/fields.ts';
import { EMAIL_INVALID_MESSAGE, PASSWORD_MISMATCH_MESSAGE, PASSWORD_RULE_MESSAGES } from '../common/validators.ts';
import {
  COUNTRIES_REPEATED_MESSAGE,
  COUNTRIES_REQUIRED_MESSAGE,
  PasswordResetRequest,
  PERMISSIONS_REQUIRED_MESSAGE,
  ROLES_REPEATED_MESSAGE,
  ROLES_REQUIRED_MESSAGE,
  ROLES_TOO_MANY_MESSAGE,
  RoleAddRequest,
  RoleDetail,
  RoleModifyRequest,
  RolePageRequest,
  UserAddRequest,
  UserModifyRequest,
  UsernameSchema,
  UserPageRequest,
  UserStateModifyRequest,
} from './schemas.ts';

function issues(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  return (result.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));
}

const goodUser = {
  username: '  Ana.Silva@BR ',
  displayName: ' Ana Silva ',
  email: ' ana@example.com ',
  roleIds: [3, 7],
  countries: ['BR', 'MX'],
};

describe('user add', () => {
  it('accepts a user and normalises username, name and e-mail', () => {
    expect(UserAddRequest.parse(goodUser)).toEqual({
      username: 'ana.silva@br',
      displayName: 'Ana Silva',
      email: 'ana@example.com',
      roleIds: [3, 7],
      countries: ['BR', 'MX'],
      subMerchantId: null,
    });
    expect(UserAddRequest.parse({ ...goodUser, subMerchantId: 12 }).subMerchantId).toBe(12);
  });

  it('never takes a password', () => {
    expect(Object.keys(UserAddRequest.shape)).not.toContain('password');
    expect(UserAddRequest.parse({ ...goodUser, password: 'Secret123' })).not.toHaveProperty('password');
  });

  it.each([
    ['', 'Please enter the username'],
    ['   ', 'Please enter the username'],
    ['ab', 'The username must be 3 to 64 characters'],
    ['a'.repeat(65), 'The username must be 3 to 64 characters'],
    ['.ana', 'Use letters, numbers and . _ - @ only, starting with a letter or number'],
    ['ana silva', 'Use letters, numbers and . _ - @ only, starting with a letter or number'],
    ['ñandú', 'Use letters, numbers and . _ - @ only, starting with a letter or number'],
  ])('refuses the username %j: %s', (username, message) => {
    expect(issues(UsernameSchema.safeParse(username))).toEqual([{ path: '', message }]);
  });

  it('shows each field’s message on its own path', () => {
    const result = UserAddRequest.safeParse({ username: 'an', displayName: '', email: 'ana@', roleIds: [], countries: [] });
    expect(issues(result)).toEqual([
      { path: 'username', message: 'The username must be 3 to 64 characters' },
      { path: 'displayName', message: 'Please enter the name' },
      { path: 'email', message: EMAIL_INVALID_MESSAGE },
      { path: 'roleIds', message: ROLES_REQUIRED_MESSAGE },
      { path: 'countries', message: COUNTRIES_REQUIRED_MESSAGE },
    ]);
  });

  it('refuses too long a name, line breaks, repeated roles and countries, unknown countries and too many roles', () => {
    expect(issues(UserAddRequest.safeParse({ ...goodUser, displayName: 'x'.repeat(65) }))).toEqual([
      { path: 'displayName', message: 'At most 64 characters' },
    ]);
    expect(issues(UserAddRequest.safeParse({ ...goodUser, displayName: 'Ana\nSilva' }))).toEqual([
      { path: 'displayName', message: 'Line breaks and control characters are not allowed' },
    ]);
    expect(issues(UserAddRequest.safeParse({ ...goodUser, roleIds: [3, 3] }))).toEqual([
      { path: 'roleIds', message: ROLES_REPEATED_MESSAGE },
    ]);
    expect(issues(UserAddRequest.safeParse({ ...goodUser, roleIds: Array.from({ length: 21 }, (_, i) => i + 1) }))).toEqual([
      { path: 'roleIds', message: ROLES_TOO_MANY_MESSAGE },
    ]);
    expect(issues(UserAddRequest.safeParse({ ...goodUser, countries: ['BR', 'BR'] }))).toEqual([
      { path: 'countries', message: COUNTRIES_REPEATED_MESSAGE },
    ]);
    expect(UserAddRequest.safeParse({ ...goodUser, countries: ['AR'] }).success).toBe(false);
    expect(UserAddRequest.safeParse({ ...goodUser, roleIds: [0] }).success).toBe(false);
    expect(UserAddRequest.safeParse({ ...goodUser, roleIds: [2_147_483_648] }).success).toBe(false);
  });
});

describe('user modify and state', () => {
  it('needs the id and keeps the username out', () => {
    const { username: _, ...fields } = goodUser;
    expect(UserModifyRequest.parse({ id: 5, ...fields })).toMatchObject({ id: 5, displayName: 'Ana Silva' });
    expect(UserModifyRequest.safeParse(fields).success).toBe(false);
    expect(UserModifyRequest.parse({ id: 5, ...fields, username: 'other' })).not.toHaveProperty('username');
  });

  it('takes the spec’s states 1 and 0 only', () => {
    expect(UserStateModifyRequest.parse({ id: 5, state: 0 })).toEqual({ id: 5, state: 0 });
    expect(UserStateModifyRequest.safeParse({ id: 5, state: 2 }).success).toBe(false);
    expect(UserStateModifyRequest.safeParse({ id: 5, state: '1' }).success).toBe(false);
  });
});

describe('user search', () => {
  it('defaults the page size and drops empty text filters', () => {
    expect(UserPageRequest.parse({ username: '  ', email: ' @example ', state: 1, roleId: 4 })).toEqual({
      pageSize: 20,
      email: '@example',
      state: 1,
      roleId: 4,
    });
  });

  it('refuses a search text over 128 characters and an unknown page size', () => {
    expect(issues(UserPageRequest.safeParse({ displayName: 'x'.repeat(129) }))).toEqual([
      { path: 'displayName', message: 'At most 128 characters' },
    ]);
    expect(UserPageRequest.safeParse({ pageSize: 30 }).success).toBe(false);
    expect(SearchText.parse(undefined)).toBeUndefined();
  });
});

describe('password reset with a link token', () => {
  it('takes the new password twice and applies the policy', () => {
    expect(PasswordResetRequest.parse({ newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg1' })).toEqual({
      newPassword: 'Abcdefg1',
      confirmPassword: 'Abcdefg1',
    });
    expect(issues(PasswordResetRequest.safeParse({ newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' }))).toEqual([
      { path: 'newPassword', message: PASSWORD_RULE_MESSAGES.UPPERCASE },
      { path: 'newPassword', message: PASSWORD_RULE_MESSAGES.DIGIT },
    ]);
    expect(issues(PasswordResetRequest.safeParse({ newPassword: 'Abcdefg1', confirmPassword: 'Abcdefg2' }))).toEqual([
      { path: 'confirmPassword', message: PASSWORD_MISMATCH_MESSAGE },
    ]);
  });
});

describe('roles', () => {
  it('accepts a role, trims the name, defaults the description and drops repeated codes', () => {
    expect(RoleAddRequest.parse({ name: ' Finance ', permissions: ['finance:payin', 'finance:payin', 'home'] })).toEqual({
      name: 'Finance',
      description: '',
      permissions: ['finance:payin', 'home'],
    });
  });

  it('refuses unknown permission codes, no permission, an empty or too long name and too long a description', () => {
    expect(issues(RoleAddRequest.safeParse({ name: 'R', permissions: ['iam:user', 'iam:everything'] }))).toEqual([
      { path: 'permissions.1', message: 'Unknown permission' },
    ]);
    expect(issues(RoleAddRequest.safeParse({ name: 'R', permissions: [] }))).toEqual([
      { path: 'permissions', message: PERMISSIONS_REQUIRED_MESSAGE },
    ]);
    expect(issues(RoleAddRequest.safeParse({ name: ' ', description: 'd'.repeat(257), permissions: ['home'] }))).toEqual([
      { path: 'name', message: 'Please enter the role name' },
      { path: 'description', message: 'At most 256 characters' },
    ]);
    expect(issues(RoleAddRequest.safeParse({ name: 'n'.repeat(65), permissions: ['home'] }))).toEqual([
      { path: 'name', message: 'At most 64 characters' },
    ]);
    expect(RoleModifyRequest.safeParse({ name: 'R', permissions: ['home'] }).success).toBe(false);
  });

  it('searches by name and state', () => {
    expect(RolePageRequest.parse({ name: ' fin ', state: 0, pageSize: 50 })).toEqual({ name: 'fin', state: 0, pageSize: 50 });
  });

  it('describes a role detail with its codes and tree', () => {
    const detail = {
      id: 1,
      name: 'Viewer',
      description: '',
      state: 1,
      userCount: 0,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
      permissions: ['home'],
      tree: [{ label: 'permissions:home', value: 'home', type: 'MENU', parentValue: null, dependsOn: [], checked: true, children: [] }],
    };
    expect(RoleDetail.parse(detail)).toEqual(detail);
    expect(RoleDetail.safeParse({ ...detail, createdAt: '2026-01-01 00:00' }).success).toBe(false);
  });
});

describe('path ids', () => {
  it.each([
    ['1', 1],
    ['2147483647', 2_147_483_647],
  ])('reads %j as %d', (text, id) => {
    expect(IdParams.parse({ id: text })).toEqual({ id });
  });

  it.each(['0', '01', '-1', '1.5', '1e3', ' 1', '', 'abc', '2147483648', '99999999999'])('refuses %j', (text) => {
    expect(issues(IdParams.safeParse({ id: text }))).toEqual([{ path: 'id', message: 'Not a valid id' }]);
  });
});
