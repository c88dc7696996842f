import { withdrawalConfig } from '@andes/contract/accounting/endpoints';
import type { FeeConfigAnswer } from '@andes/contract/accounting/schemas';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { PROOF_PNG } from '../accounting.ts';
import { call } from '../api.ts';
import { chooseOptions } from '../pages/antd.ts';
import { signInAsAdmin } from '../pages/app-shell.ts';
import { claimAccountingRequests, sendRequestEvent } from '../platform.ts';

/*
 * Issue 12: accounting requests made in the dashboard and moved by the provider, played here
 * through the platform API (claim, then `request.*` events): a top-up with its proof verified and
 * credited; a withdrawal cancelled and its reservation released; an offline exchange through proof,
 * quote, contract (with the countdown) and completion; a sub-merchant transfer completed.
 */

const proofFile = (name: string) => ({ name, mimeType: 'image/png', buffer: PROOF_PNG });

function rowOf(page: Page, requestNo: string): Locator {
  return page.getByRole('main').locator('tr.ant-table-row', { hasText: requestNo });
}

/** The request number of the "… was requested" message of a creation. */
async function createdNumber(page: Page, pattern: RegExp): Promise<string> {
  const message = page.getByText(pattern);
  await expect(message).toBeVisible();
  const requestNo = /\b((?:TU|WD|EX|ST)\w+)\b/.exec(await message.innerText())?.[1] ?? '';
  expect(requestNo).not.toBe('');
  return requestNo;
}

/** Fields of the detail page's description list, by label. */
function field(page: Page, label: string): Locator {
  return page
    .getByRole('main')
    .locator('.ant-descriptions-item-label', { hasText: new RegExp(`^${label}$`) })
    .locator('xpath=following-sibling::*[1]');
}

test('a top-up sent with its proof is verified by the provider and credited with the fee taken out', async ({ page, request }) => {
  test.slow();
  await signInAsAdmin(page, 'BR');
  await page.goto('/accounting/payout-funding');
  await page.getByRole('button', { name: 'New top-up' }).click();
  const drawer = page.getByRole('dialog', { name: 'New top-up' });
  // Where to wire the money, with its number to copy.
  await expect(drawer.getByRole('group', { name: 'Wire the money to' })).toBeVisible();
  await expect(drawer.getByRole('button', { name: 'Copy' })).toBeVisible();
  await drawer.getByLabel('Amount (BRL)').fill('1500.009');
  await expect(drawer.getByLabel('Amount (BRL)')).toHaveValue('1500.00');
  // The fee and the balance before and after, before anything is created.
  const figures = drawer.getByRole('group', { name: 'Fee and balance' });
  await expect(figures.locator('tr', { hasText: 'Top-up fee' })).toContainText('R$ 5.00');
  await expect(figures.locator('tr', { hasText: 'Credited if verified' })).toContainText('R$ 1,495.00');
  await expect(figures.locator('tr', { hasText: 'Available after' })).toContainText('R$');
  await drawer.getByLabel('Remitting bank').fill('Banco do Brasil');
  await drawer.getByTestId('uploader-input').setInputFiles(proofFile('wire.png'));
  await expect(drawer.getByText('Uploaded')).toBeVisible();
  await drawer.getByRole('button', { name: 'Request top-up' }).click();
  const requestNo = await createdNumber(page, /^Top-up TU\S+ was requested/);
  await expect(rowOf(page, requestNo)).toContainText('Processing');

  // The provider takes it (VERIFY) and reports R$ 1,500.00 received.
  const offered = await claimAccountingRequests(request);
  expect(offered.find((o) => o.requestNo === requestNo)?.task).toBe('VERIFY');
  await sendRequestEvent(request, 'request.verified', { requestNo, verifiedAmount: 150_000 });

  await page.reload();
  await expect(rowOf(page, requestNo)).toContainText('Completed');
  await expect(rowOf(page, requestNo)).toContainText('R$ 1,495.00');
  await rowOf(page, requestNo).getByRole('link', { name: requestNo }).click();
  await expect(page.getByRole('heading', { name: `Top-up ${requestNo}` })).toBeVisible();
  await expect(field(page, 'Verified amount')).toContainText('R$ 1,500.00');
  await expect(field(page, 'Final amount credited')).toContainText('R$ 1,495.00');
  await expect(field(page, 'Proof of transfer')).toContainText('wire.png');
  await expect(page.getByRole('main').getByText('Verified', { exact: true })).toBeVisible();
});

