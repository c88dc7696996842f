import { COUNTRY_INFO } from '@andes/contract/common/countries';
import { addDays, todayIn } from '@andes/contract/common/dates';
import { expect, type Locator, type Page, test } from '@playwright/test';
import { signInAsAdmin } from '../pages/app-shell.ts';
import { TransactionListPage } from '../pages/transactions-page.ts';

/*
 * Issue 14 item 3: revenue assurance. Situation analysis of Brazil over past dates, drilled down
 * from a chart: the transaction list opens with the same filter, and its total is the figure the
 * chart showed. The dates end ten days ago: the tests running alongside add pay-ins today (the
 * test server runs no simulator), and a pay-in of ten days ago no longer changes stage, so both
 * figures count the same rows whenever they are read.
 */

const ZONE = COUNTRY_INFO.BR.timezoneName;
const today = todayIn(ZONE);
const RANGE = { from: addDays(today, -40), to: addDays(today, -10) };
const SITUATION = `/revenue-assurance/situation-analysis?range=${RANGE.from}~${RANGE.to}`;

/** `1,234` → 1234. */
const countOf = (text: string) => Number(text.replace(/[^\d]/g, ''));

async function openSituation(page: Page): Promise<{ funnel: Locator; reasons: Locator }> {
  await page.goto(SITUATION);
  await expect(page.getByRole('heading', { name: 'Situation analysis', level: 4 })).toBeVisible();
  const funnel = page.getByRole('region', { name: 'Approval funnel' });
  const reasons = page.getByRole('region', { name: 'Fail reasons' });
  await expect(funnel.getByRole('img', { name: /^Approval funnel from / })).toBeVisible();
  return { funnel, reasons };
}

test('a funnel stage and a fail reason drill down to pay-in lists whose totals are the figures shown', async ({ page }) => {
  await signInAsAdmin(page, 'BR');
  const { funnel, reasons } = await openSituation(page);

  // The settled bar of the funnel: its label ("1,234 · 56.78%") is the figure, and a click opens it.
  const settledLink = funnel.getByRole('link', { name: /^View the [\d,]+ pay-ins settled of / });
  await expect(settledLink).toBeVisible();
  const settled = countOf(await settledLink.innerText());
  expect(settled).toBeGreaterThan(0);
  const bars = funnel.locator('svg text', { hasText: ' · ' });
  await expect(bars).toHaveCount(4);
  const settledBar = bars.nth(3);
  expect(countOf(((await settledBar.textContent()) ?? '').split('·')[0] ?? '')).toBe(settled);
  await settledBar.click();

  await expect(page).toHaveURL(/\/transactions\/payin\?.*funnelStageMin=3/);
  await expect(page.getByRole('main').getByRole('navigation', { name: 'Pages' })).toBeVisible();
  const list = new TransactionListPage(page, 'Pay-in');
  await expect(list.chip('Funnel stage')).toHaveText('Funnel stage: Settled');
  await expect(list.chip('Submit time')).toHaveText(`Submit time: ${RANGE.from} – ${RANGE.to}`);
  await expect.poll(() => list.total()).toBe(settled);
  // Every row of the page shown reached settlement.
  for (const status of await (await list.column('Status')).allInnerTexts()) {
    expect(['Settled', 'Refunding', 'Refunded', 'Charged back']).toContain(status.trim());
  }

  // The most frequent fail reason of the ranking, from its row (the keyboard's way in).
  await openSituation(page);
  const firstReason = reasons.locator('tbody tr.ant-table-row').first().getByRole('link');
  await expect(firstReason).toBeVisible();
  const reason = (await firstReason.innerText()).trim();
  const name = (await firstReason.getAttribute('aria-label')) ?? '';
  const failures = countOf(/^View the ([\d,]+) /.exec(name)?.[1] ?? '');
  expect(failures).toBeGreaterThan(0);
  await expect(reasons.locator('tbody tr.ant-table-row').first().getByRole('cell').nth(3)).toHaveText(String(failures));
  await firstReason.click();

  await expect(page).toHaveURL(/\/transactions\/payin\?.*failReason=/);
  await expect(list.chip('Fail reason')).toHaveText(`Fail reason: ${reason === '(no reason given)' ? '(none)' : reason}`);
  await expect.poll(() => list.total()).toBe(failures);
  for (const status of await (await list.column('Status')).allInnerTexts()) {
    expect(['Failed', 'Rejected', 'Expired']).toContain(status.trim());
  }

  // Removing the reason widens the list back to every pay-in of those dates.
  await list.searchBar.getByRole('button', { name: 'Remove filter Fail reason' }).click();
  await expect(page).not.toHaveURL(/failReason=/);
  await expect.poll(async () => list.total()).toBeGreaterThan(failures);
});

test('tokenization compares token and card-number pay-ins, and drills down to them', async ({ page }) => {
  await signInAsAdmin(page, 'BR');
  await page.goto(`/revenue-assurance/tokenization?range=${RANGE.from}~${RANGE.to}`);
  await expect(page.getByRole('heading', { name: 'Tokenization', level: 4 })).toBeVisible();
  const totals = page.getByRole('region', { name: 'Token and PAN in these dates' });
  const token = totals.getByRole('link', { name: /^View the [\d,]+ card pay-ins with a network token of / });
  await expect(token).toBeVisible();
  const count = countOf(await token.innerText());
  expect(count).toBeGreaterThan(0);
  await token.click();
  await expect(page).toHaveURL(/\/transactions\/payin\?.*cardToken=TOKEN/);
  const list = new TransactionListPage(page, 'Pay-in');
  await expect(list.chip('Card credential')).toHaveText('Card credential: Network token');
  await expect.poll(() => list.total()).toBe(count);
  for (const product of await (await list.column('Product type')).allInnerTexts()) expect(product.trim()).toBe('Card');
});
