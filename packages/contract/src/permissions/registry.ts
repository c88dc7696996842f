/**
 * The permission registry: every menu, hidden route (LINK), button and form permission of the
 * dashboard (spec §2 and §6). Roles grant codes from here; the server filters the menu tree by
 * them; the web shows routes, menu items and buttons only for codes in the loaded tree.
 *
 * Codes are `area:item[:action]`. Group menus (IAM, Transactions, …) have no route and are shown
 * when any descendant is granted. The i18n key of a code is `permissions:<code>`.
 */

export const PERMISSION_TYPES = ['MENU', 'BUTTON', 'LINK', 'FORM'] as const;
export type PermissionType = (typeof PERMISSION_TYPES)[number];

interface NodeDef {
  readonly code: string;
  readonly type: PermissionType;
  /** Route of MENU and LINK nodes (`:id` style parameters). */
  readonly route?: string;
  /** A route that is registered but never listed in the side menu. */
  readonly hidden?: boolean;
  /** Codes that must be granted too for this one to work (granted together in the role editor). */
  readonly dependsOn?: readonly string[];
  readonly children?: readonly NodeDef[];
}

function menu<const C extends string, const K extends readonly NodeDef[] = readonly []>(
  code: C,
  route: string | undefined,
  children: K,
  extra?: { hidden?: boolean },
) {
  return { code, type: 'MENU' as const, route, children, hidden: extra?.hidden ?? false };
}
function link<const C extends string>(code: C, route: string, dependsOn?: readonly string[]) {
  return { code, type: 'LINK' as const, route, hidden: true, dependsOn: dependsOn ?? [] };
}
function button<const C extends string>(code: C, dependsOn?: readonly string[]) {
  return { code, type: 'BUTTON' as const, dependsOn: dependsOn ?? [] };
}
function form<const C extends string>(code: C, dependsOn?: readonly string[]) {
  return { code, type: 'FORM' as const, dependsOn: dependsOn ?? [] };
}

