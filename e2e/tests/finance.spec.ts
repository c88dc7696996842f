import { readFileSync } from 'node:fs';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { parseCsv } from '../csv.ts';
import { signInAsAdmin } from '../pages/app-shell.ts';

/** The cents of every amount a row shows, in column order (zero amounts show a placeholder and are left out). */
async function amountsOf(row: Locator): Promise<number[]> {
  return (await row.locator('[data-amount]').evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-amount'))))) as number[];
}

/** A CSV amount in currency units (`-1234.50`) as cents. */
const centsOf = (units: string) => Math.round(Number(units) * 100);

async function statementRows(page: Page): Promise<Locator> {
  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  return rows;
}

test('a statement filtered to one transaction, downloaded and opened, has the same lines and balances as the screen', async ({ page }) => {
  await signInAsAdmin(page, 'BR');
  await page.goto('/finance/payin');
  let rows = await statementRows(page);
  await expect(page.getByText('America/Sao_Paulo').first()).toBeVisible();

  // The newest transaction's line (lines of accounting requests, which other tests make, have no
  // transaction to link to), its transaction searched for by its unique id.
  const uniqueId = (await rows.getByRole('link').first().innerText()).trim();
  expect(uniqueId).not.toBe('');
  await page.getByLabel('Transaction or reference').fill(uniqueId);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page).toHaveURL(new RegExp(`keyword=${uniqueId}`));
  rows = await statementRows(page);
  // The filtered page has replaced the week's: every line is the transaction's.
  await expect(rows.filter({ hasNotText: uniqueId })).toHaveCount(0);
  const count = await rows.count();
  expect(count).toBeGreaterThanOrEqual(1);
  const screen: { amounts: number[]; balance: number }[] = [];
  for (let i = 0; i < count; i++) {
    const row = rows.nth(i);
    await expect(row).toContainText(uniqueId);
    const amounts = await amountsOf(row);
    // In or out (one of them), then the balance after the line.
    expect(amounts.length).toBe(2);
    screen.push({ amounts, balance: amounts[1] as number });
  }

  await page.getByRole('button', { name: 'Download' }).click();
  const downloading = page.waitForEvent('download');
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toMatch(/\.csv$/);
  const text = readFileSync(await download.path(), 'utf8');
  expect(text.charCodeAt(0)).toBe(0xfeff);
  const table = parseCsv(text.slice(1));
  expect(table.some((r) => r.some((c) => c.includes('America/Sao_Paulo')))).toBe(true);
  const header = table.findIndex((r) => (r[0] ?? '').startsWith('Booked at'));
  expect(header).toBeGreaterThan(0);
  const columns = table[header] as string[];
  const col = (name: string) => columns.findIndex((c) => c === name || c.startsWith(`${name} (`));
  const lines = table.slice(header + 1).filter((r) => /^\d{4}-\d{2}-\d{2} /.test(r[0] ?? ''));
  // The file is oldest first; the screen newest first: the same lines, the same balances.
  expect(lines.length).toBe(count);
  const file = lines.reverse().map((r) => ({
    uniqueId: r[col('Unique ID')],
    moved: centsOf(r[col('In')] ?? '') - centsOf(r[col('Out')] ?? ''),
    balance: centsOf(r[col('Balance after')] ?? ''),
  }));
  for (let i = 0; i < count; i++) {
    const shown = screen[i] as { amounts: number[]; balance: number };
    const written = file[i] as { uniqueId?: string; moved: number; balance: number };
    expect(written.uniqueId).toBe(uniqueId);
    expect(written.balance).toBe(shown.balance);
    expect(Math.abs(written.moved)).toBe(shown.amounts[0]);
  }
});

test('the reconciliation panel proves the week’s statement against the ledger and the transactions', async ({ page }) => {
  await signInAsAdmin(page, 'BR');
  await page.goto('/finance/payin');
  await statementRows(page);
  await page.getByRole('button', { name: 'Reconciliation' }).click();
  const drawer = page.getByRole('dialog');
  await expect(drawer).toBeVisible();
  await expect(drawer.getByText('Balanced', { exact: true })).toBeVisible();
  await expect(drawer.getByText(/the transactions agree/)).toBeVisible();
  await expect(drawer.getByText('Differences found')).toHaveCount(0);
  // Pay-ins were settled this week: the category is there with no difference.
  await expect(
    drawer
      .getByRole('row')
      .filter({ hasText: /Pay-in/ })
      .first(),
  ).toBeVisible();
});

test('a report link downloads the daily report once, without signing in, and then no more', async ({ page, playwright }) => {
  await signInAsAdmin(page, 'BR');
  await page.goto('/reports/payin');
  await expect(page.locator('tbody tr.ant-table-row').first()).toBeVisible();
  await page.getByRole('button', { name: 'Share link' }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('button', { name: 'Create link' }).click();
  const field = dialog.getByRole('textbox', { name: 'Report link' });
  await expect(field).toHaveValue(/\/files\/report-links\//);
  const url = await field.inputValue();
  await expect(dialog.getByText(/works once/)).toBeVisible();

  // Someone else, with no session: a fresh request context.
  const stranger = await playwright.request.newContext();
  try {
    const first = await stranger.get(url);
    expect(first.status()).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load((await first.body()) as unknown as ArrayBuffer);
    const sheet = book.worksheets[0];
    const cells: string[] = [];
    sheet?.eachRow((row) => {
      row.eachCell((cell) => {
        cells.push(String(cell.value ?? ''));
      });
    });
    expect(cells.some((c) => c.includes('America/Sao_Paulo'))).toBe(true);
    const again = await stranger.get(url);
    expect(again.status()).toBe(404);
    expect(await again.text()).toContain('not valid');
  } finally {
    await stranger.dispose();
  }
});

test('a sub-merchant’s daily summary chains day to day and ends on the balance the list shows', async ({ page }) => {
  await signInAsAdmin(page, 'BR');
  await page.goto('/sub-merchant');
  const listRows = page.locator('tbody tr.ant-table-row');
  await expect(listRows.first()).toBeVisible();
  // The demo's Brazilian sub-merchant: its balance is the list's "Balance" column (the row's first amount).
  const row = listRows.filter({ hasText: 'ANDES-DEMO-BR' }).filter({ hasText: 'Brazil' }).first();
  await expect(row).toBeVisible();
  const [listBalance] = await amountsOf(row);
  await row.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/sub-merchant\/sub-account\/summary\/\d+/);
  // The list stays in the page, hidden (kept alive): the summary's own table only.
  const days = page.getByRole('region', { name: 'Days of the period' }).locator('tbody tr.ant-table-row');
  await expect(days.first()).toBeVisible();
  const n = await days.count();
  expect(n).toBeGreaterThan(1);
  const figures: number[][] = [];
  for (let i = 0; i < n; i++) figures.push(await amountsOf(days.nth(i)));
  for (const f of figures) {
    // Begin balance first, end balance last: begin + the day's columns = end.
    const begin = f[0] as number;
    const end = f.at(-1) as number;
    expect(begin + f.slice(1, -1).reduce((s, x) => s + x, 0)).toBe(end);
  }
  // Newest first: a day's begin balance is the previous day's end balance.
  for (let i = 0; i + 1 < n; i++) expect((figures[i] as number[])[0]).toBe((figures[i + 1] as number[]).at(-1));
  // Today's end balance is the balance the list showed.
  expect((figures[0] as number[]).at(-1)).toBe(listBalance);
});
