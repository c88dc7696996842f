import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Country } from '@andes/contract/common/countries';
import { caseSave } from '@andes/contract/support/endpoints';
import type { CaseSaveResult } from '@andes/contract/support/schemas';
import { transactionPage } from '@andes/contract/transaction/endpoints';
import type { TransactionPage } from '@andes/contract/transaction/schemas';
import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { call, signInToken } from '../api.ts';
import { DEMO } from '../demo-users.ts';
import { AppShell } from '../pages/app-shell.ts';
import { EVIDENCE_PDF, runId } from '../pages/chargeback-pages.ts';
import { LoginPage } from '../pages/login-page.ts';
import { CaseDetailPage, sendCaseReply } from '../pages/support-pages.ts';
import { TransactionDetailPage } from '../pages/transactions-page.ts';
import { seedTransaction } from '../platform.ts';

/*
 * Issue 14: support cases. A merchant's admin opens a case from a pay-in's page (the transaction
 * filled in) with an appendix; the provider's support desk answers through the internal API and the
 * open page shows the answer by itself; the admin closes the case and reopens it, each with
 * instructions. And the case screens are usable at desktop and phone width, in English and Chinese.
 */

/** A settled Pix pay-in of the demo merchant in Brazil, and its row id. */
async function seedPayin(request: APIRequestContext, uniqueId: string): Promise<number> {
  await seedTransaction(
    request,
    { uniqueId, transactionType: 'PAY_IN', country: 'BR', currency: 'BRL', productType: 'PIX', amount: 4_321 },
    'SETTLED',
  );
  const token = await signInToken(request, DEMO.admin.username, DEMO.admin.password);
  const found = await call(request, transactionPage, { list: 'payin', country: 'BR', uniqueId, pageSize: 10 } as never, { token });
  const id = (found.data as TransactionPage).list[0]?.id;
  if (id === undefined) throw new Error(`pay-in ${uniqueId} not found`);
  return id;
}

test('a case opened from a pay-in with an appendix gets the platform’s reply, is closed and reopened with instructions', async ({
  page,
  request,
}) => {
  // The open page polls the case every 15 s: the provider's answer takes up to one poll to show.
  test.setTimeout(90_000);
  const uniqueId = runId('E2ECASE');
  const transactionId = await seedPayin(request, uniqueId);

  await signIn(page, 'en', 'BR');
  await page.goto(`/transactions/detail/${transactionId}`);
  await expect(new TransactionDetailPage(page).heading(uniqueId)).toBeVisible();
  await page.getByRole('button', { name: 'Open a support case' }).click();

  // The form is about the pay-in: its key, type and product type filled in, the admin's e-mail for replies.
  await expect(page).toHaveURL(/\/support-center\/create-case\?uniqueId=/);
  await expect(page.getByRole('heading', { name: 'Create a case' })).toBeVisible();
  await expect(page.getByLabel('Transaction key')).toHaveValue(uniqueId);
  await expect(page.getByLabel('Notification e-mail')).not.toHaveValue('');
  await page.getByLabel('Title').fill('Pix settled but the order shows unpaid');
  await page.getByLabel('Description').fill('The payer paid at 10:02.\n<b>Please check</b>');
  await page.getByTestId('uploader-input').setInputFiles([{ name: 'receipt.pdf', mimeType: 'application/pdf', buffer: EVIDENCE_PDF }]);
  await expect(page.getByText('Uploaded')).toHaveCount(1);
  await page.getByRole('button', { name: 'Create case' }).click();

  await expect(page).toHaveURL(/\/support-center\/case-detail\/\d+$/);
  const detail = new CaseDetailPage(page);
  const caseNo = await detail.caseNo();
  await expect(detail.field('Status')).toHaveText('Pending');
  await expect(detail.field('Case type')).toHaveText('Transactions');
  // Typed markup shows as typed.
  await expect(detail.field('Description')).toContainText('<b>Please check</b>');
  await expect(detail.field('Description').locator('b')).toHaveCount(0);
  await expect(detail.field('Appendices')).toContainText('receipt.pdf');
  // The pay-in, linked and live.
  await expect(detail.transaction.getByRole('link', { name: `Open transaction ${uniqueId}` })).toBeVisible();
  await expect(detail.transaction).toContainText('Settled');

  // The provider's support desk answers; the open page shows it without a reload.
  await sendCaseReply(request, {
    caseNo,
    eventId: `${caseNo}.reply.1`,
    responder: 'Ana (Andes support)',
    content: 'We are checking with the bank.\nExpect news today.',
  });
  const answer = detail.thread.getByRole('article').filter({ hasText: 'We are checking with the bank.' });
  await expect(answer).toBeVisible({ timeout: 30_000 });
  await expect(answer).toContainText('Ana (Andes support)');
  await expect(answer).toContainText('Responder');
  await expect(detail.field('Status')).toHaveText('Processing');

  await detail.decide('Close case', 'The bank confirmed the credit');
  await expect(page.getByText(`Case ${caseNo} was closed`)).toBeVisible();
  await expect(detail.field('Status')).toHaveText('Closed');
  await expect(detail.thread).toContainText('The bank confirmed the credit');
  await expect(page.getByRole('button', { name: 'Send reply' })).toHaveCount(0);

  await detail.decide('Reopen case', 'The order still shows unpaid');
  await expect(page.getByText(`Case ${caseNo} was reopened`)).toBeVisible();
  await expect(detail.field('Status')).toHaveText('Processing');
  await expect(detail.thread).toContainText('The order still shows unpaid');

  // The list finds it by its number.
  await page.goto(`/support-center/case?keyword=${caseNo}`);
  const row = page.getByRole('main').locator('tr.ant-table-row', { hasText: caseNo });
  await expect(row).toContainText('Processing');
  await expect(row).toContainText(uniqueId);
});

