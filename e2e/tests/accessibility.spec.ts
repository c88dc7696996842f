import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { COUNTRIES, type Country } from '@andes/contract/common/countries';
import type { Endpoint } from '@andes/contract/common/define-endpoint';
import type { Page as ListPage } from '@andes/contract/common/page';
import { IP_TRUSTLIST_TYPE_SEGMENTS } from '@andes/contract/ip-trustlist/enums';
import { messageList } from '@andes/contract/message/endpoints';
import { paymentLinkGenerate, paymentLinkPage } from '@andes/contract/payment-link/endpoints';
import { chargebackPage } from '@andes/contract/risk/endpoints';
import { shopifyPage } from '@andes/contract/shopify/endpoints';
import { shoplazzaPage } from '@andes/contract/shoplazza/endpoints';
import { subAccountPage } from '@andes/contract/sub-merchant/endpoints';
import { transactionPage } from '@andes/contract/transaction/endpoints';
import { DEEP_QUERY_TYPES } from '@andes/contract/transaction/enums';
import { type APIRequestContext, expect, type Page, type Request, test } from '@playwright/test';
import { newestRequestId } from '../accounting.ts';
import { call, signInToken } from '../api.ts';
import { DEMO } from '../demo-users.ts';
import { AppShell } from '../pages/app-shell.ts';
import { runId, seedChargeback } from '../pages/chargeback-pages.ts';
import { LoginPage } from '../pages/login-page.ts';
import { openCaseId } from '../pages/support-pages.ts';

/*
 * Accessibility (issue 17): axe-core on every screen the web app registers and on the public pages,
 * at desktop and phone width, in English and Chinese. The screens come from the app's own route
 * registry (ROUTE_ENTRIES), so a screen added later is checked without editing this file; a route
 * with parameters needs an entry in PARAMS, or the test fails. A serious or critical violation
 * fails the test; moderate and minor ones are reported as an annotation. Each (viewport, language)
 * signs in once and walks every route, each in its default state once its data has loaded.
 */

/** axe-core's browser script, injected into the page under test (its typings are for the page, not this project). */
const AXE_SOURCE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');

/** What the test reads of a registered screen. */
interface RegisteredRoute {
  /** Absolute path, with `:name` parameters. */
  path: string;
  /** The screen stays mounted (hidden) once visited. */
  keepAlive: boolean;
}

/**
 * The web app's screens: its route registry (apps/web/src/app/route-registry.ts), read as data at
 * run time. It is not imported statically: the e2e project compiles no web code (the import
 * boundaries of scripts/check-boundaries.mjs, and the registry's React typings would clash with the
 * e2e project's), and only the paths and keep-alive flags are used.
 */
const REGISTRY = new URL('../../apps/web/src/app/route-registry.ts', import.meta.url).href;
const { ROUTE_ENTRIES } = (await import(REGISTRY)) as { ROUTE_ENTRIES: readonly RegisteredRoute[] };

interface FillContext {
  request: APIRequestContext;
  token: string;
  country: Country;
}
/** Values for a route's parameters, taken from the demo data. */
type ParamFiller = (ctx: FillContext) => Promise<Record<string, string>>;

/** The id of the newest row a list call answers, in the country shown or else the first country that has one. */
function newestRow(endpoint: Endpoint, body: Record<string, unknown>): ParamFiller {
  return async ({ request, token, country }) => {
    for (const c of [country, ...COUNTRIES.filter((other) => other !== country)]) {
      const answer = await call(request, endpoint, { ...body, country: c, pageSize: 10 } as never, { token });
      if (answer.code !== 200) throw new Error(`${endpoint.path} refused: ${answer.code} ${answer.msg}`);
      const row = (answer.data as ListPage<{ id: number }>).list[0];
      if (row) return { id: String(row.id) };
    }
    throw new Error(`${endpoint.path} has no row in any country to open a detail with`);
  };
}

/**
 * Every registered route with parameters, by its path as registered. A route missing here fails
 * the test rather than being skipped, and so does an entry whose route is no longer registered.
 */
