import { expect, test } from '@playwright/test';
import { signInAsAdmin } from '../pages/app-shell.ts';
import {
  ChargebackListPage,
  claimChargebackDefenses,
  EVIDENCE_PDF,
  runId,
  seedChargeback,
  sendChargebackOutcome,
} from '../pages/chargeback-pages.ts';

/*
 * Issue 13: chargeback defence. The platform reports a settled card pay-in and its FRAUD chargeback;
 * the merchant's admin finds it on the deadline board, reads the evidence checklist and defends it
 * with a PDF; the provider claims the defence and the network decides it won. And the performance
 * screen draws the outcomes ring and the chargeback curve with the networks' threshold lines.
 */

const DAY_MS = 86_400_000;

test('a FRAUD chargeback is found on the board, defended with a PDF appendix, and won', async ({ page, request }) => {
  test.slow();
  const id = runId('E2ECB');
  const merchantReference = `order-${id.toLowerCase()}`;
  const chargebackId = `${id}-CB`;
  // Four days to answer: on the board under "Due this week".
  await seedChargeback(request, {
    uniqueId: id,
    chargebackId,
    merchantReference,
    reasonCode: 'FRAUD',
    respondBy: new Date(Date.now() + 4 * DAY_MS).toISOString(),
  });

  await signInAsAdmin(page, 'BR');
  const list = new ChargebackListPage(page);
  await list.open();
  const week = list.bucket('Due this week');
  await expect(week).toHaveAttribute('aria-pressed', 'false');
  await week.click();
  await expect(week).toHaveAttribute('aria-pressed', 'true');
  await expect(page).toHaveURL(/bucket=THIS_WEEK/);
  const row = list.row(merchantReference);
  await expect(row).toContainText('R$ 123.45');
  await expect(row).toContainText('Fraud');
  await expect(row).toContainText('Charged back');
  await expect(row.locator('[data-band]')).toHaveAttribute('data-band', /^(orange|gold)$/);

  const detail = await list.openDetail(merchantReference);
  await expect(detail.checklist.getByRole('listitem').first()).toContainText('3-D Secure authentication');
  await expect(detail.field('Disputed pay-in').getByRole('link')).toHaveAttribute('href', /\/transactions\/detail\/\d+$/);
  await expect(detail.field('Card')).toHaveText('411111******1111');
  await detail.defend('The cardholder authenticated the payment and received the goods.', [
    { name: 'evidence.pdf', mimeType: 'application/pdf', buffer: EVIDENCE_PDF },
  ]);
  await expect(detail.field('Status')).toHaveText('Under defence');
  await expect(detail.field('Defence appendices')).toContainText('evidence.pdf');
  await expect(page.getByRole('button', { name: 'Submit defence' })).toHaveCount(0);

  // The provider takes the defence to the network, which decides for the merchant.
  const claimed = await claimChargebackDefenses(request);
  const offer = claimed.find((o) => o.chargebackId === chargebackId);
  expect(offer?.reasonCode).toBe('FRAUD');
  expect(offer?.appendices.map((a) => a.name)).toEqual(['evidence.pdf']);
  await sendChargebackOutcome(request, chargebackId, 'chargeback.won');

  // A detail page reloaded returns home (spec §2): the list leads back to it.
  await list.open();
  await list.openDetail(merchantReference);
  await expect(detail.field('Status')).toHaveText('Defence won');
  await expect(page.getByRole('region', { name: 'History' })).toContainText('Defence won');
});

test('performance draws the outcomes ring and the chargeback curve with the networks’ threshold lines', async ({ page }) => {
  await signInAsAdmin(page, 'BR');
  await page.goto('/risk/performance');
  await expect(page.getByRole('heading', { name: 'Performance' })).toBeVisible();
  const ring = page.getByRole('region', { name: 'Pay-in outcomes' });
  await expect(ring.getByRole('img', { name: /^Ring chart of [\d,]+ pay-ins/ })).toBeVisible();
  await expect(ring.locator('svg path').first()).toBeVisible();
  await expect(ring.locator('.ant-table').getByText('Approved')).toBeVisible();

  const curve = page.getByRole('region', { name: 'Chargeback rate' });
  await expect(curve.getByRole('img', { name: /^Chargeback rate by count from/ })).toBeVisible();
  // The thresholds as labelled lines of the drawing, and as text.
  await expect(curve.locator('svg text', { hasText: 'Visa VAMP excessive · Mastercard ECM 1.50%' })).toBeVisible();
  await expect(curve.locator('svg text', { hasText: 'Mastercard HECM 3.00%' })).toBeVisible();
  await expect(curve.getByRole('list', { name: 'Card network thresholds' }).getByRole('listitem')).toHaveCount(3);

  await curve.getByText('Monthly', { exact: true }).click();
  await expect(page).toHaveURL(/granularity=monthly/);
  await expect(curve.locator('svg text', { hasText: 'Mastercard HECM 3.00%' })).toBeVisible();
});
