import { writeFileSync } from 'node:fs';
import { ATTACHMENT_MAX_BYTES } from '@andes/contract/common/constants';
import type { Country } from '@andes/contract/common/countries';
import { expect, type Locator, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { DEMO } from '../demo-users.ts';
import { codeMailedTo, outbox } from '../outbox.ts';
import { chooseOptions } from '../pages/antd.ts';
import { AppShell, signInAsAdmin } from '../pages/app-shell.ts';
import { LoginPage } from '../pages/login-page.ts';
import { claimAndSettlePayouts } from '../platform.ts';

/*
 * Issue 11: payouts made by the payout operator with the code e-mailed to them, approved by
 * another person, and paid by the platform (played here through the platform API); a batch file
 * whose errors are shown inline, fixed and uploaded again; the list on a phone. Issue 9: the batch
 * tool's upload progress and its size refusal.
 */

const OPERATOR_EMAIL = 'paula.payout@andes-demo.test';
const ADMIN_EMAIL = 'ana.admin@andes-demo.test';
const CODE_SUBJECT = /payout verification code/;

async function signIn(page: Page, user: { username: string; password: string }, country: Country): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(user.username, user.password);
  const shell = new AppShell(page);
  await shell.waitUntilReady();
  await shell.countrySelect.selectOption(country);
}

function payoutRow(page: Page, uniqueId: string): Locator {
  return page.getByRole('main').locator('tr.ant-table-row', { hasText: uniqueId });
}

test('a payout made with the e-mailed code is approved by another person and settled by the platform', async ({ browser, request }) => {
  // Two people sign in and the platform plays its part: three times the default time on a loaded machine.
  test.slow();
  const operator = await browser.newPage();
  await signIn(operator, DEMO.payout, 'BR');
  await operator.goto('/payment/payout');
  await operator.getByRole('button', { name: 'New payout' }).click();
  const drawer = operator.getByRole('dialog', { name: 'New payout' });
  await drawer.getByRole('radio', { name: 'PIX' }).check();
  await drawer.getByLabel('Amount (BRL)').fill('123.456');
  // The amount normaliser keeps two decimals as the person types.
  await expect(drawer.getByLabel('Amount (BRL)')).toHaveValue('123.45');
  const reference = `e2e-single-${Date.now()}`;
  await drawer.getByRole('textbox', { name: /^Merchant reference/ }).fill(reference);
  await drawer.getByLabel('Beneficiary name').fill('Ana Souza');
  // A CPF with a wrong check digit is refused on the form, with the register's rule in words.
  await drawer.getByLabel('CPF or CNPJ').fill('123.456.789-00');
  await drawer.getByRole('button', { name: 'Review' }).click();
  await expect(drawer.getByText(/Enter a valid CPF \(11 digits\) or CNPJ/)).toBeVisible();
  await drawer.getByLabel('CPF or CNPJ').fill('123.456.789-09');
  await chooseOptions(operator, drawer.getByRole('combobox', { name: 'PIX key type' }), ['E-mail']);
  await drawer.getByLabel('PIX key', { exact: true }).fill('ana.souza@example.com');
  await drawer.getByRole('button', { name: 'Review' }).click();

  // The quote: amount, fee, VAT and the balance before and after, before anything is created.
  const quote = drawer.locator('.ant-descriptions', { hasText: 'Total reserved' });
  await expect(quote).toBeVisible();
  await expect(quote.locator('tr', { hasText: /^Amount/ })).toContainText('R$ 123.45');
  await expect(quote.locator('tr', { hasText: 'Available after' })).toContainText('R$');

  const mailsBefore = outbox().length;
  await drawer.getByRole('button', { name: 'Send code' }).click();
  await expect(drawer.getByText(/^Code sent to pa\*+@andes-demo\.test/)).toBeVisible();
  const code = await codeMailedTo(OPERATOR_EMAIL, CODE_SUBJECT, mailsBefore);
  await drawer.getByLabel('Verification code').fill(code);
  await drawer.getByRole('button', { name: 'Create payout' }).click();
  const created = operator.getByText(/^Payout PO\S+ was created and waits for approval$/);
  await expect(created).toBeVisible();
  const uniqueId = /Payout (PO\S+) was created/.exec(await created.innerText())?.[1] ?? '';
  expect(uniqueId).not.toBe('');

  // Pending approval; the payout operator holds no approve permission.
  await expect(payoutRow(operator, uniqueId)).toContainText('Pending');
  await expect(operator.getByRole('button', { name: 'Approve' })).toHaveCount(0);

  // A second person approves it.
  const approver = await browser.newPage();
  await signInAsAdmin(approver, 'BR');
  await approver.goto('/payment/payout');
  await approver.getByRole('checkbox', { name: `Choose ${uniqueId}` }).check();
  const panel = approver.getByRole('region', { name: 'Approval of the chosen payouts' });
  await expect(panel).toContainText('Payouts chosen: 1');
  await expect(panel).toContainText('R$ 123.45');
  await approver.getByRole('button', { name: 'Approve', exact: true }).click();
  const confirm = approver.getByRole('dialog', { name: 'Approve 1 payout(s)?' });
  await confirm.getByRole('button', { name: 'Approve', exact: true }).click();
  await expect(approver.getByText(/^Payouts approved: 1/)).toBeVisible();
  await approver.goto('/payment/payout?tab=APPROVED');
  await expect(payoutRow(approver, uniqueId)).toContainText('Waiting');

  // The platform takes it from the outbox and pays it.
  expect(await claimAndSettlePayouts(request)).toContain(uniqueId);
  await approver.reload();
  await expect(payoutRow(approver, uniqueId)).toContainText('Settled');
  await payoutRow(approver, uniqueId)
    .getByRole('button', { name: 'Detail' })
    .or(payoutRow(approver, uniqueId).getByRole('link', { name: 'Detail' }))
    .click();
  const detail = approver.getByRole('dialog', { name: 'Payout detail' });
  for (const step of ['Created', 'Approved', 'In progress', 'Settled'])
    await expect(detail.getByText(step, { exact: true }).first()).toBeVisible();

  // It is in the payout transactions, settled.
  await approver.goto('/transactions/payout');
  await expect(approver.getByRole('main').locator('tr.ant-table-row', { hasText: uniqueId })).toContainText('Settled');
  await operator.close();
  await approver.close();
});

