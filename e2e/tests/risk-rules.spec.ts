import { randomBytes } from 'node:crypto';
import { ruleAdd } from '@andes/contract/risk/endpoints';
import type { RiskDecisionView, RiskRule } from '@andes/contract/risk/schemas';
import { transactionPage } from '@andes/contract/transaction/endpoints';
import { expect, test } from '@playwright/test';
import { call, signInToken } from '../api.ts';
import { DEMO } from '../demo-users.ts';
import { signInAsAdmin } from '../pages/app-shell.ts';
import { RiskRulesPage, riskSection } from '../pages/risk-rules-page.ts';
import { sendPlatformEvent } from '../platform.ts';

/*
 * Issue 13: risk rules decide pay-ins. An admin adds a block rule on a document in the editor; the
 * platform reports a pay-in of that document, is told BLOCK, rejects it as it follows the decision,
 * and the pay-in's page names the rule. A saved rule replayed over 30 days shows what it would have
 * done. Values are unique per run, so reruns on the same server do not collide.
 */

const suffix = () => randomBytes(4).toString('hex').toUpperCase();

test('a block rule added in the editor blocks a pay-in of its document, and the pay-in names the rule', async ({ page, request }) => {
  test.slow();
  const document = `E2E${suffix()}`;
  const name = `E2E block ${document}`;
  await signInAsAdmin(page, 'BR');
  const rules = new RiskRulesPage(page);
  await rules.open('BLOCK');
  await rules.addListRule('Block', name, [document]);
  await rules.open('BLOCK', name);
  await expect(rules.row(name)).toContainText(document);
  await expect(rules.row(name)).toContainText('v1');

  // The platform reports a card pay-in of that document; the acknowledgement carries the decision.
  const uniqueId = `E2E-RISK-${suffix()}`;
  const occurredAt = new Date().toISOString();
  const created = await sendPlatformEvent(request, {
    eventId: `${uniqueId}.created`,
    type: 'transaction.created',
    occurredAt,
    merchantCode: 'ANDES-DEMO',
    data: {
      uniqueId,
      merchantReference: `order-${uniqueId}`,
      transactionType: 'PAY_IN',
      status: 'IN_PROGRESS',
      country: 'BR',
      currency: 'BRL',
      productType: 'PIX',
      amount: 12_345,
      payer: { name: 'Risco Teste', document, documentType: 'CPF' },
      risk: { ip: '203.0.113.9', score: 12 },
    },
  } as never);
  expect(created.code, created.msg).toBe(200);
  const decision = (created.data as { risk?: RiskDecisionView }).risk;
  expect(decision?.decision).toBe('BLOCK');
  expect(decision?.rules.map((r) => r.name)).toContain(name);
  // The platform follows the decision.
  const rejected = await sendPlatformEvent(request, {
    eventId: `${uniqueId}.rejected`,
    type: 'transaction.status_changed',
    occurredAt,
    merchantCode: 'ANDES-DEMO',
    data: { uniqueId, status: 'REJECTED', reason: 'Blocked by the merchant’s risk rules' },
  } as never);
  expect(rejected.code, rejected.msg).toBe(200);

  const token = await signInToken(request, DEMO.admin.username, DEMO.admin.password);
  const found = await call(request, transactionPage, { list: 'payin', country: 'BR', uniqueId } as never, { token });
  const id = (found.data as { list: { id: number }[] }).list[0]?.id;
  expect(id).toBeGreaterThan(0);
  await page.goto(`/transactions/detail/${id}`);
  await expect(page.getByRole('heading', { name: `Transaction ${uniqueId}` })).toBeVisible();
  const risk = riskSection(page);
  await expect(risk.locator('.ant-descriptions-item', { hasText: 'Rules decided' })).toContainText('Block');
  await expect(risk.locator('.ant-descriptions-item', { hasText: 'Final decision' })).toContainText('Block');
  const fired = risk.getByRole('region', { name: 'Rules that fired' });
  await expect(fired).toContainText(name);
  await expect(fired).toContainText('Block · v1');
  await expect(fired).toContainText(`Matched ${document}`);
});

test('a saved rule replayed over 30 days shows what it would have blocked and caught', async ({ page, request }) => {
  test.slow();
  const token = await signInToken(request, DEMO.admin.username, DEMO.admin.password);
  const name = `E2E replay ${suffix()}`;
  const added = await call(
    request,
    ruleAdd,
    {
      country: 'BR',
      type: 'ML_SCORE_CUTOFF',
      template: 'SCORE_AT_LEAST',
      name,
      score: 60,
      enabled: false,
      sendToCaseManagement: false,
      requestId: `e2e${suffix()}${suffix()}`,
    },
    { token },
  );
  expect(added.code, added.msg).toBe(200);
  expect((added.data as RiskRule).version).toBe(1);

  await signInAsAdmin(page, 'BR');
  const rules = new RiskRulesPage(page);
  await rules.open('ML_SCORE_CUTOFF', name);
  await expect(rules.row(name)).toContainText('60');
  const drawer = await rules.openReplay(name);
  await expect(drawer.getByText('This rule has not been replayed yet.')).toBeVisible();
  await expect(drawer.getByRole('radio', { name: '30 days' })).toBeChecked();
  await drawer.getByRole('button', { name: 'Start replay' }).click();
  const result = drawer.getByRole('group', { name: 'Replay result' });
  await expect(result).toBeVisible({ timeout: 60_000 });
  await expect(drawer.getByText('Complete', { exact: true })).toBeVisible();
  for (const figure of [
    'Pay-ins evaluated',
    'Would have blocked',
    'Would have sent to review',
    'Chargebacks caught',
    'Approved pay-ins hit',
  ]) {
    await expect(result.getByText(figure, { exact: true })).toBeVisible();
  }
  await expect(result).toContainText(/\d+ of \d+/);
  await expect(result).toContainText(/\d+\.\d% → \d+\.\d%/);
  await expect(result.getByText('Sample of the pay-ins it fired on')).toBeVisible();
});
