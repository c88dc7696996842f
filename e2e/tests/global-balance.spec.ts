import { expect, test } from '@playwright/test';
import { DEMO } from '../demo-users.ts';
import { AppShell } from '../pages/app-shell.ts';
import { HomePage } from '../pages/home-page.ts';
import { LoginPage } from '../pages/login-page.ts';

test('Global balance shows the USD account and its statement, where each line starts at the previous end', async ({ page }) => {
  const login = new LoginPage(page);
  await login.open();
  await login.signIn(DEMO.admin.username, DEMO.admin.password);
  const shell = new AppShell(page);
  await shell.waitUntilReady();
  await shell.mainMenu.getByRole('link', { name: 'Global Balance' }).click();
  await expect(page).toHaveURL(/\/global-balance/);

  const home = new HomePage(page);
  const account = home.section('Global account');
  await expect(account).toContainText('US$');
  expect(await home.centsOf(account, /^Balance$/)).toBeGreaterThanOrEqual(0);

  const statement = home.section('Statement');
  const rows = statement.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  // Newest first: a line's start balance is the end balance of the line below it.
  const count = await rows.count();
  expect(count).toBeGreaterThan(1);
  const amounts = async (row: number) =>
    (await rows
      .nth(row)
      .locator('[data-amount]')
      .evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-amount'))))) as number[];
  const newest = await amounts(0);
  const older = await amounts(1);
  // The last two amounts of a line are its start and end balance.
  expect(newest.length).toBeGreaterThanOrEqual(3);
  expect(older.length).toBeGreaterThanOrEqual(3);
  expect(newest.at(-2)).toBe(older.at(-1));
});
