import { describe, expect, it } from 'vitest';
import {
  closePermissions,
  isPermissionCode,
  PERMISSION_CODES,
  PERMISSION_TYPES,
  PERMISSIONS,
  type PermissionCode,
  permissionEntry,
} from './registry.ts';

/** The button permissions spec §6 lists, as registry codes. */
const SPEC_BUTTONS: Record<string, PermissionCode> = {
  'user create': 'iam:user:create',
  'user modify': 'iam:user:modify',
  'user remove': 'iam:user:remove',
  'user detail': 'iam:user:detail',
  'role create': 'iam:role:create',
  'role modify': 'iam:role:modify',
  'role remove': 'iam:role:remove',
  'role detail': 'iam:role:detail',
  'payout create': 'payment:payout:create',
  'payout approve': 'payment:payout:approve',
  'case create': 'support:case:create',
  'case edit': 'support:case:edit',
  'case detail': 'support:case:detail',
  'case close': 'support:case:close',
  'case reopen': 'support:case:reopen',
  'funding add': 'accounting:funding:add',
  'funding revoke': 'accounting:funding:revoke',
  'withdrawal add': 'accounting:withdrawal:add',
  'withdrawal revoke': 'accounting:withdrawal:revoke',
  'exchange add': 'accounting:exchange:add',
  'exchange revoke': 'accounting:exchange:revoke',
  'sub-merchant add': 'setting:sub-merchant:add',
  'sub-merchant revoke': 'setting:sub-merchant:revoke',
  'IP trustlist create': 'setting:ip-trustlist:create',
  'IP trustlist modify': 'setting:ip-trustlist:modify',
  'IP trustlist detail': 'setting:ip-trustlist:detail',
  'IP trustlist remove': 'setting:ip-trustlist:remove',
  'risk rule add': 'risk:rule:add',
  'risk rule edit': 'risk:rule:edit',
  'risk rule delete': 'risk:rule:delete',
  'chargeback defense': 'risk:chargeback:defense',
  'chargeback accept': 'risk:chargeback:accept',
  'download-center delete': 'download-center:delete',
  'proof view': 'transactions:proof-view',
};

/** Every route of the route table of spec §2, with `{id}` written `:id`. */
const SPEC_ROUTES = [
  '/home',
  '/transactions/payin',
  '/transactions/payout',
  '/transactions/market-place',
  '/transactions/payment-link',
  '/transactions/shopify',
  '/transactions/shoplazza',
  '/transactions/detail/:id',
  '/transactions/payment-link-detail/:id',
  '/transactions/shopify-detail/:id',
  '/transactions/shoplazza-detail/:id',
  '/transactions/deep-query/:type',
  '/transactions/holding-page',
  '/finance/payin',
  '/finance/payout',
  '/finance/marketplace',
  '/reports/payin',
  '/reports/payout',
  '/reports/marketplace',
  '/reports/payment-link',
  '/reports/shopify',
  '/reports/shoplazza',
  '/payment/payout',
  '/payment/payment-link',
  '/accounting/payout-funding',
  '/accounting/funding-detail/:id',
  '/accounting/withdraws-application',
  '/accounting/withdraws-detail/:id',
  '/accounting/exchange',
  '/accounting/exchange-detail/:id',
  '/risk/performance',
  '/risk/risk-profiles',
  '/risk/chargeback-represent',
  '/risk/chargeback-represent-detail/:id',
  '/risk/risk-configure/detail/:type',
  '/support-center/case',
  '/support-center/create-case',
  '/support-center/edit-case/:id',
  '/support-center/case-detail/:id',
  '/access/user',
  '/access/role',
  '/setting/sub-merchant',
  '/setting/sub-merchant-detail/:id',
  '/setting/information-service',
  '/setting/configure',
  '/setting/deposit',
  '/setting/ip-trustlist',
  '/setting/service-list/:type',
  '/download-center',
  '/sub-merchant',
  '/sub-merchant/sub-account/summary/:id',
  '/revenue-assurance/situation-analysis',
  '/revenue-assurance/tokenization',
  '/global-balance',
  '/message-center',
  '/message-detail/:id',
];

/** Routes spec §2 lists as hidden (detail pages and the like). */
const SPEC_HIDDEN_ROUTES = [
  '/transactions/detail/:id',
  '/transactions/payment-link-detail/:id',
  '/transactions/shopify-detail/:id',
  '/transactions/shoplazza-detail/:id',
  '/transactions/deep-query/:type',
  '/transactions/holding-page',
  '/accounting/funding-detail/:id',
  '/accounting/withdraws-detail/:id',
  '/accounting/exchange-detail/:id',
  '/risk/chargeback-represent-detail/:id',
  '/risk/risk-configure/detail/:type',
  '/support-center/create-case',
  '/support-center/edit-case/:id',
  '/support-center/case-detail/:id',
  '/setting/sub-merchant-detail/:id',
  '/setting/service-list/:type',
];