/** The menu tree in the order the side menu shows it (spec §2 menu labels). */
export const PERMISSION_TREE = [
  menu('home', '/home', []),
  menu('iam', undefined, [
    menu('iam:user', '/access/user', [
      button('iam:user:detail'),
      button('iam:user:create', ['iam:user:detail']),
      button('iam:user:modify', ['iam:user:detail']),
      button('iam:user:remove'),
      button('iam:user:reset-password', ['iam:user:detail']),
    ]),
    menu('iam:role', '/access/role', [
      button('iam:role:detail'),
      button('iam:role:create', ['iam:role:detail']),
      button('iam:role:modify', ['iam:role:detail']),
      button('iam:role:remove'),
    ]),
    menu('iam:activity', '/access/activity', [button('iam:activity:export')]),
  ]),
  menu('transactions', undefined, [
    menu('transactions:payin', '/transactions/payin', []),
    menu('transactions:payout', '/transactions/payout', []),
    menu('transactions:market-place', '/transactions/market-place', []),
    menu('transactions:payment-link', '/transactions/payment-link', [
      link('transactions:payment-link-detail', '/transactions/payment-link-detail/:id'),
    ]),
    menu('transactions:shopify', '/transactions/shopify', [link('transactions:shopify-detail', '/transactions/shopify-detail/:id')]),
    menu('transactions:shoplazza', '/transactions/shoplazza', [
      link('transactions:shoplazza-detail', '/transactions/shoplazza-detail/:id'),
    ]),
    menu('transactions:deep-query', '/transactions/deep-query/:type', [], { hidden: true }),
    menu('transactions:holding-page', '/transactions/holding-page', [], { hidden: true }),
    link('transactions:detail', '/transactions/detail/:id'),
    button('transactions:export'),
    button('transactions:proof-view'),
  ]),
  menu('setting', undefined, [
    menu('setting:services', '/setting/information-service', []),
    menu('setting:product-list', '/setting/product-list', []),
    menu('setting:configure', '/setting/configure', [button('setting:balance-alarm:modify')]),
    menu('setting:deposit', '/setting/deposit', []),
    menu('setting:fx', '/setting/fx', []),
    menu('setting:sub-merchant', '/setting/sub-merchant', [
      link('setting:sub-merchant-detail', '/setting/sub-merchant-detail/:id'),
      button('setting:sub-merchant:add'),
      button('setting:sub-merchant:revoke'),
    ]),
    menu('setting:ip-trustlist', '/setting/ip-trustlist', [
      link('setting:service-list', '/setting/service-list/:type'),
      button('setting:ip-trustlist:detail'),
      button('setting:ip-trustlist:create', ['setting:ip-trustlist:detail']),
      button('setting:ip-trustlist:modify', ['setting:ip-trustlist:detail']),
      button('setting:ip-trustlist:remove'),
      form('setting:ip-trustlist:restriction', ['setting:ip-trustlist:detail']),
    ]),
  ]),
  menu('finance', undefined, [
    menu('finance:payin', '/finance/payin', []),
    menu('finance:payout', '/finance/payout', []),
    menu('finance:marketplace', '/finance/marketplace', []),
  ]),
  menu('reports', undefined, [
    menu('reports:payin', '/reports/payin', []),
    menu('reports:payout', '/reports/payout', []),
    menu('reports:marketplace', '/reports/marketplace', []),
    menu('reports:payment-link', '/reports/payment-link', []),
    menu('reports:shopify', '/reports/shopify', []),
    menu('reports:shoplazza', '/reports/shoplazza', []),
  ]),
  menu('risk', undefined, [
    menu('risk:case-management', '/risk/case-management', [button('risk:review:decide')]),
    menu('risk:configure', '/risk/risk-profiles', [
      link('risk:configure-detail', '/risk/risk-configure/detail/:type'),
      button('risk:rule:add', ['risk:configure-detail']),
      button('risk:rule:edit', ['risk:configure-detail']),
      button('risk:rule:delete', ['risk:configure-detail']),
    ]),
    menu('risk:performance', '/risk/performance', []),
    menu('risk:chargeback-represent', '/risk/chargeback-represent', [
      link('risk:chargeback-represent-detail', '/risk/chargeback-represent-detail/:id'),
      button('risk:chargeback:defense', ['risk:chargeback-represent-detail']),
      button('risk:chargeback:accept', ['risk:chargeback-represent-detail']),
    ]),
  ]),
  menu('payment', undefined, [
    menu('payment:payout', '/payment/payout', [button('payment:payout:create'), button('payment:payout:approve')]),
    menu('payment:payment-link', '/payment/payment-link', [button('payment:payment-link:create'), button('payment:payment-link:cancel')]),
  ]),
  menu('support', undefined, [
    menu('support:case', '/support-center/case', [
      link('support:case-detail', '/support-center/case-detail/:id'),
      link('support:create-case', '/support-center/create-case', ['support:case:create']),
      link('support:edit-case', '/support-center/edit-case/:id', ['support:case:edit']),
      button('support:case:detail'),
      button('support:case:create'),
      button('support:case:edit', ['support:case:detail']),
      button('support:case:close', ['support:case:detail']),
      button('support:case:reopen', ['support:case:detail']),
    ]),
  ]),
  menu('accounting', undefined, [
    menu('accounting:payout-funding', '/accounting/payout-funding', [
      link('accounting:funding-detail', '/accounting/funding-detail/:id'),
      button('accounting:funding:add'),
      button('accounting:funding:revoke'),
    ]),
    menu('accounting:withdrawal', '/accounting/withdraws-application', [
      link('accounting:withdraws-detail', '/accounting/withdraws-detail/:id'),
      button('accounting:withdrawal:add'),
      button('accounting:withdrawal:revoke'),
      button('accounting:withdrawal:approve', ['accounting:withdraws-detail']),
    ]),
    menu('accounting:exchange', '/accounting/exchange', [
      link('accounting:exchange-detail', '/accounting/exchange-detail/:id'),
      button('accounting:exchange:add'),
      button('accounting:exchange:revoke'),
    ]),
  ]),
  menu('revenue-assurance', undefined, [
    menu('revenue-assurance:situation-analysis', '/revenue-assurance/situation-analysis', []),
    menu('revenue-assurance:tokenization', '/revenue-assurance/tokenization', []),
  ]),
  menu('global-balance', '/global-balance', []),
  menu('download-center', '/download-center', [button('download-center:delete')]),
  menu('message-center', '/message-center', [link('message-center:detail', '/message-detail/:id')]),
  menu('sub-merchant', '/sub-merchant', [link('sub-merchant:summary', '/sub-merchant/sub-account/summary/:id')]),
] as const satisfies readonly NodeDef[];

