import { ResultCode } from '@andes/contract/common/envelope';
import type { TransactionCreatedData } from '@andes/contract/platform/schemas';
import { afterAll, afterEach, beforeAll, describe, expect, test } from 'vitest';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { findMerchantByCode } from '../../src/modules/platform/events.repository.ts';
import { createTransaction } from '../../src/modules/platform/events.service.ts';
import { offerPayout } from '../../src/modules/platform/payouts.outbox.ts';
import { createTestApp, fakeClock, type TestApp } from '../helper.ts';
import { claim, EventFactory, localBalances, sendEvent, transactionRow, withPlatformToken } from '../ledger/support.ts';

/**
 * Dashboard payouts reach the platform through the outbox: reserved and offered in the
 * transaction that creates them, claimed with a lease, offered again when a lease runs out, and
 * no longer offered once the platform answers with a status.
 */

const START = new Date('2026-04-06T12:00:00.000Z');

let t: TestApp;
const f = new EventFactory('outbox', START);

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(START) });
  await withPlatformToken(t.db);
  // Fund ANDES-DEMO's BR payout account: 500 000 BRL cents.
  for (const e of [f.toppedUp(100_000), f.transferredOut(100_000, { country: 'BR', accountType: 'PAY_OUT', amount: 500_000 })]) {
    expect((await sendEvent(t.app, e)).code).toBe(ResultCode.OK);
  }
});
afterAll(async () => t?.close());
afterEach(async () => {
  expect(await checkLedger(t.db)).toEqual([]);
});

/** The dashboard's payout creation as a later issue will do it: reserve, then offer, in one transaction. */
async function dashboardPayout(amount: number, extra: Partial<TransactionCreatedData> = {}): Promise<string> {
  const uniqueId = f.uniqueId('po');
  await t.db.transaction(async (tx) => {
    const merchant = await findMerchantByCode(tx, 'ANDES-DEMO');
    if (!merchant) throw new Error('no demo merchant');
    const row = await createTransaction(
      tx,
      merchant,
      {
        uniqueId,
        merchantReference: `payout-${uniqueId}`,
        transactionType: 'PAY_OUT',
        status: 'CREATED',
        country: 'BR',
        currency: 'BRL',
        productType: 'PIX',
        amount,
        beneficiary: { name: 'Rafael Lima', document: '98765432100', pixKey: '+5511987654321', pixKeyType: 'PHONE' },
        ...extra,
      },
      t.clock(),
      null,
      t.app.andes.blobs,
    );
    if (row.status !== 'REJECTED') await offerPayout(tx, row.id, t.clock());
  });
  return uniqueId;
}

describe('payout outbox', () => {
  let first: string;

  test('a payout created and offered is reserved and claimed with everything the platform needs', async () => {
    first = await dashboardPayout(120_000);
    expect(await localBalances(t.db, 'ANDES-DEMO', 'BR', 'PAY_OUT')).toMatchObject({ AVAILABLE: 380_000, RESERVED: 120_000 });
    const res = await claim(t.app, { limit: 10, leaseSeconds: 60 });
    expect(res.code).toBe(ResultCode.OK);
    expect(res.data.list).toEqual([
      {
        uniqueId: first,
        merchantCode: 'ANDES-DEMO',
        subMerchantCode: null,
        transactionType: 'PAY_OUT',
        country: 'BR',
        currency: 'BRL',
        productType: 'PIX',
        amount: 120_000,
        beneficiary: { name: 'Rafael Lima', document: '98765432100', pixKey: '+5511987654321', pixKeyType: 'PHONE' },
        merchantReference: `payout-${first}`,
        createdAt: START.toISOString(),
        fee: 0,
        vat: 0,
        attempts: 0,
      },
    ]);
  });

  test('a second claim within the lease gets nothing; after the lease it is offered again', async () => {
    t.clock.advance(59_000);
    expect((await claim(t.app)).data.list).toEqual([]);
    t.clock.advance(1_000);
    const again = await claim(t.app, { leaseSeconds: 30 });
    expect(again.data.list.map((p) => [p.uniqueId, p.attempts])).toEqual([[first, 1]]);
  });

  test('payout.status_changed IN_PROGRESS stops the offers', async () => {
    expect((await sendEvent(t.app, f.payoutStatus(first, 'IN_PROGRESS'))).data.outcome).toBe('APPLIED');
    t.clock.advance(3_600_000);
    expect((await claim(t.app)).data.list).toEqual([]);
    expect(await transactionRow(t.db, first)).toMatchObject({ status: 'IN_PROGRESS' });
  });

  test('claims take the oldest first, at most `limit`, and two claims at once never get the same payout', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      t.clock.advance(1_000);
      ids.push(await dashboardPayout(1_000 + i));
    }
    const limited = await claim(t.app, { limit: 2 });
    expect(limited.data.list.map((p) => p.uniqueId)).toEqual(ids.slice(0, 2));
    const [a, b] = await Promise.all([claim(t.app, { limit: 2 }), claim(t.app, { limit: 2 })]);
    const got = [...(a?.data.list ?? []), ...(b?.data.list ?? [])].map((p) => p.uniqueId);
    expect(got.sort()).toEqual(ids.slice(2).sort());
  });

  test('a payout the balance cannot cover is REJECTED and never offered; pay-ins cannot be offered', async () => {
    t.clock.advance(3_600_000);
    const before = (await claim(t.app, { limit: 100 })).data.list.length;
    const rejected = await dashboardPayout(10_000_000);
    expect(await transactionRow(t.db, rejected)).toMatchObject({ status: 'REJECTED', statusReason: 'Insufficient available balance' });
    t.clock.advance(3_600_000);
    expect((await claim(t.app, { limit: 100 })).data.list.map((p) => p.uniqueId)).not.toContain(rejected);
    expect(before).toBe(5);
    await expect(
      t.db.transaction(async (tx) => {
        const merchant = await findMerchantByCode(tx, 'ANDES-DEMO');
        if (!merchant) throw new Error('no demo merchant');
        const payIn = await createTransaction(
          tx,
          merchant,
          {
            uniqueId: f.uniqueId('pi'),
            merchantReference: 'x',
            transactionType: 'PAY_IN',
            status: 'CREATED',
            country: 'BR',
            currency: 'BRL',
            productType: 'PIX',
            amount: 100,
          },
          t.clock(),
          null,
          t.app.andes.blobs,
        );
        await offerPayout(tx, payIn.id, t.clock());
      }),
    ).rejects.toThrow(/only payouts and marketplace orders are offered/);
  });
});
