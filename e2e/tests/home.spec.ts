import { randomUUID } from 'node:crypto';
import { expect, test } from '@playwright/test';
import { DEMO } from '../demo-users.ts';
import { AppShell } from '../pages/app-shell.ts';
import { HomePage } from '../pages/home-page.ts';
import { LoginPage } from '../pages/login-page.ts';
import { sendPlatformEvent } from '../platform.ts';

test.beforeEach(async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO.admin.username, DEMO.admin.password);
  await new AppShell(page).waitUntilReady();
});

test("Home shows the demo merchant's balances and charts, and the country switch changes figures and currency", async ({ page }) => {
  const shell = new AppShell(page);
  const home = new HomePage(page);
  await shell.countrySelect.selectOption('BR');
  const brazil = home.balances('Balances in Brazil');
  await expect(brazil).toContainText('R$');
  const brAvailable = await home.centsOf(brazil, /^Available$/);
  expect(brAvailable).toBeGreaterThan(0);
  // The per-day chart covers the default range (today and the seven days before), with the
  // history's transactions in it.
  const perDay = home.chartTable(/^Pay-in per day, /);
  await expect(perDay.locator('tbody tr')).toHaveCount(8);
  await expect(perDay.locator('tbody')).toContainText('R$');

  await shell.countrySelect.selectOption('MX');
  const mexico = home.balances('Balances in Mexico');
  await expect(mexico).toContainText('MXN$');
  await expect(mexico).not.toContainText('R$');
  expect(await home.centsOf(mexico, /^Available$/)).not.toBe(brAvailable);
});

test('Home in Chinese', async ({ page }) => {
  const shell = new AppShell(page);
  const home = new HomePage(page);
  await shell.countrySelect.selectOption('BR');
  await shell.languageSwitch.selectOption('zh-CN');
  const brazil = home.balances('巴西余额');
  await expect(brazil).toContainText('R$');
  expect(await home.centsOf(brazil, /^可用余额$/)).toBeGreaterThan(0);
  await expect(home.section('今日实时')).toBeVisible();
});

test('a settled pay-in from the payment platform shows up on Home without a reload', async ({ page, request }) => {
  test.setTimeout(90_000);
  const shell = new AppShell(page);
  const home = new HomePage(page);
  await shell.countrySelect.selectOption('BR');
  const brazil = home.balances('Balances in Brazil');
  const pendingBefore = await home.centsOf(brazil, /^Pending$/);

  const uniqueId = `E2E-${randomUUID()}`;
  const now = new Date();
  const common = { merchantCode: 'ANDES-DEMO', occurredAt: now.toISOString() };
  const created = await sendPlatformEvent(request, {
    ...common,
    eventId: `${uniqueId}-created`,
    type: 'transaction.created',
    data: {
      uniqueId,
      merchantReference: `order-${uniqueId}`,
      transactionType: 'PAY_IN',
      status: 'IN_PROGRESS',
      country: 'BR',
      currency: 'BRL',
      productType: 'PIX',
      amount: 123_456,
      payer: { name: 'Maria Souza', document: '12345678909', documentType: 'CPF' },
    },
  });
  expect(created.code).toBe(200);
  const settled = await sendPlatformEvent(request, {
    ...common,
    eventId: `${uniqueId}-settled`,
    type: 'transaction.settled',
    data: { uniqueId, fee: 1_456, vat: 0, availableAt: new Date(now.getTime() + 2 * 86_400_000).toISOString() },
  });
  expect(settled.code).toBe(200);

  // Home refreshes its figures every 30 s: the pending money grows by the net amount.
  await expect(home.figure(brazil, /^Pending$/)).toHaveAttribute('data-amount', String(pendingBefore + 122_000), { timeout: 45_000 });
});
