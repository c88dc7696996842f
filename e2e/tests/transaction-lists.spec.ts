import { randomUUID } from 'node:crypto';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import type { Endpoint } from '@andes/contract/common/define-endpoint';
import { formatCents } from '@andes/contract/common/money';
import { paymentLinkPage } from '@andes/contract/payment-link/endpoints';
import { shopifyPage } from '@andes/contract/shopify/endpoints';
import { shoplazzaPage } from '@andes/contract/shoplazza/endpoints';
import { transactionPage } from '@andes/contract/transaction/endpoints';
import type { TransactionPage } from '@andes/contract/transaction/schemas';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { call } from '../api.ts';
import { type AppShell, signInAsAdmin } from '../pages/app-shell.ts';
import { TransactionDetailPage, TransactionListPage } from '../pages/transactions-page.ts';
import { type SeedOutcome, seedTransaction } from '../platform.ts';

/*
 * The transaction lists against the real server (issue 5). Each test seeds the rows it needs through
 * the platform's ingestion API, in a country and list no other browser test writes to, and never in
 * Brazil, where Home's test watches the balances; lists it only reads (the Mexican pay-ins) are
 * compared with what the server answers at the same moment.
 */

/** Opens a list through the side menu (the Transactions group expanded first when closed). */
async function openFromMenu(page: Page, shell: AppShell, menuLabel: string, path: string): Promise<void> {
  const link = shell.mainMenu.getByRole('link', { name: menuLabel, exact: true });
  if (!(await link.isVisible())) await shell.mainMenu.getByRole('menuitem', { name: /Transactions/ }).click();
  await link.click();
  await expect(page).toHaveURL(new RegExp(`${path}(\\?|$)`));
}

/** How far the page is scrolled (the window scrolls; every screen shares it). */
const scrollTop = (page: Page) => page.evaluate<number>('window.scrollY');
const money = (cents: number, country: Country) => formatCents(cents, COUNTRY_INFO[country].currency);
const seedId = (prefix: string) => `E2E-${prefix}-${randomUUID().slice(0, 8)}`;

interface ListCase {
  /** The list's title on its page. */
  title: string;
  /** Its entry in the side menu; the holding page has none (the pay-in list links to it). */
  menu: string | null;
  path: string;
  country: Country;
  /** The transaction a seeded row is. */
  seed: (uniqueId: string) => Parameters<typeof seedTransaction>[1];
  outcome: SeedOutcome;
  /** The simple-search chip the test applies: field, option label, its code, the request key and the column showing it. */
  filter: { field: 'Status' | 'Product type'; option: string; code: string; key: 'statuses' | 'productTypes'; column: string };
  /** The contract endpoint the list calls, and the request's own keys. */
  endpoint: Endpoint;
  request: Record<string, unknown>;
}