const PARAMS: Readonly<Record<string, ParamFiller>> = {
  '/setting/service-list/:type': async () => ({ type: IP_TRUSTLIST_TYPE_SEGMENTS.DASHBOARD }),
  // A list type's rules (its editor's fields are checked by risk-rules.spec.ts).
  '/risk/risk-configure/detail/:type': async () => ({ type: 'BLOCK' }),
  '/transactions/deep-query/:type': async () => ({ type: DEEP_QUERY_TYPES[0] }),
  '/transactions/detail/:id': newestRow(transactionPage, { list: 'payin' }),
  '/transactions/payment-link-detail/:id': newestRow(paymentLinkPage, {}),
  '/transactions/shopify-detail/:id': newestRow(shopifyPage, {}),
  '/transactions/shoplazza-detail/:id': newestRow(shoplazzaPage, {}),
  // The demo seeds no accounting request: the newest of the country, or one made for the check.
  '/accounting/funding-detail/:id': async ({ request, token, country }) => ({
    id: String(await newestRequestId(request, token, 'TOPUP', country)),
  }),
  '/accounting/withdraws-detail/:id': async ({ request, token, country }) => ({
    id: String(await newestRequestId(request, token, 'WITHDRAWAL', country)),
  }),
  '/accounting/exchange-detail/:id': async ({ request, token, country }) => ({
    id: String(await newestRequestId(request, token, 'EXCHANGE', country)),
  }),
  '/setting/sub-merchant-detail/:id': async ({ request, token, country }) => ({
    id: String(await newestRequestId(request, token, 'SUB_TRANSFER', country)),
  }),
  // The newest chargeback, or (the demo may hold none) one the platform reports for the check.
  '/risk/chargeback-represent-detail/:id': async (ctx) => {
    try {
      return await newestRow(chargebackPage, {})(ctx);
    } catch {
      const id = runId('A11YCB');
      await seedChargeback(ctx.request, {
        uniqueId: id,
        chargebackId: `${id}-CB`,
        merchantReference: `order-${id.toLowerCase()}`,
        reasonCode: 'NOT_RECEIVED',
      });
      return newestRow(chargebackPage, {})(ctx);
    }
  },
  // An open case of the country (opened for the check when there is none): its page and its edit form.
  '/support-center/case-detail/:id': async ({ request, token, country }) => ({ id: String(await openCaseId(request, token, country)) }),
  '/support-center/edit-case/:id': async ({ request, token, country }) => ({ id: String(await openCaseId(request, token, country)) }),
  // The newest message of the demo admin (the demo seeds several).
  '/message-detail/:id': async ({ request, token }) => {
    const answer = await call(request, messageList, { pageSize: 10 } as never, { token });
    if (answer.code !== 200) throw new Error(`${messageList.path} refused: ${answer.code} ${answer.msg}`);
    const row = (answer.data as ListPage<{ id: number }>).list[0];
    if (!row) throw new Error('no message in the demo data');
    return { id: String(row.id) };
  },
  '/sub-merchant/sub-account/summary/:id': async ({ request, token }) => {
    const answer = await call(request, subAccountPage, { pageSize: 10 } as never, { token });
    if (answer.code !== 200) throw new Error(`${subAccountPage.path} refused: ${answer.code} ${answer.msg}`);
    const row = (answer.data as ListPage<{ subMerchantId: number }>).list[0];
    if (!row) throw new Error('no sub-merchant account in the demo data');
    return { id: String(row.subMerchantId) };
  },
};

const PARAM = /:(\w+)\??|\*/g;
const hasParams = (path: string) => /[:*]/.test(path);

/**
 * The registered routes as addresses to open, parameters filled. Kept-alive screens come last: once
 * visited they stay in the page (hidden), and every later audit would walk them again.
 */
async function registeredAddresses(ctx: FillContext): Promise<string[]> {
  const addresses: string[] = [];
  const entries = [...ROUTE_ENTRIES].sort((a, b) => Number(a.keepAlive) - Number(b.keepAlive));
  for (const { path } of entries) {
    if (!hasParams(path)) {
      addresses.push(path);
      continue;
    }
    const filler = PARAMS[path];
    if (!filler) throw new Error(`route ${path} has parameters this test cannot fill: add it to PARAMS in e2e/tests/accessibility.spec.ts`);
    const values = await filler(ctx);
    addresses.push(
      path.replace(PARAM, (token, name: string | undefined) => {
        const value = name === undefined ? undefined : values[name];
        if (value === undefined) throw new Error(`PARAMS gives no value for ${token} of ${path}`);
        return encodeURIComponent(value);
      }),
    );
  }
  return addresses;
}

