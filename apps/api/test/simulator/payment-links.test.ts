import type { AddressInfo } from 'node:net';
import { ResultCode } from '@andes/contract/common/envelope';
import { payerLinkPay, payerLinkQuery, paymentLinkGenerate } from '@andes/contract/payment-link/endpoints';
import type { PayerLink, PaymentLink } from '@andes/contract/payment-link/schemas';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { paymentLinks } from '../../src/db/schema/payment-links.ts';
import { transactions } from '../../src/db/schema/transactions.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { planOfferedLinkPayment } from '../../src/simulator/lifecycle.ts';
import { startSimulator } from '../../src/simulator/runner.ts';
import { markSimulated } from '../../src/simulator/running.ts';
import { createTestApp, envelope, post, signIn, type TestApp, testConfig } from '../helper.ts';
import { PLATFORM_TOKEN, withPlatformToken } from '../ledger/support.ts';

/**
 * The simulator plays the provider's checkout of payment links (docs/decisions/0035) against the
 * real app: a payer chooses to pay on the link's page, the simulator claims the payment, reports a
 * pay-in through the link and its outcome; the link ends PAID with that pay-in (a failed one lets
 * the payer pay again, which the test does until every link is paid).
 */

const fast = { compress: (ms: number) => Math.min(ms, 150) };
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

let t: TestApp;
let admin: string;
const links: PaymentLink[] = [];
let pays = 0;
let simulatedSeen = false;

let calls = 0;
/** Each payer call from its own address: the page's polling is not what the rate limit is about here. */
const payerCall = <T>(path: string, token: string) => {
  calls += 1;
  return post(t.app, path, { token }, { ip: `10.50.${Math.floor(calls / 250) % 250}.${(calls % 250) + 1}` }).then((r) => envelope<T>(r));
};
const tokenOf = (l: PaymentLink) => l.url.split('/pay/')[1] ?? '';

beforeAll(async () => {
  // The wall clock: a payer's second try is a new request (its time), as in a real installation.
  const wallClock = Object.assign(() => new Date(), { set: () => undefined, advance: () => undefined });
  t = await createTestApp({ clock: wallClock, config: { platform: { ...testConfig().platform, simulator: true } } });
  await withPlatformToken(t.db);
  admin = await signIn(t.app, '/dashboard/auth/login', 'admin');
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  const port = (t.app.server.address() as AddressInfo).port;
  const sim = startSimulator({
    baseUrl: `http://127.0.0.1:${port}`,
    token: PLATFORM_TOKEN,
    ratePerSecond: 0.2,
    merchants: [{ merchantCode: 'CONDOR', countries: ['MX'], weight: 1 }],
    seed: 'payment-links',
    timing: fast,
    claimEveryMs: 200,
    fxEveryMs: 0,
    messageEveryMs: 0,
    log: () => undefined,
  });
  markSimulated(t.app);
  try {
    for (const [productType, amount] of [
      ['PIX', 15_000],
      ['BOLETO', 25_000],
      ['CARD', 40_000],
      ['TED', 120_000],
    ] as const) {
      const res = envelope<PaymentLink>(
        await post(
          t.app,
          paymentLinkGenerate.path,
          { requestId: `sim-${productType}-link`, country: 'BR', productType, amount, description: `Simulated ${productType}` },
          { token: admin },
        ),
      );
      if (res.code !== ResultCode.OK) throw new Error(`generate ${productType}: ${res.msg}`);
      links.push(res.data);
    }
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      let open = 0;
      for (const link of links) {
        const page = await payerCall<PayerLink>(payerLinkQuery.path, tokenOf(link));
        if (page.code !== ResultCode.OK) throw new Error(`payer page: ${page.code} ${page.msg}`);
        simulatedSeen ||= page.data.simulated;
        if (page.data.status === 'PAID') continue;
        open += 1;
        if (page.data.payment === null || page.data.payment === 'FAILED') {
          pays += 1;
          await payerCall(payerLinkPay.path, tokenOf(link));
        }
      }
      if (open === 0) break;
      await sleep(200);
    }
  } finally {
    await sim.stop();
  }
}, 60_000);
afterAll(async () => t?.close());

describe('the simulator pays payment links', () => {
  test('every link was paid through a pay-in of its product, amount and link id', async () => {
    const rows = await t.db
      .select()
      .from(paymentLinks)
      .where(
        inArray(
          paymentLinks.id,
          links.map((l) => l.id),
        ),
      );
    expect(rows.map((r) => r.status)).toEqual(['PAID', 'PAID', 'PAID', 'PAID']);
    for (const r of rows) {
      const [payin] = await t.db
        .select()
        .from(transactions)
        .where(eq(transactions.id, r.paidTransactionId ?? 0));
      expect(payin).toMatchObject({
        transactionType: 'PAY_IN',
        status: 'SETTLED',
        paymentLinkId: r.linkId,
        amount: r.amount,
        productType: r.productType,
        merchantId: r.merchantId,
      });
      expect(payin?.payer).not.toBeNull();
    }
    expect(pays).toBeGreaterThanOrEqual(4);
    expect(await checkLedger(t.db)).toEqual([]);
  });

  test('the payer page says the simulator plays the checkout', () => {
    expect(simulatedSeen).toBe(true);
  });

  test('an offer seen twice plans the same events (idempotent), a new request other ones', () => {
    const offer = {
      linkId: 'PLABCDEFGHJKLMNPQR',
      merchantCode: 'ANDES-DEMO',
      subMerchantCode: null,
      country: 'BR' as const,
      currency: 'BRL' as const,
      productType: 'PIX' as const,
      amount: 12_345,
      description: 'x',
      installments: null,
      payerEmail: null,
      requestedAt: '2026-03-01T12:00:00.000Z',
    };
    const a = planOfferedLinkPayment(offer, 1_000, fast);
    const b = planOfferedLinkPayment(offer, 1_000, fast);
    expect(a.events.map((e) => e.event)).toEqual(b.events.map((e) => e.event));
    const first = a.events[0]?.event;
    expect(first?.type).toBe('transaction.created');
    if (first?.type === 'transaction.created')
      expect(first.data).toMatchObject({ amount: 12_345, paymentLinkId: offer.linkId, productType: 'PIX' });
    const again = planOfferedLinkPayment({ ...offer, requestedAt: '2026-03-01T12:05:00.000Z' }, 1_000, fast);
    expect(again.uniqueId).not.toBe(a.uniqueId);
  });
});
