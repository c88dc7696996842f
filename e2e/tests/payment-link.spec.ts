import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../pages/app-shell.ts';
import { runId } from '../pages/chargeback-pages.ts';
import { claimAndPayLink } from '../platform.ts';

/*
 * Payment links (issue #15; docs/decisions/0035): the merchant generates a link on Payment → Payment
 * Link, a payer opens it in a browser of their own (no sign-in), chooses to pay, the provider (the
 * test, as the simulator would in the demo) takes the payment and reports it, the payer's page says
 * it is paid, and the merchant sees the link paid and its payment under Transactions → Payment Link.
 */

const SHOTS = '.tsbuild/payment-link-shots';

test('a link generated on the screen is paid by a payer in a browser of their own, and its payment is listed', async ({
  page,
  browser,
  request,
}) => {
  test.setTimeout(120_000);
  const reference = runId('E2E-LINK-');
  const description = `Invoice ${reference}`;

  await signInAsAdmin(page, 'BR');
  await page.goto('/payment/payment-link');
  await expect(page.getByRole('heading', { name: 'Payment Link' })).toBeVisible();
  await page.getByRole('button', { name: 'Generate link' }).click();
  const drawer = page.getByRole('dialog', { name: 'Generate a payment link' });
  await expect(drawer).toBeVisible();
  // Each product is offered with its minimum (the spec's link minimum or the product's own, the higher).
  const product = drawer.getByLabel('Product');
  await product.click();
  const pix = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden)').getByTitle(/^PIX \(minimum R\$ [\d,.]+\)$/);
  const pixLabel = (await pix.getAttribute('title')) ?? '';
  const minimum = /R\$ ([\d,.]+)/.exec(pixLabel)?.[1]?.replace(/,/g, '') ?? '';
  expect(Number(minimum)).toBeGreaterThanOrEqual(1);
  await pix.click();
  await expect(drawer.getByTitle(pixLabel)).toBeVisible();
  // Below the minimum: refused on the field before anything is sent.
  await drawer.getByLabel('Amount (BRL)').fill((Number(minimum) - 0.01).toFixed(2));
  await drawer.getByLabel('Description').fill(description);
  await drawer.getByLabel('Merchant reference').fill(reference);
  await drawer.getByRole('button', { name: 'Generate link' }).click();
  await expect(drawer.getByText(new RegExp(`^(Minimum amount is|Amount must be between) ${minimum.replace('.', '\\.')} `))).toBeVisible();
  await drawer.getByLabel('Amount (BRL)').fill('123.45');
  await drawer.getByRole('button', { name: 'Generate link' }).click();
  await expect(drawer.getByText('Payment link generated')).toBeVisible();
  const url = await drawer.getByLabel('Link address').inputValue();
  expect(url).toMatch(/\/pay\/[A-Za-z0-9_-]{32}$/);
  await expect(drawer.getByRole('img', { name: /QR code of the link PL/ })).toBeVisible();
  await page.screenshot({ path: `${SHOTS}/generated-desktop-en.png` });
  const linkId = /PL[0-9A-Z]{16}/.exec((await drawer.getByText(/^PL[0-9A-Z]{16} · /).innerText()) ?? '')?.[0];
  if (!linkId) throw new Error('the result names no link id');
  await drawer.getByRole('button', { name: 'Close' }).first().click();

  const row = page.getByRole('main').getByRole('row').filter({ hasText: linkId });
  await expect(row).toContainText('Active');
  await expect(row).toContainText(description);

  // The payer: another browser, no session, only the address.
  const payerContext = await browser.newContext();
  try {
    const payer = await payerContext.newPage();
    await payer.goto(url);
    await expect(payer.getByRole('heading', { name: /^Payment to / })).toBeVisible();
    await expect(payer.getByRole('main')).toContainText(description);
    await expect(payer.getByRole('main')).toContainText('R$ 123.45');
    await expect(payer.getByRole('main')).not.toContainText(linkId);
    await payer.screenshot({ path: `${SHOTS}/payer-desktop-en.png`, fullPage: true });
    await payer.getByRole('button', { name: /^Pay (with the simulator )?\(?R\$ 123\.45\)?$/ }).click();
    await expect(payer.getByText('Payment in progress')).toBeVisible();

    // The provider takes the payment and reports it settled; the payer's page sees it by itself.
    const uniqueId = await claimAndPayLink(request, linkId);
    await expect(payer.getByText('Paid', { exact: true })).toBeVisible({ timeout: 30_000 });
    await payer.screenshot({ path: `${SHOTS}/payer-paid-desktop-en.png`, fullPage: true });

    // The merchant: the link is paid, and its payment is in Transactions → Payment Link.
    await page.reload();
    await expect(row).toContainText('Paid');
    await page.goto('/transactions/payment-link');
    const payment = page.getByRole('main').getByRole('link', { name: `Open transaction ${uniqueId}` });
    await expect(payment).toBeVisible();
    await payment.click();
    await expect(page).toHaveURL(/\/transactions\/payment-link-detail\/\d+$/);
    const detail = page.getByRole('main');
    await expect(detail).toContainText(linkId);
    await expect(detail).toContainText(description);
    await page.screenshot({ path: `${SHOTS}/payment-detail-desktop-en.png`, fullPage: true });

    // Paid once: the payer's page has no Pay button any more.
    await payer.reload();
    await expect(payer.getByText('Paid', { exact: true })).toBeVisible();
    await expect(payer.getByRole('button', { name: /^Pay/ })).toHaveCount(0);
  } finally {
    await payerContext.close();
  }
});