/** The public pages of the app router (apps/web/src/app/router.tsx), each in a state it opens in. */
const PUBLIC_PAGES = [
  '/login/form',
  '/login/forgetPsw',
  '/login/registerAccount',
  '/login/reset-password?token=not-a-valid-link-token',
  '/login/status?reason=locked',
  '/404',
] as const;
/**
 * A payment link's public page, as its payer opens it: a link of the demo merchant made for the
 * check (the page's other states are the same page with a result in place of the Pay button).
 */
async function payerPagePath(request: APIRequestContext): Promise<string> {
  const token = await signInToken(request, DEMO.admin.username, DEMO.admin.password);
  const answer = await call(
    request,
    paymentLinkGenerate,
    { requestId: runId('a11y-link-'), country: 'BR', productType: 'PIX', amount: 25_000, description: 'Accessibility check' },
    { token },
  );
  if (answer.code !== 200) throw new Error(`${paymentLinkGenerate.path} refused: ${answer.code} ${answer.msg}`);
  return new URL((answer.data as { url: string }).url).pathname;
}

/** Public pages that need a session (the password change), checked once signed in. */
const SIGNED_IN_PUBLIC_PAGES = ['/login/resetPsw'] as const;

interface Violation {
  id: string;
  impact: string | null;
  help: string;
  /** Each node's CSS target. */
  nodes: string[];
}

const BLOCKING = new Set(['serious', 'critical']);

/** Counts the page's requests still in flight. */
function trackRequests(page: Page): () => number {
  const inFlight = new Set<Request>();
  page.on('request', (r) => inFlight.add(r));
  page.on('requestfinished', (r) => inFlight.delete(r));
  page.on('requestfailed', (r) => inFlight.delete(r));
  return () => inFlight.size;
}

/** Shown while code or data loads (hidden kept-alive lists do not count). */
const LOADING = '[aria-busy="true"], .ant-skeleton, .ant-spin-spinning';

/**
 * Waits for a screen's default state: code and data loaded, no spinner or skeleton shown, and
 * nothing requested for a moment (so a screen that loads in steps is not caught between two).
 */
async function settle(page: Page, inFlight: () => number): Promise<void> {
  const loading = page.locator(LOADING).locator('visible=true');
  let quietSince = 0;
  await expect
    .poll(
      async () => {
        if (inFlight() > 0 || (await loading.count()) > 0) quietSince = 0;
        else quietSince ||= Date.now();
        return quietSince > 0 && Date.now() - quietSince >= 150;
      },
      { message: 'the screen finishes loading', intervals: [50] },
    )
    .toBe(true);
}

/**
 * Runs axe-core (every rule but the experimental ones) on what the page shows: hidden content,
 * such as the kept-alive lists of screens visited before, is left out.
 */
async function audit(page: Page): Promise<Violation[]> {
  if (!(await page.evaluate<boolean>('typeof window.axe === "object"'))) await page.evaluate(AXE_SOURCE);
  return page.evaluate<Violation[]>(`
    window.axe.run({ include: [document], exclude: [['[hidden]']] }, { resultTypes: ['violations'], iframes: false }).then((r) =>
      r.violations.map((v) => ({
        id: v.id,
        impact: v.impact ?? null,
        help: v.help,
        nodes: v.nodes.map((n) => n.target.map((t) => (Array.isArray(t) ? t.join(' >>> ') : t)).join(' ')),
      })),
    )`);
}

/** The violations of one severity class, by page: rule id, impact, node count, a help line and the first targets. */
function report(findings: ReadonlyMap<string, Violation[]>, blocking: boolean): string {
  const lines: string[] = [];
  for (const [where, violations] of findings) {
    const shown = violations.filter((v) => BLOCKING.has(v.impact ?? '') === blocking);
    if (shown.length === 0) continue;
    lines.push(where);
    for (const v of shown) {
      const more = v.nodes.length > 5 ? ` | … ${v.nodes.length - 5} more` : '';
      lines.push(`  ${v.id} (${v.impact}, ${v.nodes.length} node${v.nodes.length === 1 ? '' : 's'}): ${v.help}`);
      lines.push(`    ${v.nodes.slice(0, 5).join(' | ')}${more}`);
    }
  }
  return lines.join('\n');
}

