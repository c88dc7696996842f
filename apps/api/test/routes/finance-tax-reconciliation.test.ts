import { ResultCode } from '@andes/contract/common/envelope';
import { reconciliation, taxDetail } from '@andes/contract/finance/endpoints';
import type { Reconciliation, TaxDetail } from '@andes/contract/finance/schemas';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accountDailyBalances, statementLines } from '../../src/db/schema/statements.ts';
import { releaseDue } from '../../src/jobs/settlement-release.job.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { createTestApp, fakeClock, type TestApp } from '../helper.ts';
import { EventFactory, transactionRow, withPlatformToken } from '../ledger/support.ts';
import { accountIdOf, adminOf, at, callJson, send, settledPayin } from './finance-fixtures.ts';

/**
 * `/dashboard/fiance/transaction-tax/detail` (fees and VAT of a transaction or a period, as the
 * ledger booked them) and `/dashboard/fiance/reconciliation` (the period's statement against the
 * postings and the transactions' own figures, and the chain of its days).
 */

const NOW = new Date('2026-03-12T15:00:00.000Z');
const range = { from: '2026-03-01', to: '2026-03-12' };

let t: TestApp;
let admin: string;
let condor: string;
let payin: string;
let payout: string;
let condorPayin: string;
const f = new EventFactory('fin-tax', new Date('2026-03-02T12:00:00.000Z'));

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  await withPlatformToken(t.db);
  admin = await adminOf(t);
  condor = await adminOf(t, 'condor');
  payin = await settledPayin(t, f, { amount: 10_000, fee: 300, vat: 48 });
  const other = await settledPayin(t, f, { amount: 40_000, fee: 800, vat: 128 });
  // Releases, a refund, a chargeback with its fee.
  t.clock.set(new Date('2026-03-04T12:00:00.000Z'));
  await releaseDue(t.db, t.clock);
  t.clock.set(NOW);
  await send(t, at(f.refunded(other, 5_000), '2026-03-05T12:00:00.000Z'), at(f.chargedBack(payin, 2_000, 150), '2026-03-06T12:00:00.000Z'));
  // A payout funded from the global account, settled with its fee and VAT.
  payout = f.uniqueId('po');
  await send(
    t,
    at(f.toppedUp(50_000, 'TAX-TOPUP'), '2026-03-07T12:00:00.000Z'),
    at(f.transferredOut(20_000, { country: 'BR', accountType: 'PAY_OUT', amount: 100_000 }, 'TAX-FX'), '2026-03-07T12:10:00.000Z'),
    at(f.payout({ uniqueId: payout, amount: 30_000 }), '2026-03-08T12:00:00.000Z'),
    at(f.payoutStatus(payout, 'SETTLED', { fee: 400, vat: 64 }), '2026-03-08T13:00:00.000Z'),
  );
  const g = new EventFactory('fin-tax-condor', new Date('2026-03-03T12:00:00.000Z'));
  condorPayin = await settledPayin(t, g, { amount: 9_000, fee: 90, country: 'MX', merchantCode: 'CONDOR' });
});
afterAll(async () => t?.close());

const tax = (body: Record<string, unknown>, token = admin) =>
  callJson<TaxDetail>(t, taxDetail, { country: 'BR', accountType: 'PAY_IN', ...body }, token);
const reconcile = (body: Record<string, unknown> = {}, token = admin) =>
  callJson<Reconciliation>(t, reconciliation, { country: 'BR', accountType: 'PAY_IN', range, ...body }, token);