const SHOTS = fileURLToPath(new URL('../../.tsbuild/support-screens/', import.meta.url));

/** Signs the admin in, in `language`, and picks Brazil (through the menu on a phone). */
async function signIn(page: Page, language: 'en' | 'zh-CN', country: Country): Promise<void> {
  const login = new LoginPage(page);
  await login.open();
  const shell = new AppShell(page);
  if (language !== 'en') await shell.languageSwitch.selectOption(language);
  await login.signIn(DEMO.admin.username, DEMO.admin.password);
  await expect(shell.desktopLayout.or(shell.mobileLayout)).toBeVisible();
  if (await shell.mobileLayout.isVisible()) {
    await page.getByRole('button', { name: /^(Open menu|打开菜单)$/ }).click();
    await shell.countrySelect.selectOption(country);
    await page.keyboard.press('Escape');
    await expect(shell.mainMenu).toBeHidden();
  } else {
    await shell.countrySelect.selectOption(country);
  }
}

/** Nothing is wider than the window (no sideways scrolling). */
async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const widths = await page.evaluate('[document.scrollingElement.scrollWidth, window.innerWidth]');
  const [scroll, inner] = widths as [number, number];
  expect(scroll, 'the page scrolls sideways').toBeLessThanOrEqual(inner);
}

for (const viewport of [
  { name: 'desktop', size: { width: 1280, height: 800 }, mobile: false },
  { name: 'phone', size: { width: 390, height: 844 }, mobile: true },
] as const) {
  for (const language of ['en', 'zh-CN'] as const) {
    test(`the case screens fit a ${viewport.name} in ${language}`, async ({ browser, request }) => {
      mkdirSync(SHOTS, { recursive: true });
      const token = await signInToken(request, DEMO.admin.username, DEMO.admin.password);
      const made = await call(
        request,
        caseSave,
        {
          idempotencyKey: runId('SHOT'),
          country: 'BR',
          caseType: 'FINANCE',
          title: 'Settlement of 12 January is missing one pay-in',
          description: 'The statement of 12 January lists 41 pay-ins; the list shows 42.\nWhich one is missing?',
          fileIds: [],
        },
        { token },
      );
      if (made.code !== 200) throw new Error(`case refused: ${made.code} ${made.msg}`);
      const id = (made.data as CaseSaveResult).case.id;

      const context = await browser.newContext({
        viewport: viewport.size,
        isMobile: viewport.mobile,
        hasTouch: viewport.mobile,
        locale: language,
      });
      const page = await context.newPage();
      try {
        await signIn(page, language, 'BR');
        const shot = async (name: string) => {
          await expectNoSidewaysScroll(page);
          await page.screenshot({ path: join(SHOTS, `${name}-${viewport.name}-${language}.png`), fullPage: true });
        };

        await page.goto('/support-center/case');
        await expect(page.getByRole('heading', { level: 4, name: /^(Cases|工单)$/ })).toBeVisible();
        await expect(page.getByRole('radiogroup', { name: /^(Status|状态)$/ })).toContainText(/(All|全部) \(\d/);
        await shot('list');

        await page.goto('/support-center/create-case');
        await expect(page.getByRole('heading', { level: 4, name: /^(Create a case|创建工单)$/ })).toBeVisible();
        await shot('create');

        await page.goto(`/support-center/case-detail/${id}`);
        await expect(page.getByRole('heading', { level: 4, name: /^(Case|工单) CS/ })).toBeVisible();
        await expect(page.getByRole('list', { name: /^(Conversation|对话)$/ })).toBeVisible();
        await shot('detail');
      } finally {
        await context.close();
      }
    });
  }
}