/** Fills the downloaded template's data rows by header, keeping its sheet, columns and formats. */
async function fillTemplate(template: string, rows: Record<string, string>[], out: string): Promise<void> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.readFile(template);
  const sheet = book.getWorksheet('Payouts');
  if (!sheet) throw new Error('the template has no Payouts sheet');
  const headers = new Map<string, number>();
  sheet.getRow(1).eachCell((cell, column) => headers.set(String(cell.value).replace(/\s*\*$/, ''), column));
  for (let r = 2; r <= sheet.rowCount; r++) sheet.getRow(r).values = [];
  rows.forEach((row, i) => {
    const target = sheet.getRow(i + 2);
    for (const [header, value] of Object.entries(row)) {
      const column = headers.get(header);
      if (column === undefined) throw new Error(`the template has no column ${header}: ${[...headers.keys()].join(', ')}`);
      target.getCell(column).value = value;
    }
    target.commit();
  });
  await book.xlsx.writeFile(out);
}

test('a batch file is checked row by row, fixed, uploaded again and created as one batch', async ({ page }, testInfo) => {
  test.slow();
  // The admin makes this one: a user may ask for one code a minute, and the payout operator just did.
  await signInAsAdmin(page, 'BR');
  await page.goto('/payment/payout');
  await page.getByRole('button', { name: 'Batch payouts' }).click();
  const drawer = page.getByRole('dialog', { name: 'Batch payouts' });
  const downloading = page.waitForEvent('download');
  await drawer
    .getByRole('button', { name: 'Download the template' })
    .or(drawer.getByRole('button', { name: /template/i }))
    .first()
    .click();
  const template = await downloading;
  expect(template.suggestedFilename()).toBe('payout-batch-template-BR.xlsx');
  const templatePath = testInfo.outputPath('template.xlsx');
  await template.saveAs(templatePath);

  const stamp = Date.now();
  const pix = (n: number, document: string, amount: string) => ({
    'Product type': 'PIX',
    Amount: amount,
    'Merchant reference': `e2e-batch-${stamp}-${n}`,
    'Beneficiary name': `Beneficiary ${n}`,
    'Document number': document,
    'PIX key type': 'EMAIL',
    'PIX key': `beneficiary.${stamp}.${n}@example.com`,
  });
  const wrong = testInfo.outputPath('payouts-wrong.xlsx');
  await fillTemplate(
    templatePath,
    [pix(1, '12345678909', '150.00'), pix(2, '12345678900', '200.00'), pix(3, '12345678909', '10.505')],
    wrong,
  );

  const picker = drawer.locator('input[type="file"]');
  await picker.setInputFiles(wrong);
  // Every row's errors inline, before anything is created.
  const errors = drawer.getByRole('table').filter({ hasText: 'Errors' });
  await expect(errors.locator('tr', { hasText: 'Beneficiary 2' })).toContainText('Enter a valid CPF (11 digits) or CNPJ');
  await expect(errors.locator('tr', { hasText: 'Beneficiary 3' })).toContainText('Please enter a valid amount');
  await expect(errors.locator('tr', { hasText: 'Beneficiary 1' })).toHaveCount(0);

  // Fixed and uploaded again: no row in error; then the code, and the batch is created.
  const fixed = testInfo.outputPath('payouts-fixed.xlsx');
  await fillTemplate(
    templatePath,
    [pix(1, '12345678909', '150.00'), pix(2, '55694732000110', '200.00'), pix(3, '12345678909', '10.50')],
    fixed,
  );
  await picker.setInputFiles(fixed);
  await expect(drawer.getByText('The 3 valid rows')).toBeVisible();
  await expect(drawer.getByText(/Rows with errors or flagged as duplicates/)).toHaveCount(0);
  const mailsBefore = outbox().length;
  await drawer.getByRole('button', { name: 'Send code' }).click();
  const code = await codeMailedTo(ADMIN_EMAIL, CODE_SUBJECT, mailsBefore);
  await drawer.getByLabel('Verification code').fill(code);
  await drawer.getByRole('button', { name: 'Create 3 payouts' }).click();
  await expect(drawer.getByText(/3 payouts were created and wait for approval|OK.*3/).first()).toBeVisible();

  // The result file lists each row's outcome.
  const resulting = page.waitForEvent('download');
  await drawer
    .getByRole('link', { name: /result/i })
    .or(drawer.getByRole('button', { name: /result/i }))
    .first()
    .click();
  const resultPath = testInfo.outputPath('result.xlsx');
  await (await resulting).saveAs(resultPath);
  const result = new ExcelJS.Workbook();
  await result.xlsx.readFile(resultPath);
  const sheet = result.worksheets[0];
  if (!sheet) throw new Error('the result file has no sheet');
  const header = (sheet.getRow(1).values as unknown[]).map((v) => String(v ?? ''));
  const idColumn = header.indexOf('Payout unique id');
  expect(idColumn).toBeGreaterThan(0);
  const ids = [2, 3, 4].map((r) => String(sheet.getRow(r).getCell(idColumn).value ?? ''));
  for (const id of ids) expect(id).toMatch(/^PO/);

  // The three wait for approval in the Pending tab.
  await page.keyboard.press('Escape');
  await page.goto('/payment/payout?tab=PENDING');
  for (const id of ids) await expect(payoutRow(page, id)).toContainText('Pending');
});

