import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isPermissionCode } from '../permissions/registry.ts';
import { ALL_ENDPOINTS } from '../registry.ts';
import { REQUEST_TIMEOUT_MS } from './constants.ts';
import { defineEndpoint, EmptyRequest, EmptyResponse, type EndpointDef, endpointUrl, SIGNED_IN } from './define-endpoint.ts';

describe('defineEndpoint', () => {
  it('fills the defaults of a permissioned JSON call', () => {
    const e = defineEndpoint({
      path: '/dashboard/user/page',
      summary: 'Users',
      permission: 'iam:user',
      request: EmptyRequest,
      response: EmptyResponse,
    });
    expect(e).toMatchObject({
      path: '/dashboard/user/page',
      kind: 'json',
      silentErrors: false,
      timeoutMs: REQUEST_TIMEOUT_MS,
      allowedDuringPasswordReset: false,
      public: false,
      permissions: ['iam:user'],
    });
  });

  it('keeps the options it is given', () => {
    const e = defineEndpoint({
      path: '/dashboard/report/daily/download',
      summary: 'Daily report',
      permission: ['reports:payin', 'reports:payout'],
      kind: 'binary',
      timeoutMs: 120_000,
      silentErrors: true,
      request: EmptyRequest,
      response: EmptyResponse,
    });
    expect(e.permissions).toEqual(['reports:payin', 'reports:payout']);
    expect(e.kind).toBe('binary');
    expect(e.timeoutMs).toBe(120_000);
    expect(e.silentErrors).toBe(true);
  });

  it('accepts a public call without permissions', () => {
    const e = defineEndpoint({
      path: '/dashboard/auth/login',
      summary: 'Sign in',
      public: true,
      request: EmptyRequest,
      response: EmptyResponse,
    });
    expect(e.public).toBe(true);
    expect(e.permissions).toEqual([]);
  });

  it('refuses a call with neither a permission nor public', () => {
    const def = { path: '/dashboard/x', summary: 'x', request: EmptyRequest, response: EmptyResponse } as unknown as EndpointDef;
    expect(() => defineEndpoint(def)).toThrow(/must name a permission or say public: true/);
  });

  it('refuses an empty permission list', () => {
    expect(() =>
      defineEndpoint({ path: '/dashboard/x', summary: 'x', permission: [], request: EmptyRequest, response: EmptyResponse }),
    ).toThrow(/must name a permission/);
  });

  it('refuses a call that is both public and permissioned', () => {
    const def = {
      path: '/dashboard/x',
      summary: 'x',
      public: true,
      permission: SIGNED_IN,
      request: EmptyRequest,
      response: EmptyResponse,
    } as unknown as EndpointDef;
    expect(() => defineEndpoint(def)).toThrow(/exactly one of them/);
  });

  it('admits service-only calls under /internal/ and nowhere else', () => {
    const e = defineEndpoint({ path: '/internal/v1/x', summary: 'x', service: true, request: EmptyRequest, response: EmptyResponse });
    expect(e).toMatchObject({ service: true, public: false, permissions: [] });
    expect(() =>
      defineEndpoint({ path: '/dashboard/x', summary: 'x', service: true, request: EmptyRequest, response: EmptyResponse }),
    ).toThrow(/exactly the \/internal\/ ones/);
    expect(() =>
      defineEndpoint({ path: '/internal/v1/x', summary: 'x', permission: SIGNED_IN, request: EmptyRequest, response: EmptyResponse }),
    ).toThrow(/exactly the \/internal\/ ones/);
  });

  it('refuses a path without a leading slash', () => {
    expect(() =>
      defineEndpoint({ path: 'dashboard/x', summary: 'x', public: true, request: EmptyRequest, response: EmptyResponse }),
    ).toThrow(/must start with \//);
  });

  it('requires a params schema for path parameters', () => {
    expect(() =>
      defineEndpoint({
        path: '/dashboard/user/detail/:id',
        summary: 'x',
        permission: 'iam:user:detail',
        request: EmptyRequest,
        response: EmptyResponse,
      }),
    ).toThrow(/path parameters need a params schema/);
    const e = defineEndpoint({
      path: '/dashboard/user/detail/:id',
      summary: 'x',
      permission: 'iam:user:detail',
      params: z.object({ id: z.coerce.number().int() }),
      request: EmptyRequest,
      response: EmptyResponse,
    });
    expect(e.params?.parse({ id: '42' })).toEqual({ id: 42 });
  });
});

describe('endpointUrl', () => {
  it('returns a path without parameters as it is', () => {
    expect(endpointUrl({ path: '/dashboard/user/page' })).toBe('/dashboard/user/page');
  });

  it('fills every parameter', () => {
    expect(endpointUrl({ path: '/dashboard/user/remove/:id' }, { id: 42 })).toBe('/dashboard/user/remove/42');
    expect(endpointUrl({ path: '/dashboard/x/:type/y/:id' }, { type: 'trust', id: '7' })).toBe('/dashboard/x/trust/y/7');
  });

  it('encodes parameter values so they stay one segment', () => {
    expect(endpointUrl({ path: '/dashboard/download-center/delete/:id' }, { id: 'a/b c?d#e' })).toBe(
      '/dashboard/download-center/delete/a%2Fb%20c%3Fd%23e',
    );
    expect(endpointUrl({ path: '/dashboard/x/:id' }, { id: '../admin' })).toBe('/dashboard/x/..%2Fadmin');
  });

  it('refuses a missing parameter', () => {
    expect(() => endpointUrl({ path: '/dashboard/user/remove/:id' })).toThrow(/missing path parameter id/);
    expect(() => endpointUrl({ path: '/dashboard/user/remove/:id' }, { other: 1 })).toThrow(/missing path parameter id/);
  });
});

describe('ALL_ENDPOINTS', () => {
  it('has one endpoint per path', () => {
    const paths = ALL_ENDPOINTS.map((e) => e.path);
    expect(paths.filter((p, i) => paths.indexOf(p) !== i)).toEqual([]);
  });

  it('guards every endpoint: public, or a real permission code, or signed-in', () => {
    for (const e of ALL_ENDPOINTS) {
      if (e.public) {
        expect(e.permissions, e.path).toEqual([]);
      } else {
        expect(e.permissions.length, e.path).toBeGreaterThan(0);
        for (const p of e.permissions) expect(p === SIGNED_IN || isPermissionCode(p), `${e.path}: ${p}`).toBe(true);
      }
    }
  });

  it('describes the path parameters of every endpoint', () => {
    for (const e of ALL_ENDPOINTS) {
      if (/:[A-Za-z]+/.test(e.path)) expect(e.params, e.path).toBeDefined();
    }
  });
});
