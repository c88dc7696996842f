import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import { amountSummary, balanceQuery } from '@andes/contract/home/endpoints';
import type { AmountSummary, BalanceQuery } from '@andes/contract/home/schemas';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts, ledgerEntries, ledgerPostings } from '../../src/db/schema/ledger.ts';
import { merchants } from '../../src/db/schema/merchants.ts';
import { releaseDue } from '../../src/jobs/settlement-release.job.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { createTestApp, type Envelope, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { EventFactory, sendEvent, withPlatformToken } from '../ledger/support.ts';

/**
 * Home against the ledger: what the platform's events post is what Home shows. Settled pay-ins
 * minus their fees and VAT on Home equal the merchant's share the ledger credited, and the
 * balances equal the sums of the postings.
 */

const START = new Date('2026-03-02T15:00:00.000Z');
const DAY = 86_400_000;

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(START) });
  await withPlatformToken(t.db);
  admin = await signIn(t.app, login.path, 'admin');
});
afterAll(async () => t?.close());

async function call<T>(path: string, body: unknown): Promise<T> {
  const res = envelope<T>(await post(t.app, path, body, { token: admin })) as Envelope<T>;
  expect(res.code, res.msg).toBe(ResultCode.OK);
  return res.data;
}

/** Cents the ledger put into one bucket of ANDES-DEMO's own BR accounts, by entries of `kind`. */
async function posted(bucket: 'PENDING' | 'DEPOSIT_HELD' | 'AVAILABLE', kinds: string[]): Promise<number> {
  const [merchant] = await t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, 'ANDES-DEMO'));
  const [row] = await t.db
    .select({ sum: sql<number>`coalesce(sum(${ledgerPostings.amount}), 0)::bigint` })
    .from(ledgerPostings)
    .innerJoin(accounts, eq(accounts.id, ledgerPostings.accountId))
    .innerJoin(ledgerEntries, eq(ledgerEntries.id, ledgerPostings.entryId))
    .where(
      and(
        eq(accounts.merchantId, merchant?.id ?? -1),
        eq(accounts.country, 'BR'),
        eq(ledgerPostings.bucket, bucket),
        inArray(ledgerEntries.kind, kinds as never[]),
      ),
    );
  return Number(row?.sum ?? 0);
}

describe('Home and the ledger agree', () => {
  test("the country's settled pay-ins minus fees and VAT equal what the ledger credited, before and after release", async () => {
    const f = new EventFactory('home-ledger', START);
    const pays = [
      { amount: 150_000, fee: 1_500, vat: 0, deposit: 0 },
      { amount: 80_050, fee: 990, vat: 158, deposit: 0 },
      { amount: 1_234_500, fee: 49_380, vat: 9_876, deposit: 58_762 },
      { amount: 7_700, fee: 77, vat: 0, deposit: 0 },
    ];
    for (const p of pays) {
      const uniqueId = f.uniqueId('pay');
      expect((await sendEvent(t.app, f.created({ uniqueId, amount: p.amount }))).code).toBe(ResultCode.OK);
      const settled = await sendEvent(t.app, f.settled(uniqueId, { fee: p.fee, vat: p.vat, deposit: p.deposit, availableInDays: 1 }));
      expect(settled.code, settled.msg).toBe(ResultCode.OK);
    }
    // A failed pay-in moves no money and is not a success.
    const failed = f.uniqueId('pay');
    await sendEvent(t.app, f.created({ uniqueId: failed, amount: 999_999 }));
    await sendEvent(t.app, f.statusChanged(failed, 'FAILED'));

    const range = { country: 'BR', from: '2026-03-01', to: '2026-03-02' };
    const summary = await call<AmountSummary>(amountSummary.path, range);
    const expectedNet = pays.reduce((s, p) => s + p.amount - p.fee - p.vat, 0);
    expect(summary.payin.successCount).toBe(pays.length);
    expect(summary.payin.count).toBe(pays.length + 1);
    expect(summary.payin.successAmount - summary.fee - summary.vat).toBe(expectedNet);
    const credited = (await posted('PENDING', ['PAYIN_SETTLED'])) + (await posted('DEPOSIT_HELD', ['PAYIN_SETTLED']));
    expect(summary.payin.successAmount - summary.fee - summary.vat).toBe(credited);

    const before = await call<BalanceQuery>(balanceQuery.path, { country: 'BR' });
    expect(before.currency).toBe('BRL');
    expect(before.total.pending).toBe(await posted('PENDING', ['PAYIN_SETTLED']));
    expect(before.total.depositHeld).toBe(58_762);
    expect(before.total.available).toBe(0);

    // A day later the release job makes the pending money available: Home follows the ledger.
    t.clock.set(new Date(START.getTime() + 2 * DAY));
    await releaseDue(t.db, t.clock);
    admin = await signIn(t.app, login.path, 'admin');
    const after = await call<BalanceQuery>(balanceQuery.path, { country: 'BR' });
    expect(after.total.pending).toBe(0);
    expect(after.total.available).toBe(expectedNet - 58_762);
    expect(after.total.available).toBe(await posted('AVAILABLE', ['RELEASE']));
    expect(after.total.balance).toBe(expectedNet);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