const LISTS: ListCase[] = [
  {
    title: 'Payout',
    menu: 'Payout',
    path: '/transactions/payout',
    country: 'CO',
    seed: (uniqueId) => ({
      uniqueId,
      transactionType: 'PAY_OUT',
      country: 'CO',
      currency: 'COP',
      productType: 'CO_BANK_TRANSFER',
      amount: 2_345,
      beneficiary: { name: 'Camila Rojas', document: '1020304050', documentType: 'CC' },
    }),
    outcome: { payout: 'FAILED' },
    filter: { field: 'Status', option: 'Failed', code: 'FAILED', key: 'statuses', column: 'Status' },
    endpoint: transactionPage,
    request: { list: 'payout' },
  },
  {
    title: 'Marketplace',
    menu: 'Marketplace',
    path: '/transactions/market-place',
    country: 'MX',
    seed: (uniqueId) => ({
      uniqueId,
      transactionType: 'MARKET_PLACE_ORDERS',
      country: 'MX',
      currency: 'MXN',
      productType: 'SPEI',
      amount: 3_456,
      beneficiary: { name: 'Lucía Hernández', document: 'HELU800101ABC', documentType: 'RFC' },
    }),
    outcome: { payout: 'CANCELLED' },
    filter: { field: 'Status', option: 'Cancelled', code: 'CANCELLED', key: 'statuses', column: 'Status' },
    endpoint: transactionPage,
    request: { list: 'market-place' },
  },
  {
    title: 'Payment link',
    menu: 'Payment Link',
    path: '/transactions/payment-link',
    country: 'CL',
    seed: (uniqueId) => ({
      uniqueId,
      transactionType: 'PAY_IN',
      country: 'CL',
      currency: 'CLP',
      productType: 'CL_BANK_TRANSFER',
      amount: 150_000,
      paymentLinkId: `PL-${uniqueId.slice(-8)}`,
      payer: { name: 'Matías Soto', document: '12345678-5', documentType: 'RUT' },
    }),
    outcome: { payin: 'EXPIRED' },
    filter: { field: 'Status', option: 'Expired', code: 'EXPIRED', key: 'statuses', column: 'Status' },
    endpoint: paymentLinkPage,
    request: {},
  },
  {
    title: 'Shopify',
    menu: 'Shopify',
    path: '/transactions/shopify',
    country: 'PE',
    seed: (uniqueId) => ({
      uniqueId,
      transactionType: 'PAY_IN',
      country: 'PE',
      currency: 'PEN',
      productType: 'PAGO_EFECTIVO',
      amount: 8_990,
      storeOrder: {
        platform: 'SHOPIFY',
        shopDomain: 'andes-e2e.myshopify.com',
        orderId: uniqueId.slice(-8),
        orderName: `#${uniqueId.slice(-4)}`,
      },
      payer: { name: 'Rosa Quispe', email: 'rosa.quispe@example.com' },
    }),
    outcome: { payin: 'REJECTED' },
    filter: { field: 'Status', option: 'Rejected', code: 'REJECTED', key: 'statuses', column: 'Status' },
    endpoint: shopifyPage,
    request: {},
  },
  {
    title: 'Shoplazza',
    menu: 'Shoplazza',
    path: '/transactions/shoplazza',
    country: 'ZA',
    seed: (uniqueId) => ({
      uniqueId,
      transactionType: 'PAY_IN',
      country: 'ZA',
      currency: 'ZAR',
      productType: 'CARD',
      amount: 12_500,
      storeOrder: { platform: 'SHOPLAZZA', shopDomain: 'andes-e2e.myshoplaza.com', orderId: uniqueId.slice(-8) },
      payer: { name: 'Thandi Nkosi' },
    }),
    outcome: { payin: 'FAILED' },
    filter: { field: 'Status', option: 'Failed', code: 'FAILED', key: 'statuses', column: 'Status' },
    endpoint: shoplazzaPage,
    request: {},
  },
  {
    title: 'Holding page',
    menu: null,
    path: '/transactions/holding-page',
    country: 'CO',
    seed: (uniqueId) => ({
      uniqueId,
      transactionType: 'PAY_IN',
      country: 'CO',
      currency: 'COP',
      productType: 'PSE',
      amount: 45_600,
      payer: { name: 'Andrés Gómez', document: '79123456', documentType: 'CC' },
    }),
    outcome: 'SETTLED_AND_HELD',
    filter: { field: 'Product type', option: 'PSE', code: 'PSE', key: 'productTypes', column: 'Product type' },
    endpoint: transactionPage,
    request: { list: 'holding-page', holdStatus: 1 },
  },
];