const routed = PERMISSIONS.filter((p) => p.type === 'MENU' || p.type === 'LINK').filter((p) => p.route !== null);

describe('permission registry', () => {
  it('has every code once', () => {
    expect(new Set(PERMISSION_CODES).size).toBe(PERMISSION_CODES.length);
    expect(PERMISSION_CODES.length).toBeGreaterThan(0);
  });

  it('writes codes as area:item[:action] in kebab-case', () => {
    for (const code of PERMISSION_CODES) expect(code).toMatch(/^[a-z]+(?:-[a-z]+)*(?::[a-z]+(?:-[a-z]+)*){0,2}$/);
  });

  it('gives every entry a known type and the permissions: i18n key of its code', () => {
    for (const p of PERMISSIONS) {
      expect(PERMISSION_TYPES).toContain(p.type);
      expect(p.i18nKey).toBe(`permissions:${p.code}`);
    }
  });

  it('gives each route to one MENU or LINK node only', () => {
    const routes = routed.map((p) => p.route);
    const repeated = routes.filter((r, i) => routes.indexOf(r) !== i);
    expect(repeated).toEqual([]);
  });

  it('routes every LINK, never a BUTTON, and starts every route with /', () => {
    for (const p of PERMISSIONS) {
      if (p.type === 'LINK') expect(p.route, p.code).toMatch(/^\//);
      if (p.type === 'BUTTON') expect(p.route, p.code).toBeNull();
      if (p.route !== null) expect(p.route).toMatch(/^\/[a-z0-9/:-]*$/);
    }
  });

  it('points every dependsOn at an existing code other than itself', () => {
    for (const p of PERMISSIONS) {
      for (const d of p.dependsOn) {
        expect(isPermissionCode(d), `${p.code} depends on ${d}`).toBe(true);
        expect(d).not.toBe(p.code);
      }
    }
  });

  it('keeps parents and children consistent', () => {
    for (const p of PERMISSIONS) {
      if (p.parent !== null) expect(permissionEntry(p.parent).children).toContain(p.code);
      for (const c of p.children) expect(permissionEntry(c).parent).toBe(p.code);
    }
  });

  it.each(Object.entries(SPEC_BUTTONS))('has the spec §6 button "%s" as %s', (_, code) => {
    expect(isPermissionCode(code)).toBe(true);
    expect(permissionEntry(code).type).toBe('BUTTON');
  });

  it.each(SPEC_ROUTES)('has the spec §2 route %s', (route) => {
    expect(routed.map((p) => p.route)).toContain(route);
  });

  it('marks the spec hidden routes hidden and leaves the menu pages visible', () => {
    const byRoute = new Map(routed.map((p) => [p.route, p]));
    for (const route of SPEC_HIDDEN_ROUTES) expect(byRoute.get(route)?.hidden, route).toBe(true);
    for (const route of ['/home', '/access/user', '/transactions/payin', '/download-center']) {
      expect(byRoute.get(route)?.hidden, route).toBe(false);
    }
  });

  it('says whether a string is a code', () => {
    expect(isPermissionCode('iam:user')).toBe(true);
    expect(isPermissionCode('iam:user:fly')).toBe(false);
    expect(isPermissionCode('')).toBe(false);
    expect(() => permissionEntry('nope' as PermissionCode)).toThrow();
  });
});

describe('closePermissions', () => {
  it('adds every ancestor of a granted button', () => {
    expect([...closePermissions(['iam:user:remove'])].sort()).toEqual(['iam', 'iam:user', 'iam:user:remove']);
  });

  it('adds what a code depends on, with that code’s ancestors', () => {
    const closed = closePermissions(['support:edit-case']);
    expect(closed).toEqual(new Set(['support', 'support:case', 'support:edit-case', 'support:case:edit', 'support:case:detail']));
  });

  it('follows dependencies transitively', () => {
    const closed = closePermissions(['risk:chargeback:defense']);
    expect(closed.has('risk:chargeback-represent-detail')).toBe(true);
    expect(closed.has('risk:chargeback-represent')).toBe(true);
    expect(closed.has('risk')).toBe(true);
  });

  it('drops unknown codes and keeps an empty grant empty', () => {
    expect(closePermissions(['not:a:code', 'home'])).toEqual(new Set(['home']));
    expect(closePermissions([]).size).toBe(0);
  });

  it('is closed: closing again changes nothing, for every single code', () => {
    for (const code of PERMISSION_CODES) {
      const once = closePermissions([code]);
      expect(closePermissions(once)).toEqual(once);
      for (const c of once) {
        const e = permissionEntry(c);
        if (e.parent) expect(once.has(e.parent)).toBe(true);
        for (const d of e.dependsOn) expect(once.has(d)).toBe(true);
      }
    }
  });
});