describe('fees and taxes', () => {
  test('of a transaction by its unique id or merchant reference: its own charges and its chargeback’s, and its own columns', async () => {
    const res = await tax({ transactionKey: payin });
    expect(res.code, res.msg).toBe(ResultCode.OK);
    const row = await transactionRow(t.db, payin);
    expect(res.data).toEqual({
      currency: 'BRL',
      timezoneName: 'America/Sao_Paulo',
      range: null,
      transaction: {
        id: row?.id,
        uniqueId: payin,
        merchantReference: row?.merchantReference,
        transactionType: 'PAY_IN',
        amount: 10_000,
        fee: 300,
        vat: 48,
      },
      rows: [
        { item: 'FEE', event: 'CHARGEBACK', amount: 150, count: 1 },
        { item: 'FEE', event: 'PAYIN_SETTLED', amount: 300, count: 1 },
        { item: 'VAT', event: 'PAYIN_SETTLED', amount: 48, count: 1 },
      ],
      totals: { fee: 450, vat: 48, total: 498 },
    });
    const byReference = await tax({ transactionKey: row?.merchantReference });
    expect(byReference.data.transaction?.uniqueId).toBe(payin);
    expect(byReference.data.totals).toEqual(res.data.totals);
  });

  test('of a period: every fee and VAT line per kind and event; a payout’s on the PAY_OUT account', async () => {
    const res = await tax({ range });
    expect(res.data.range).toEqual(range);
    expect(res.data.transaction).toBeNull();
    expect(res.data.rows).toEqual([
      { item: 'FEE', event: 'CHARGEBACK', amount: 150, count: 1 },
      { item: 'FEE', event: 'PAYIN_SETTLED', amount: 1_100, count: 2 },
      { item: 'VAT', event: 'PAYIN_SETTLED', amount: 176, count: 2 },
    ]);
    expect(res.data.totals).toEqual({ fee: 1_250, vat: 176, total: 1_426 });
    const out = await tax({ accountType: 'PAY_OUT', range });
    expect(out.data.rows).toEqual([
      { item: 'FEE', event: 'PAYOUT_SETTLED', amount: 400, count: 1 },
      { item: 'VAT', event: 'PAYOUT_SETTLED', amount: 64, count: 1 },
    ]);
    // Neither a key nor a period: the caller is told to name one.
    const neither = await tax({});
    expect(neither.code).toBe(ResultCode.VALIDATION_FAILED);
    expect(neither.msg).toContain('Name a transaction or a period');
  });

  test('another merchant’s transaction, one of another account, or an unknown key answer NOT_FOUND alike', async () => {
    const unknown = await tax({ transactionKey: 'no-such-transaction' });
    expect(unknown.code).toBe(ResultCode.NOT_FOUND);
    const foreign = await tax({ country: 'MX', transactionKey: condorPayin });
    expect({ code: foreign.code, msg: foreign.msg }).toEqual({ code: unknown.code, msg: unknown.msg });
    expect((await tax({ country: 'MX', transactionKey: payin }, condor)).code).toBe(ResultCode.NOT_FOUND);
    expect((await tax({ accountType: 'PAY_OUT', transactionKey: payin })).code).toBe(ResultCode.NOT_FOUND);
    expect((await tax({ accountType: 'PAY_OUT', transactionKey: payout })).data.totals).toEqual({ fee: 400, vat: 64, total: 464 });
  });
});

describe('reconciliation', () => {
  test('after settlements, releases, a refund, a chargeback, a transfer and a payout every figure agrees three ways', async () => {
    expect(await checkLedger(t.db)).toEqual([]);
    const res = await reconcile();
    expect(res.code, res.msg).toBe(ResultCode.OK);
    expect(res.data.balanced).toBe(true);
    expect(res.data.rows).toEqual([
      { category: 'PAYIN', count: 2, statement: 50_000, postings: 50_000, transactions: 50_000, difference: 0 },
      { category: 'REFUND', count: 1, statement: -5_000, postings: -5_000, transactions: -5_000, difference: 0 },
      { category: 'CHARGEBACK', count: 1, statement: -2_000, postings: -2_000, transactions: -2_000, difference: 0 },
      { category: 'FEE', count: 3, statement: -1_250, postings: -1_250, transactions: -1_250, difference: 0 },
      { category: 'TAX', count: 2, statement: -176, postings: -176, transactions: -176, difference: 0 },
    ]);
    expect(res.data.chain).toEqual({ openingBalance: 0, movements: 41_574, closingBalance: 41_574, brokenDays: [] });
    const out = await reconcile({ accountType: 'PAY_OUT' });
    expect(out.data.balanced).toBe(true);
    expect(out.data.rows).toEqual([
      { category: 'PAYOUT', count: 1, statement: -30_000, postings: -30_000, transactions: -30_000, difference: 0 },
      { category: 'FEE', count: 1, statement: -400, postings: -400, transactions: -400, difference: 0 },
      { category: 'TAX', count: 1, statement: -64, postings: -64, transactions: -64, difference: 0 },
      { category: 'FX', count: 1, statement: 100_000, postings: 100_000, transactions: null, difference: 0 },
    ]);
  });

  test('a line that disagrees with the postings, or a day that does not chain, is shown and the period is not balanced', async () => {
    const accountId = (await accountIdOf(t, 'ANDES-DEMO', 'BR', 'PAY_IN')) ?? 0;
    const refundLine = and(eq(statementLines.accountId, accountId), eq(statementLines.category, 'REFUND'));
    const march6 = and(eq(accountDailyBalances.accountId, accountId), eq(accountDailyBalances.localDate, '2026-03-06'));
    // A refund line booked for one cent more than the ledger moved; 6 March's closing off by 7.
    await t.db
      .update(statementLines)
      .set({ amount: sql`${statementLines.amount} - 1` })
      .where(refundLine);
    await t.db
      .update(accountDailyBalances)
      .set({ closing: sql`${accountDailyBalances.closing} + 7` })
      .where(march6);
    try {
      const res = await reconcile();
      expect(res.data.balanced).toBe(false);
      expect(res.data.rows.find((r) => r.category === 'REFUND')).toMatchObject({ statement: -5_001, postings: -5_000, difference: -1 });
      expect(res.data.chain.brokenDays).toEqual(['2026-03-05', '2026-03-06']);
    } finally {
      await t.db
        .update(statementLines)
        .set({ amount: sql`${statementLines.amount} + 1` })
        .where(refundLine);
      await t.db
        .update(accountDailyBalances)
        .set({ closing: sql`${accountDailyBalances.closing} - 7` })
        .where(march6);
    }
    expect((await reconcile()).data.balanced).toBe(true);
  });
});