type CodesOf<N> = N extends { readonly code: infer C extends string; readonly children: infer K extends readonly unknown[] }
  ? C | CodesOf<K[number]>
  : N extends { readonly code: infer C extends string }
    ? C
    : never;

/** Every permission code. */
export type PermissionCode = CodesOf<(typeof PERMISSION_TREE)[number]>;

export interface PermissionEntry {
  readonly code: PermissionCode;
  readonly type: PermissionType;
  readonly i18nKey: string;
  readonly route: string | null;
  readonly hidden: boolean;
  readonly parent: PermissionCode | null;
  readonly dependsOn: readonly PermissionCode[];
  readonly children: readonly PermissionCode[];
}

function flatten(nodes: readonly NodeDef[], parent: string | null, out: PermissionEntry[]): void {
  for (const n of nodes) {
    out.push({
      code: n.code as PermissionCode,
      type: n.type,
      i18nKey: `permissions:${n.code}`,
      route: n.route ?? null,
      hidden: n.hidden ?? false,
      parent: parent as PermissionCode | null,
      dependsOn: (n.dependsOn ?? []) as readonly PermissionCode[],
      children: (n.children ?? []).map((c) => c.code as PermissionCode),
    });
    if (n.children) flatten(n.children, n.code, out);
  }
}

const entries: PermissionEntry[] = [];
flatten(PERMISSION_TREE, null, entries);

/** All permissions in tree order. */
export const PERMISSIONS: readonly PermissionEntry[] = entries;
export const PERMISSION_CODES: readonly PermissionCode[] = entries.map((e) => e.code);
const byCode = new Map(entries.map((e) => [e.code as string, e]));

export function isPermissionCode(value: string): value is PermissionCode {
  return byCode.has(value);
}
export function permissionEntry(code: PermissionCode): PermissionEntry {
  const e = byCode.get(code);
  if (!e) throw new Error(`unknown permission ${code}`);
  return e;
}

/**
 * The menu codes whose screens have not landed yet (issue #15 builds them). The role editor hides
 * them and everything under them: a role cannot be given a screen that does not exist. The web's
 * route registry test keeps this list exact — a code here with a registered route fails it, and so
 * does a menu with a route that is neither registered nor listed here.
 */
export const SCREENS_NOT_BUILT: ReadonlySet<PermissionCode> = new Set<PermissionCode>(['setting:fx']);

/** True when the code's screen, or the screen it belongs to, has not landed (SCREENS_NOT_BUILT). */
export function awaitsItsScreen(code: PermissionCode): boolean {
  for (let c: PermissionCode | null = code; c !== null; c = permissionEntry(c).parent) {
    if (SCREENS_NOT_BUILT.has(c)) return true;
  }
  return false;
}

/**
 * Closes a set of granted codes: adds what each code depends on and every ancestor (a button
 * without its menu is unusable). Unknown codes are dropped.
 */
export function closePermissions(codes: Iterable<string>): Set<PermissionCode> {
  const out = new Set<PermissionCode>();
  const stack = [...codes].filter(isPermissionCode);
  while (stack.length > 0) {
    const code = stack.pop() as PermissionCode;
    if (out.has(code)) continue;
    out.add(code);
    const e = permissionEntry(code);
    if (e.parent) stack.push(e.parent);
    stack.push(...e.dependsOn);
  }
  return out;
}