test('every registered route with parameters has values to fill them, and no filler is stale', () => {
  const withParams = ROUTE_ENTRIES.filter((entry) => hasParams(entry.path)).map((entry) => entry.path);
  expect(ROUTE_ENTRIES.length).toBeGreaterThan(0);
  expect(
    withParams.filter((path) => !(path in PARAMS)),
    'registered routes with parameters and no filler',
  ).toEqual([]);
  expect(
    Object.keys(PARAMS).filter((path) => !withParams.includes(path)),
    'fillers of routes that are not registered',
  ).toEqual([]);
});

const VIEWPORTS = [
  { name: 'desktop', use: { viewport: { width: 1280, height: 800 }, isMobile: false, hasTouch: false } },
  { name: 'phone 390 px', use: { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true } },
] as const;
const LANGUAGES = ['en', 'zh-CN'] as const;

// A trace of thirty screens, each with axe's 0.6 MB script, would be large and slow; the failure
// message names each violation and where it is.
test.use({ trace: 'off' });

test.describe('axe-core finds no serious or critical violation', () => {
  test.describe.configure({ mode: 'parallel' });

  for (const viewport of VIEWPORTS) {
    for (const language of LANGUAGES) {
      test(`on every screen, ${viewport.name}, ${language}`, async ({ browser }) => {
        test.setTimeout(180_000);
        // Reduced motion: antd then skips its animations, so no audit catches a menu or a colour mid-transition.
        const context = await browser.newContext({ ...viewport.use, locale: language, reducedMotion: 'reduce' });
        const page = await context.newPage();
        const inFlight = trackRequests(page);
        const findings = new Map<string, Violation[]>();
        const check = async (where: string) => {
          await settle(page, inFlight);
          await expect(page.locator('html'), `${where} is in ${language}`).toHaveAttribute('lang', language);
          await expect(page.locator('.andes-result'), `${where} shows no error screen`).toHaveCount(0);
          findings.set(where, await audit(page));
        };
        // Through the app's router, as a click on a link would: no reload between pages.
        const open = async (address: string) => {
          await page.evaluate(`history.pushState(null, '', ${JSON.stringify(address)}); dispatchEvent(new PopStateEvent('popstate'))`);
          const [pathname, search = ''] = address.split('?');
          await expect(page, `${address} opens`).toHaveURL((url) => url.pathname === pathname && url.search === (search && `?${search}`));
        };
        try {
          // Signed out: the language is chosen on the sign-in page, as a user would.
          const login = new LoginPage(page);
          await login.open();
          const shell = new AppShell(page);
          if (language !== 'en') await shell.languageSwitch.selectOption(language);
          for (const path of [...PUBLIC_PAGES, await payerPagePath(page.request)]) {
            await open(path);
            await check(path);
          }

          await open('/login/form');
          await login.signIn(DEMO.admin.username, DEMO.admin.password);
          await shell.waitUntilReady();
          const country: Country = 'BR';
          if (await shell.mobileLayout.isVisible()) {
            await page.getByRole('button', { name: /^(Open menu|打开菜单)$/ }).click();
            await shell.countrySelect.selectOption(country);
            await page.keyboard.press('Escape');
            await expect(shell.mainMenu).toBeHidden();
          } else {
            await shell.countrySelect.selectOption(country);
          }

          const addresses = await registeredAddresses({ request: page.request, token: await shell.token(), country });
          for (const address of [...addresses, ...SIGNED_IN_PUBLIC_PAGES]) {
            await open(address);
            await check(address);
          }
        } finally {
          await context.close();
        }

        const minor = report(findings, false);
        if (minor) test.info().annotations.push({ type: 'moderate or minor accessibility violations', description: minor });
        await test.info().attach('axe-violations.json', {
          body: JSON.stringify(Object.fromEntries(findings), null, 2),
          contentType: 'application/json',
        });
        const blocking = report(findings, true);
        expect(blocking === '', `serious or critical accessibility violations (${viewport.name}, ${language}):\n${blocking}`).toBe(true);
      });
    }
  }
});
