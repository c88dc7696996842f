import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import * as activity from '../activity/endpoints.ts';
import { type Endpoint, endpointUrl, SIGNED_IN } from '../common/define-endpoint.ts';
import * as ipTrustlist from '../ip-trustlist/endpoints.ts';
import * as mfa from '../mfa/endpoints.ts';
import * as password from '../password/endpoints.ts';
import { isPermissionCode } from '../permissions/registry.ts';
import { ALL_ENDPOINTS } from '../registry.ts';
import * as iam from './endpoints.ts';

/** The identity-and-access modules as the registry will hold them (`ENDPOINT_MODULES`). */
const MODULES = { iam, mfa, password, ipTrustlist, activity } as const;
const ENDPOINTS: Endpoint[] = Object.values(MODULES).flatMap((m) => Object.values(m) as Endpoint[]);

/** The calls spec §7 names for users and roles, IP trust list settings and MFA (`{id}` written `:id`). */
const SPEC_PATHS = [
  '/dashboard/user/page',
  '/dashboard/user/detail/:id',
  '/dashboard/user/add',
  '/dashboard/user/modify',
  '/dashboard/user/state/modify',
  '/dashboard/user/remove/:id',
  '/dashboard/user/password/reset',
  '/dashboard/user/reset/password/link/generate',
  '/dashboard/role/page',
  '/dashboard/role/assignment/list',
  '/dashboard/role/detail/:id',
  '/dashboard/role/add',
  '/dashboard/role/modify',
  '/dashboard/role/state/modify',
  '/dashboard/role/remove/:id',
  '/dashboard/setting/ip-trustlist/page',
  '/dashboard/setting/ip-trustlist/edit',
  '/dashboard/setting/ip-trustlist/remove/:id',
  '/dashboard/system/mfa/authentication/validate',
  '/dashboard/system/mfa/authentication/open',
  '/dashboard/system/mfa/authentication/activate',
];

describe('identity and access endpoints', () => {
  it('export nothing but endpoints, so the registry can take the modules whole', () => {
    for (const [name, module] of Object.entries(MODULES)) {
      for (const [key, value] of Object.entries(module)) {
        expect(value, `${name}.${key}`).toMatchObject({ path: expect.stringMatching(/^\/dashboard\//), permissions: expect.any(Array) });
      }
    }
  });

  it('cover every call of spec §7 for users, roles, IP trust lists and MFA', () => {
    const paths = ENDPOINTS.map((e) => e.path);
    for (const path of SPEC_PATHS) expect(paths).toContain(path);
  });

  it('have unique paths, also against the registered endpoints', () => {
    // The registry holds these modules too once registered: each endpoint counts once.
    const paths = [...new Set([...ENDPOINTS, ...ALL_ENDPOINTS])].map((e) => e.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('each name real permission codes, SIGNED_IN, or say public', () => {
    for (const e of ENDPOINTS) {
      if (e.public) {
        expect(e.permissions, e.path).toEqual([]);
        continue;
      }
      expect(e.permissions.length, e.path).toBeGreaterThan(0);
      for (const p of e.permissions) expect(p === SIGNED_IN || isPermissionCode(p), `${e.path}: ${p}`).toBe(true);
    }
  });

  it('open only forgot-password to everyone, and need no permission only for the caller’s own MFA and reset links', () => {
    expect(ENDPOINTS.filter((e) => e.public).map((e) => e.path)).toEqual(['/dashboard/auth/password/forgot']);
    const signedIn = ENDPOINTS.filter((e) => e.permissions.includes(SIGNED_IN)).map((e) => e.path);
    for (const path of signedIn) {
      expect(
        path.startsWith('/dashboard/system/mfa/') || path === iam.passwordReset.path || path === password.resetLinkVerify.path,
        path,
      ).toBe(true);
    }
    expect(iam.userAdd.permissions).toEqual(['iam:user:create']);
    expect(iam.resetLinkGenerate.permissions).toEqual(['iam:user:reset-password']);
    expect(iam.roleRemove.permissions).toEqual(['iam:role:remove']);
    expect(ipTrustlist.ipTrustlistEdit.permissions).toEqual(['setting:ip-trustlist:create', 'setting:ip-trustlist:modify']);
  });

  it('describe every path parameter and no other', () => {
    for (const e of ENDPOINTS) {
      const names = [...e.path.matchAll(/:([A-Za-z]+)/g)].map((m) => m[1]);
      if (names.length === 0) {
        expect(e.params, e.path).toBeUndefined();
        continue;
      }
      expect(e.params, e.path).toBeInstanceOf(z.ZodObject);
      expect(Object.keys((e.params as z.ZodObject).shape).sort(), e.path).toEqual([...names].sort());
    }
    expect(endpointUrl(iam.userDetail, { id: 42 })).toBe('/dashboard/user/detail/42');
    expect(iam.userRemove.params.parse({ id: '42' })).toEqual({ id: 42 });
  });

  it('download only the activity CSV as a file; everything else answers JSON', () => {
    expect(ENDPOINTS.filter((e) => e.kind !== 'json').map((e) => [e.path, e.kind])).toEqual([['/dashboard/activity/export', 'binary']]);
  });

  it('let the password-reset calls work while a reset is pending', () => {
    expect(iam.passwordReset.allowedDuringPasswordReset).toBe(true);
    expect(password.resetLinkVerify.allowedDuringPasswordReset).toBe(true);
    expect(iam.userAdd.allowedDuringPasswordReset).toBe(false);
  });
});