for (const c of LISTS) {
  test(`the ${c.title} list filters by ${c.filter.field.toLowerCase()} in the URL and shows what the server answers`, async ({
    page,
    request,
  }) => {
    const seeded = [seedId(c.country), seedId(c.country)];
    for (const uniqueId of seeded) await seedTransaction(request, c.seed(uniqueId), c.outcome);
    const shell = await signInAsAdmin(page, c.country);
    if (c.menu) {
      await openFromMenu(page, shell, c.menu, c.path);
    } else {
      await openFromMenu(page, shell, 'Pay-in', '/transactions/payin');
      await page.getByRole('main').getByRole('link', { name: c.title, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${c.path}$`));
    }
    const list = new TransactionListPage(page, c.title);
    await expect(list.heading).toBeVisible();
    // The rows are real: the seeded one (newest first) with its amount in the country's currency.
    const newest = list.rows.filter({ hasText: seeded[1] });
    await expect(newest).toContainText(money(c.seed(seeded[1] as string).amount, c.country));

    await list.filter(c.filter.field, [c.filter.option]);
    await expect(page).toHaveURL(new RegExp(`[?&]${c.filter.key}=${c.filter.code}(&|$)`));

    // The same filter straight from the server, as the signed-in user.
    const zone = COUNTRY_INFO[c.country].timezoneName;
    const body = {
      ...c.request,
      country: c.country,
      createdAt: await list.createdRange(zone),
      [c.filter.key]: [c.filter.code],
      pageSize: 20,
    };
    const answer = await call(request, c.endpoint, body as never, { token: await shell.token() });
    expect(answer.code, answer.msg).toBe(200);
    const server = answer.data as TransactionPage;
    expect(server.total).toBeGreaterThanOrEqual(seeded.length);

    await expect(list.totalText).toHaveText(`Total ${server.total.toLocaleString('en-US')}`);
    const shown = Math.min(server.total, 20);
    await expect(list.rows).toHaveCount(shown);
    await expect(await list.column(c.filter.column)).toHaveText(Array<string>(shown).fill(c.filter.option));
    expect(await list.uniqueIds()).toEqual(server.list.map((row) => row.uniqueId));
    expect(await list.uniqueIds()).toEqual(expect.arrayContaining(seeded));
  });
}

test('a Shopify order opens its detail from the list with its fields and history, and in a new tab without a back button', async ({
  page,
  request,
}) => {
  const uniqueId = seedId('PE');
  const orderId = uniqueId.slice(-8);
  await seedTransaction(
    request,
    {
      uniqueId,
      transactionType: 'PAY_IN',
      country: 'PE',
      currency: 'PEN',
      productType: 'BCP',
      amount: 19_990,
      storeOrder: { platform: 'SHOPIFY', shopDomain: 'andes-detail.myshopify.com', orderId, orderName: `#D${orderId}` },
      payer: { name: 'Rosa Quispe', email: 'rosa.quispe@example.com' },
      description: 'Two alpaca scarves',
    },
    { payin: 'CANCELLED' },
  );
  const shell = await signInAsAdmin(page, 'PE');
  await openFromMenu(page, shell, 'Shopify', '/transactions/shopify');
  const list = new TransactionListPage(page, 'Shopify');
  await list.detailLink(uniqueId).click();

  await expect(page).toHaveURL(/\/transactions\/shopify-detail\/\d+$/);
  const detail = new TransactionDetailPage(page);
  await expect(detail.heading(uniqueId)).toBeVisible();
  await expect(detail.backButton).toBeVisible();
  const overview = detail.section('Overview');
  await expect(detail.field(overview, 'Status')).toHaveText('Cancelled');
  await expect(detail.field(overview, 'Product type')).toHaveText('BCP');
  await expect(detail.field(overview, 'Country')).toHaveText('Peru');
  await expect(detail.field(overview, 'Description')).toHaveText('Two alpaca scarves');
  await expect(detail.field(detail.section('Amounts'), 'Amount')).toHaveText(money(19_990, 'PE'));
  const store = detail.section('Store order');
  await expect(detail.field(store, 'Platform')).toHaveText('Shopify');
  await expect(detail.field(store, 'Shop domain')).toHaveText('andes-detail.myshopify.com');
  await expect(detail.field(store, 'Order id')).toHaveText(orderId);
  await expect(detail.field(store, 'Order name')).toHaveText(`#D${orderId}`);
  await expect(detail.field(detail.section('Payer'), 'Name')).toHaveText('Rosa Quispe');
  // The history: created in progress, then the platform's status change with its reason.
  await expect(detail.section(/^History \(America\/Lima/)).toBeVisible();
  await expect(detail.historyEntries).toHaveCount(2);
  await expect(detail.historyEntries.nth(0)).toContainText('Created');
  await expect(detail.historyEntries.nth(0)).toContainText('In progress');
  await expect(detail.historyEntries.nth(1)).toContainText('Status changed');
  await expect(detail.historyEntries.nth(1)).toContainText('Cancelled');
  await expect(detail.historyEntries.nth(1)).toContainText('Reason: Seeded by a browser test');

  await detail.backButton.click();
  await expect(page).toHaveURL(/\/transactions\/shopify$/);
  await expect(list.heading).toBeVisible();

  // "Open in new tab": the same detail, with nothing to go back to.
  const opening = page.context().waitForEvent('page');
  await list.newTabLink(uniqueId).click();
  const tab = await opening;
  await expect(tab).toHaveURL(/\/transactions\/shopify-detail\/\d+\?hideBack=1$/);
  const inTab = new TransactionDetailPage(tab);
  await expect(inTab.heading(uniqueId)).toBeVisible();
  await expect(inTab.field(inTab.section('Store order'), 'Order id')).toHaveText(orderId);
  await expect(inTab.backButton).toHaveCount(0);
  await tab.close();
});

test.describe('a kept-alive list', () => {
  /** Pay-in list in Mexico filtered to settled pay-ins, on page 2, scrolled to a row near the bottom; returns that row. */
  async function filteredPageTwo(page: Page) {
    const shell = await signInAsAdmin(page, 'MX');
    await openFromMenu(page, shell, 'Pay-in', '/transactions/payin');
    const list = new TransactionListPage(page, 'Pay-in');
    await expect(list.rows.first()).toBeVisible();
    await list.filter('Status', ['Settled']);
    // Page 2 needs a 17th row to scroll to (ids[16] below).
    const total = await list.total();
    expect(total, 'the demo week holds well over one page of settled Mexican pay-ins').toBeGreaterThan(36);
    await list.pager.getByRole('button', { name: 'Next page' }).click();
    await expect(list.pageNumber).toHaveText('Page 2');
    await expect(page).toHaveURL(/[?&]page=2&cursor=[^&]+/);
    await expect(list.rows).toHaveCount(Math.min(20, total - 20));
    const ids = await list.uniqueIds();
    const target = ids[16] as string;
    await list.detailLink(target).scrollIntoViewIfNeeded();
    const scrollY = await scrollTop(page);
    expect(scrollY).toBeGreaterThan(200);
    return { shell, list, ids, target, scrollY, url: page.url() };
  }

  async function expectKept(page: Page, list: TransactionListPage, kept: { ids: string[]; scrollY: number; url: string }) {
    await expect(list.heading).toBeVisible();
    // The address changes with the navigation itself: no need to wait long for it.
    await expect(page).toHaveURL(kept.url, { timeout: 3_000 });
    await expect(list.chip('Status')).toHaveText('Status: Settled');
    await expect(list.pageNumber).toHaveText('Page 2');
    expect(await list.uniqueIds()).toEqual(kept.ids);
    await expect.poll(() => scrollTop(page)).toBe(kept.scrollY);
  }

  test('keeps filter, page and scroll when the browser goes back from a detail', async ({ page }) => {
    const kept = await filteredPageTwo(page);
    await kept.list.detailLink(kept.target).click();
    await expect(new TransactionDetailPage(page).heading(kept.target)).toBeVisible();
    await page.goBack();
    await expectKept(page, kept.list, kept);
  });

  test('keeps filter, page and scroll when the side menu leads back to it', async ({ page }) => {
    const kept = await filteredPageTwo(page);
    await kept.list.detailLink(kept.target).click();
    await expect(new TransactionDetailPage(page).heading(kept.target)).toBeVisible();
    await kept.shell.mainMenu.getByRole('link', { name: 'Pay-in', exact: true }).click();
    await expectKept(page, kept.list, kept);
  });
});

test('the pay-in list exports its rows as an XLSX a spreadsheet opens, times named in the zone and amounts in units', async ({ page }) => {
  const shell = await signInAsAdmin(page, 'MX');
  await openFromMenu(page, shell, 'Pay-in', '/transactions/payin');
  const list = new TransactionListPage(page, 'Pay-in');
  await expect(list.rows.first()).toBeVisible();
  const total = await list.total();
  expect(total).toBeGreaterThan(0);
  const known = list.rows.nth(0);
  const knownId = (await known.getByRole('link').first().innerText()).trim();
  const knownCents = Number(await known.locator('[data-amount]').first().getAttribute('data-amount'));
  expect(knownCents).toBeGreaterThan(0);

  await page
    .getByRole('main')
    .getByRole('button', { name: /Export/ })
    .click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'Excel (XLSX)' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/^transactions-payin-MX-.*\.xlsx$/);

  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.readFile(await download.path());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error('the workbook has no sheet');
  // Row values are 1-based (index 0 is empty).
  const header = Array.from(sheet.getRow(1).values as unknown[], (v) => (v === null || v === undefined ? '' : String(v)));
  expect(header.find((h) => h.startsWith('Submit time'))).toMatch(/^Submit time \(America\/Mexico_City, UTC-\d+\)$/);
  const idColumn = header.indexOf('Unique ID');
  const amountColumn = header.indexOf('Amount');
  expect(idColumn).toBeGreaterThan(0);
  expect(amountColumn).toBeGreaterThan(0);
  const rows: unknown[][] = [];
  sheet.eachRow((row, n) => {
    if (n > 1) rows.push(row.values as unknown[]);
  });
  expect(rows).toHaveLength(total);
  const row = rows.find((r) => r[idColumn] === knownId);
  expect(row, `row ${knownId} in the file`).toBeDefined();
  expect(typeof row?.[amountColumn]).toBe('number');
  expect(Math.round((row?.[amountColumn] as number) * 100)).toBe(knownCents);
});
