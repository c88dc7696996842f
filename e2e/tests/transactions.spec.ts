import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../pages/app-shell.ts';

test("the pay-in list shows the demo merchant's transactions, and a row opens its detail with its history", async ({ page }) => {
  const shell = await signInAsAdmin(page, 'BR');
  await shell.mainMenu.getByRole('menuitem', { name: /Transactions/ }).click();
  await shell.mainMenu.getByRole('link', { name: 'Pay-in' }).click();
  await expect(page).toHaveURL(/\/transactions\/payin/);

  const rows = page.locator('tbody tr.ant-table-row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText('R$');
  const uniqueId = (await rows.first().locator('a').first().innerText()).trim();
  expect(uniqueId).not.toBe('');

  await rows.first().locator('a').first().click();
  await expect(page).toHaveURL(/\/transactions\/detail\/\d+/);
  await expect(page.getByRole('heading', { name: `Transaction ${uniqueId}` })).toBeVisible();
  await expect(page.getByRole('main')).toContainText('R$');
  // Every transaction's history starts with its creation.
  await expect(page.getByRole('main').getByText('Created', { exact: true }).first()).toBeVisible();
});
