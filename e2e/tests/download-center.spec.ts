import { readFileSync } from 'node:fs';
import { addDays, todayIn } from '@andes/contract/common/dates';
import { centsToUnitsString } from '@andes/contract/common/money';
import { expect, test } from '@playwright/test';
import { parseCsv } from '../csv.ts';
import { outbox } from '../outbox.ts';
import { signInAsAdmin } from '../pages/app-shell.ts';
import { TransactionListPage } from '../pages/transactions-page.ts';

/*
 * Issue 9: an export larger than a direct download goes through the download center. The test
 * server sends more than ANDES_DIRECT_EXPORT_MAX_ROWS rows there (200, start-server.mjs), so the short
 * e2e history takes the same route as a million-row export does in production.
 */

test('a large export is counted, prepared in the download center, and its file proves the counted rows and totals', async ({ page }) => {
  const zone = 'America/Sao_Paulo';
  await signInAsAdmin(page, 'BR');
  // About five months of pay-ins up to yesterday: more rows than the test server downloads at once,
  // and none that other tests create meanwhile (those are today's), so the counted figures hold.
  const to = addDays(todayIn(zone), -1);
  const from = addDays(to, -140);
  await page.goto(`/transactions/payin?createdAt=${from}~${to}`);
  const list = new TransactionListPage(page, 'Pay-in');
  await expect(list.rows.first()).toBeVisible();

  await page
    .getByRole('main')
    .getByRole('button', { name: /Export/ })
    .click();
  await page.getByRole('menuitem', { name: 'CSV' }).click();
  const dialog = page.getByRole('dialog', { name: 'Export CSV' });
  const figures = dialog.locator('.ant-descriptions');
  await expect(figures).toBeVisible();
  await expect(dialog.getByText(/^More than [\d,]+ rows: the file will be prepared in the download center/)).toBeVisible();
  // The pre-flight figures: rows and the BRL total.
  const counted = {
    rows: Number((await figures.locator('tr', { hasText: /^Rows/ }).locator('td').innerText()).replace(/,/g, '')),
    brl: centsToUnitsString(
      Number(await figures.locator('tr', { hasText: 'Total BRL' }).locator('[data-amount]').getAttribute('data-amount')),
    ),
  };
  expect(counted.rows).toBeGreaterThan(0);

  // A double click queues one task (the dialog's idempotency key).
  await dialog.getByRole('button', { name: 'Prepare in the download center' }).dblclick();
  const created = dialog.getByText(/ is being prepared in the download center\.$/);
  await expect(created).toBeVisible();
  const fileName = (await created.innerText()).replace(/ is being prepared in the download center\.$/, '');
  expect(fileName).toMatch(/^transactions-payin-BR-.*\.csv$/);
  await dialog.getByRole('link', { name: 'Open the download center' }).click();
  await expect(page).toHaveURL(/\/download-center$/);

  // The task appears once, and the screen follows it to Complete without a reload.
  const row = page.locator('tbody tr.ant-table-row', { hasText: fileName });
  await expect(row).toHaveCount(1);
  await expect(row.getByText('Complete', { exact: true })).toBeVisible({ timeout: 30_000 });
  const headers = (await page.getByRole('main').locator('thead th').allInnerTexts()).map((h) => h.trim());
  await expect(row.locator(`td:nth-child(${headers.indexOf('Rows') + 1})`)).toHaveText(counted.rows.toLocaleString('en-US'));

  // Its proof: the figures counted before writing equal the file's, line by line.
  await row.getByRole('button', { name: /Expand row|Proof of completeness/ }).click();
  const proof = page.getByRole('region', { name: 'Proof of completeness' });
  await expect(proof.getByText(/^Matches: the file holds exactly the rows and the totals/)).toBeVisible();
  const shown = (await proof.locator('code').innerText()).trim();
  expect(shown).toMatch(/^[0-9a-f]{64}$/);

  // The file, through a one-time link: its trailer carries the same figures and hash.
  const downloading = page.waitForEvent('download');
  await row.getByRole('button', { name: `Download ${fileName}` }).click();
  const download = await downloading;
  expect(download.suggestedFilename()).toBe(fileName);
  const text = readFileSync(await download.path(), 'utf8');
  const lines = parseCsv(text.replace(/^\uFEFF/, ''));
  const trailer = new Map(lines.filter((cells) => cells.length === 2).map(([k, v]) => [k, v]));
  expect(trailer.get('Data rows')).toBe(String(counted.rows));
  expect(trailer.get('Total BRL')).toBe(counted.brl);
  expect(trailer.get('SHA-256 of the data rows (CSV lines)')).toBe(shown);
  // Header + data rows + a blank line + the trailer.
  const dataRows = lines.slice(
    1,
    lines.findIndex((cells) => cells.length === 1 && cells[0] === ''),
  );
  expect(dataRows).toHaveLength(counted.rows);

  // The creator is told by e-mail, with a link to the download center and never the file.
  await expect
    .poll(() => outbox().find((mail) => mail.subject.includes(fileName)))
    .toMatchObject({ to: 'ana.admin@andes-demo.test', text: expect.stringContaining('/download-center') });
});
