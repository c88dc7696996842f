import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { payerLinkQuery, paymentLinkList } from '@andes/contract/payment-link/endpoints';
import type { PayerLink, PaymentLinkPage } from '@andes/contract/payment-link/schemas';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { seedDemoPaymentLinks } from '../../src/db/seed/demo-payment-links.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { createTestApp, envelope, post, signIn, type TestApp } from '../helper.ts';

/** The demo's payment links (docs/decisions/0035): one of each state, the paid one with its settled pay-in. */

let t: TestApp;
let made = 0;
beforeAll(async () => {
  t = await createTestApp();
  const deps = { db: t.db, clock: t.clock, secretBox: t.app.andes.secretBox, blobs: t.blobs, log: t.app.log };
  made = await seedDemoPaymentLinks(deps);
  // Once only.
  expect(await seedDemoPaymentLinks(deps)).toBe(0);
});
afterAll(async () => t?.close());

test('ACTIVE, PAID (with its pay-in), EXPIRED and CANCELLED links, whose URLs open', async () => {
  expect(made).toBe(5);
  const admin = await signIn(t.app, login.path, 'admin');
  const statuses: string[] = [];
  for (const country of ['BR', 'MX', 'CO']) {
    const page = envelope<PaymentLinkPage>(await post(t.app, paymentLinkList.path, { country }, { token: admin }));
    expect(page.code).toBe(ResultCode.OK);
    for (const link of page.data.list) {
      statuses.push(link.status);
      if (link.status === 'PAID') expect(link.paymentId).toMatch(/^LPDEMO/);
      const payer = envelope<PayerLink>(await post(t.app, payerLinkQuery.path, { token: link.url.split('/pay/')[1] }, { ip: '10.60.0.1' }));
      expect(payer.data.status).toBe(link.status);
    }
  }
  expect(statuses.sort()).toEqual(['ACTIVE', 'ACTIVE', 'CANCELLED', 'EXPIRED', 'PAID']);
  expect(await checkLedger(t.db)).toEqual([]);
});