test('a withdrawal reserves its amount and fee, and cancelling it releases them', async ({ page, request }) => {
  test.slow();
  const shell = await signInAsAdmin(page, 'BR');
  const token = await shell.token();
  // Other browser tests run beside this one and settle pay-ins into the same account, so its
  // available balance moves under us; what only a withdrawal moves is the reserved part of it.
  const reservedNow = async () => {
    const answer = await call(request, withdrawalConfig, { country: 'BR', mode: 'PAY_IN' }, { token });
    expect(answer.code).toBe(200);
    return (answer.data as FeeConfigAnswer).balance.reserved;
  };
  const before = await reservedNow();

  await page.goto('/accounting/withdraws-application');
  await page.getByRole('button', { name: 'New withdrawal' }).click();
  const drawer = page.getByRole('dialog', { name: 'New withdrawal' });
  await drawer.getByLabel('Amount (BRL)').fill('100');
  const figures = drawer.getByRole('group', { name: 'Fee and balance' });
  await expect(figures.locator('tr', { hasText: 'Total reserved' })).toBeVisible();
  const reserved = Number(
    (await figures.locator('tr', { hasText: 'Total reserved' }).locator('[data-amount]').getAttribute('data-amount')) ?? 'NaN',
  );
  expect(reserved).toBeGreaterThan(10_000);
  await drawer.getByLabel('Account holder').fill('Andes Demo Store');
  await drawer.getByLabel('Bank', { exact: true }).fill('Itaú');
  await drawer.getByLabel('Account number').fill('12345-6');
  await drawer.getByRole('button', { name: 'Request withdrawal' }).click();
  const requestNo = await createdNumber(page, /^Withdrawal WD\S+ was requested/);
  expect(await reservedNow()).toBe(before + reserved);

  const row = rowOf(page, requestNo);
  await row.getByRole('button', { name: `Cancel request ${requestNo}` }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Cancel request' }).click();
  await expect(page.getByText(`${requestNo} was canceled`)).toBeVisible();
  await expect(row).toContainText('Canceled');
  expect(await reservedNow()).toBe(before);
});

test('an offline exchange goes through proof, quote, contract with its countdown, and completion', async ({ page, request }) => {
  test.slow();
  await signInAsAdmin(page, 'BR');
  await page.goto('/accounting/exchange');
  await page.getByRole('button', { name: 'New exchange' }).click();
  const drawer = page.getByRole('dialog', { name: 'New exchange' });
  await drawer.locator('label', { hasText: 'Offline USD wire' }).click();
  await expect(drawer.getByRole('radio', { name: 'Offline USD wire' })).toBeChecked();
  await expect(drawer.getByRole('group', { name: 'Wire the money to' })).toBeVisible();
  await drawer.getByLabel('Amount to sell (USD)').fill('100');
  const figures = drawer.getByRole('group', { name: 'Amounts and balances' });
  await expect(figures.locator('tr', { hasText: 'Amount bought' })).toContainText('R$');
  await expect(figures).toContainText('Indicative rate');
  await drawer.getByRole('button', { name: 'Request exchange' }).click();
  const requestNo = await createdNumber(page, /^Exchange EX\S+ was requested/);
  await expect(rowOf(page, requestNo)).toContainText('Waiting for proof');

  // The proof of the USD wire, from the request's page.
  await rowOf(page, requestNo).getByRole('link', { name: requestNo }).click();
  await expect(page.getByRole('heading', { name: `Exchange ${requestNo}` })).toBeVisible();
  await page.getByRole('button', { name: 'Submit proof' }).click();
  const proof = page.getByRole('dialog', { name: 'Proof of the USD wire' });
  await proof.getByLabel('Remitting bank').fill('Chase');
  await proof.getByTestId('uploader-input').setInputFiles(proofFile('usd-wire.png'));
  await expect(proof.getByText('Uploaded')).toBeVisible();
  await proof.getByRole('button', { name: 'Submit proof' }).click();
  await expect(page.getByRole('main').getByText('Waiting for a rate').first()).toBeVisible();

  // The provider quotes; the page shows it by itself (it asks again every few seconds).
  const offered = await claimAccountingRequests(request);
  expect(offered.find((o) => o.requestNo === requestNo)?.task).toBe('QUOTE');
  await sendRequestEvent(request, 'request.rate_quoted', {
    requestNo,
    rate: '5.1234',
    expiresAt: new Date(Date.now() + 10 * 60_000).toISOString(),
  });
  const panel = page.getByRole('region', { name: 'Quoted rate' });
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await expect(panel).toContainText('5.1234 BRL per 1 USD');
  await expect(panel).toContainText('US$ 100.00');
  await expect(panel).toContainText('R$ 512.34');
  const countdown = page.getByTestId('quote-countdown');
  await expect(countdown).toHaveText(/^0\d:\d\d$/);
  const first = await countdown.innerText();
  await expect(countdown).not.toHaveText(first);
  await panel.getByRole('button', { name: 'Confirm contract at 5.1234' }).click();
  await expect(page.getByText(`The contract of ${requestNo} was confirmed`)).toBeVisible();
  await expect(page.getByRole('main').getByText('Processing').first()).toBeVisible();

  await sendRequestEvent(request, 'request.completed', { requestNo });
  await expect(page.getByRole('main').getByText('Completed').first()).toBeVisible({ timeout: 15_000 });
  await expect(field(page, 'Final amount bought')).toContainText('R$ 512.34');
});

test('a transfer to a sub-merchant is completed by the provider', async ({ page, request }) => {
  test.slow();
  await signInAsAdmin(page, 'BR');
  await page.goto('/setting/sub-merchant');
  await page.getByRole('button', { name: 'New transfer' }).click();
  const drawer = page.getByRole('dialog', { name: 'New transfer' });
  await drawer.locator('label', { hasText: 'To a sub-merchant' }).click();
  await chooseOptions(page, drawer.getByRole('combobox', { name: 'Sub-merchant' }), ['Andes Demo Marketplace']);
  await drawer.locator('label', { hasText: 'Pay-in' }).click();
  await drawer.getByLabel('Amount (BRL)').fill('10');
  await drawer.getByRole('button', { name: 'Request transfer' }).click();
  const requestNo = await createdNumber(page, /^Transfer ST\S+ was requested/);
  const row = rowOf(page, requestNo);
  await expect(row).toContainText('Processing');
  await expect(row).toContainText('Andes Demo Marketplace');

  const offered = await claimAccountingRequests(request);
  expect(offered.find((o) => o.requestNo === requestNo)?.task).toBe('SETTLE');
  await sendRequestEvent(request, 'request.completed', { requestNo });
  await page.reload();
  await expect(row).toContainText('Completed');
  await row.getByRole('link', { name: requestNo }).click();
  await expect(page.getByRole('heading', { name: `Transfer ${requestNo}` })).toBeVisible();
  await expect(field(page, 'Final amount moved')).toContainText('R$ 10.00');
});
