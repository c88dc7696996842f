import { transactionPage } from '@andes/contract/transaction/endpoints';
import type { TransactionPage } from '@andes/contract/transaction/schemas';
import { expect, test } from '@playwright/test';
import { call } from '../api.ts';
import { DEMO } from '../demo-users.ts';
import { AppShell } from '../pages/app-shell.ts';
import { LoginPage } from '../pages/login-page.ts';
import { MobileTransactionList } from '../pages/transactions-page.ts';

test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

/*
 * The pay-in list on a phone, on the Mexican pay-ins of the demo week: no browser test writes
 * Mexican pay-ins, so what the server answers stays what the cards show.
 */
test('the pay-in list on a phone shows cards, filters by status in the sheet and loads more cards as the user scrolls', async ({
  page,
  request,
}) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO.admin.username, DEMO.admin.password);
  const shell = new AppShell(page);
  await expect(shell.mobileLayout).toBeVisible();
  await page.getByRole('button', { name: 'Open menu' }).click();
  await shell.countrySelect.selectOption('MX');
  await shell.mainMenu.getByRole('menuitem', { name: /Transactions/ }).click();
  await shell.mainMenu.getByRole('link', { name: 'Pay-in', exact: true }).click();
  await expect(page).toHaveURL(/\/transactions\/payin$/);

  const list = new MobileTransactionList(page, 'Pay-in');
  await expect(list.cards.first()).toBeVisible();
  await expect(list.cards.first().getByRole('link', { name: /^Open transaction / })).toBeVisible();
  await expect(list.cards.first()).toContainText('MXN$');
  // Cards with infinite scroll, not the desktop table's pager.
  await expect(page.getByRole('main').getByRole('navigation', { name: 'Pages' })).toHaveCount(0);
  // The cards fit the phone: nothing to pan sideways (the filter sheet would leave the screen).
  expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);

  const createdAt = await list.filter('Status', ['Settled'], 'America/Mexico_City');
  await expect(page).toHaveURL(/[?&]statuses=SETTLED(&|$)/);

  const answer = await call(
    request,
    transactionPage,
    { list: 'payin', country: 'MX', createdAt, statuses: ['SETTLED'], pageSize: 20 },
    { token: await shell.token() },
  );
  expect(answer.code, answer.msg).toBe(200);
  const server = answer.data as TransactionPage;
  expect(server.total, 'the demo week holds more than one page of settled Mexican pay-ins').toBeGreaterThan(20);

  // The first page: the server's first 20, all settled, and more to come.
  await expect(list.cards).toHaveCount(20);
  await expect(list.cardStatuses).toHaveText(Array<string>(20).fill('Settled'));
  await expect(list.cards.first()).toContainText(server.list[0]?.uniqueId ?? '?');
  await expect(list.noMore).toHaveCount(0);

  // Scrolling to the bottom loads the next pages, until there is no more.
  await expect(async () => {
    await page.evaluate('window.scrollTo(0, document.documentElement.scrollHeight)');
    await expect(list.noMore).toBeVisible({ timeout: 1_000 });
  }).toPass();
  await expect(list.cards).toHaveCount(server.total);
  await expect(list.cardStatuses).toHaveText(Array<string>(server.total).fill('Settled'));
});