test('the batch tool shows upload progress, and refuses a file over 10 MB before sending it', async ({ page }, testInfo) => {
  await signIn(page, DEMO.payout, 'BR');
  await page.goto('/payment/payout');
  await page.getByRole('button', { name: 'Batch payouts' }).click();
  const drawer = page.getByRole('dialog', { name: 'Batch payouts' });
  const picker = drawer.locator('input[type="file"]');

  // 10 MB + 1 byte: refused in the browser with the size message; nothing is sent.
  const tooLarge = testInfo.outputPath('too-large.xlsx');
  writeFileSync(tooLarge, Buffer.alloc(ATTACHMENT_MAX_BYTES + 1, 0x41));
  let sent = 0;
  page.on('request', (r) => {
    if (r.url().includes('/bath-create/file/')) sent += 1;
  });
  await picker.setInputFiles(tooLarge);
  await expect(drawer.getByText(/too-large\.xlsx.*10 MB/)).toBeVisible();
  expect(sent).toBe(0);

  // A 4 MB file on a slow link: the progress bar moves while it is sent; the server then refuses it
  // as not a workbook, with the file's name.
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 20, downloadThroughput: -1, uploadThroughput: 1_000_000 });
  const slow = testInfo.outputPath('not-a-workbook.xlsx');
  writeFileSync(slow, Buffer.alloc(4 * 1024 * 1024, 0x42));
  await picker.setInputFiles(slow);
  const progress = drawer.getByRole('progressbar');
  await expect(progress).toBeVisible();
  await expect.poll(async () => Number((await progress.getAttribute('aria-valuenow')) ?? 0)).toBeGreaterThan(0);
  await cdp.send('Network.emulateNetworkConditions', { offline: false, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
  await expect(drawer.getByText(/not-a-workbook\.xlsx is not an \.xlsx file/)).toBeVisible({ timeout: 30_000 });
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('the payout list shows each payout as a card with its status', async ({ page }) => {
    const login = new LoginPage(page);
    await login.open();
    await login.signIn(DEMO.payout.username, DEMO.payout.password);
    const shell = new AppShell(page);
    await expect(shell.mobileLayout).toBeVisible();
    await page.getByRole('button', { name: 'Open menu' }).click();
    await shell.countrySelect.selectOption('BR');
    await shell.mainMenu.getByRole('menuitem', { name: /Payment/ }).click();
    await shell.mainMenu.getByRole('link', { name: 'Payout', exact: true }).click();
    await expect(page).toHaveURL(/\/payment\/payout/);
    const cards = page.getByRole('main').locator('.ant-card', { hasText: /^PO/ });
    await expect(cards.first()).toBeVisible();
    await expect(cards.first()).toContainText('Pending');
    await expect(page.getByRole('main').locator('.ant-table')).toHaveCount(0);
    const width = await page.evaluate('document.documentElement.scrollWidth');
    expect(width).toBeLessThanOrEqual(390);
  });
});
