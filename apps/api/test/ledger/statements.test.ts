import { COUNTRIES, COUNTRY_INFO } from '@andes/contract/common/countries';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { ledgerEntries, ledgerPostings } from '../../src/db/schema/ledger.ts';
import { accountDailyBalances, statementLines } from '../../src/db/schema/statements.ts';
import { entryAlignedChunks } from '../../src/modules/ledger/ledger.repository.ts';
import {
  ensureLocalAccount,
  type LockedAccounts,
  lock,
  systemAccounts,
  write,
  writeMany,
} from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { chargedBack, payinSettled, payoutReserved, payoutSettled, released } from '../../src/modules/ledger/posting-rules.ts';
import { createTestApp, type TestApp } from '../helper.ts';
import { merchantId } from './support.ts';

/**
 * The statement of an account (migration 0015's trigger on ledger_postings): lines per entry and
 * item with the book balance after each, and daily rows in the account's zone — whatever writes
 * the postings. ledger-check proves both against the postings after every test.
 */

let t: TestApp;
let demo: number;
beforeAll(async () => {
  t = await createTestApp();
  demo = await merchantId(t.db, 'ANDES-DEMO');
});
afterAll(async () => t?.close());

/**
 * ledger-check of one account, less PENDING_MISMATCH: these entries are written by the posting
 * rules alone, without the releases the ingestion API schedules beside a settlement.
 */
async function violationsOf(accountId: number) {
  return (await checkLedger(t.db, [accountId])).filter((v) => v.kind !== 'PENDING_MISMATCH');
}

async function linesOf(accountId: number) {
  const rows = await t.db.select().from(statementLines).where(eq(statementLines.accountId, accountId)).orderBy(asc(statementLines.id));
  return rows.map((l) => ({
    event: l.event,
    item: l.item,
    category: l.category,
    amount: l.amount,
    balanceAfter: l.balanceAfter,
    localDate: l.localDate,
  }));
}

async function daysOf(accountId: number) {
  return t.db
    .select()
    .from(accountDailyBalances)
    .where(eq(accountDailyBalances.accountId, accountId))
    .orderBy(asc(accountDailyBalances.localDate));
}

/** Writes rules' entries on one account in one database transaction each. */
async function post(
  accountId: number,
  currency: string,
  at: string,
  rule: (
    locked: LockedAccounts,
    sys: Awaited<ReturnType<typeof systemAccounts>>,
  ) => Parameters<typeof write>[2] extends infer L ? { kind: Parameters<typeof write>[1]['kind']; lines: L } : never,
) {
  await t.db.transaction(async (tx) => {
    const locked = await lock(tx, [accountId]);
    const sys = await systemAccounts(tx, currency);
    const draft = rule(locked, sys);
    await write(tx, { kind: draft.kind, effectiveAt: new Date(at) }, draft.lines, locked);
  });
}

describe('statement lines', () => {
  test('a pay-in settled is its gross amount, then its fee and VAT; a release or a reservation moves no book balance', async () => {
    const account = await t.db.transaction((tx) => ensureLocalAccount(tx, demo, 'MX', 'PAY_IN'));
    const state = (l: LockedAccounts) => l.get(account.id) as NonNullable<ReturnType<LockedAccounts['get']>>;
    await post(account.id, 'MXN', '2026-03-02T15:00:00Z', (l, sys) => payinSettled(state(l), sys, 10_000, 300, 48));
    await post(account.id, 'MXN', '2026-03-03T15:00:00Z', (l) => released(state(l), 9_652));
    await post(account.id, 'MXN', '2026-03-03T16:00:00Z', (l) => payoutReserved(state(l), 2_000));
    await post(account.id, 'MXN', '2026-03-04T16:00:00Z', (l, sys) => payoutSettled(state(l), sys, 2_000, 100, 16));
    expect(await linesOf(account.id)).toEqual([
      { event: 'PAYIN_SETTLED', item: 'AMOUNT', category: 'PAYIN', amount: 10_000, balanceAfter: 10_000, localDate: '2026-03-02' },
      { event: 'PAYIN_SETTLED', item: 'FEE', category: 'FEE', amount: -300, balanceAfter: 9_700, localDate: '2026-03-02' },
      { event: 'PAYIN_SETTLED', item: 'VAT', category: 'TAX', amount: -48, balanceAfter: 9_652, localDate: '2026-03-02' },
      { event: 'PAYOUT_SETTLED', item: 'AMOUNT', category: 'PAYOUT', amount: -2_000, balanceAfter: 7_652, localDate: '2026-03-04' },
      { event: 'PAYOUT_SETTLED', item: 'FEE', category: 'FEE', amount: -100, balanceAfter: 7_552, localDate: '2026-03-04' },
      { event: 'PAYOUT_SETTLED', item: 'VAT', category: 'TAX', amount: -16, balanceAfter: 7_536, localDate: '2026-03-04' },
    ]);
    const days = await daysOf(account.id);
    expect(
      days.map((d) => [d.localDate, d.opening, d.payin, d.fee, d.tax, d.payout, d.closing, d.payinCount, d.payoutCount, d.lineCount]),
    ).toEqual([
      ['2026-03-02', 0, 10_000, -300, -48, 0, 9_652, 1, 0, 3],
      ['2026-03-04', 9_652, 0, -100, -16, -2_000, 7_536, 0, 1, 3],
    ]);
    expect(await violationsOf(account.id)).toEqual([]);
  });

  test('a chargeback the balance cannot cover still books its amount and fee; the balance goes below zero as the holder owes', async () => {
    const account = await t.db.transaction((tx) => ensureLocalAccount(tx, demo, 'PE', 'PAY_IN'));
    const state = (l: LockedAccounts) => l.get(account.id) as NonNullable<ReturnType<LockedAccounts['get']>>;
    await post(account.id, 'PEN', '2026-03-02T15:00:00Z', (l, sys) => chargedBack(state(l), sys, 5_000, 1_500, 0));
    expect(await linesOf(account.id)).toEqual([
      { event: 'CHARGEBACK', item: 'AMOUNT', category: 'CHARGEBACK', amount: -5_000, balanceAfter: -5_000, localDate: '2026-03-02' },
      { event: 'CHARGEBACK', item: 'FEE', category: 'FEE', amount: -1_500, balanceAfter: -6_500, localDate: '2026-03-02' },
    ]);
    expect(await violationsOf(account.id)).toEqual([]);
  });

  test('days are local days of the zone across a DST change, and a late event is booked at the last booking, never before', async () => {
    // America/New_York: 2026-03-08 02:00 EST → 03:00 EDT; local midnight is 05:00Z before, 04:00Z after.
    const account = await t.db.transaction((tx) => ensureLocalAccount(tx, demo, 'US', 'PAY_IN'));
    const state = (l: LockedAccounts) => l.get(account.id) as NonNullable<ReturnType<LockedAccounts['get']>>;
    await post(account.id, 'USD', '2026-03-08T04:59:59Z', (l, sys) => payinSettled(state(l), sys, 100, 0, 0)); // 23:59:59 EST on the 7th
    await post(account.id, 'USD', '2026-03-08T05:00:00Z', (l, sys) => payinSettled(state(l), sys, 200, 0, 0)); // 00:00 on the 8th
    await post(account.id, 'USD', '2026-03-09T03:59:59Z', (l, sys) => payinSettled(state(l), sys, 300, 0, 0)); // 23:59:59 EDT on the 8th
    await post(account.id, 'USD', '2026-03-09T04:00:00Z', (l, sys) => payinSettled(state(l), sys, 400, 0, 0)); // 00:00 EDT on the 9th
    // An event that happened on the 7th but arrives now is booked on the 9th, where the balance takes it.
    await post(account.id, 'USD', '2026-03-07T12:00:00Z', (l, sys) => payinSettled(state(l), sys, 500, 0, 0));
    const lines = await t.db.select().from(statementLines).where(eq(statementLines.accountId, account.id)).orderBy(asc(statementLines.id));
    expect(lines.map((l) => [l.localDate, l.amount, l.balanceAfter])).toEqual([
      ['2026-03-07', 100, 100],
      ['2026-03-08', 200, 300],
      ['2026-03-08', 300, 600],
      ['2026-03-09', 400, 1_000],
      ['2026-03-09', 500, 1_500],
    ]);
    expect(lines[4]?.bookedAt.toISOString()).toBe('2026-03-09T04:00:00.000Z');
    expect((await daysOf(account.id)).map((d) => [d.localDate, d.opening, d.closing])).toEqual([
      ['2026-03-07', 0, 100],
      ['2026-03-08', 100, 600],
      ['2026-03-09', 600, 1_500],
    ]);
    expect(await violationsOf(account.id)).toEqual([]);
  });

  test('thousands of entries written at once are cut into statements at entry boundaries: every fee keeps its line', async () => {
    const account = await t.db.transaction((tx) => ensureLocalAccount(tx, demo, 'CO', 'PAY_IN'));
    await t.db.transaction(async (tx) => {
      const locked = await lock(tx, [account.id]);
      const sys = await systemAccounts(tx, 'COP');
      const state = locked.get(account.id) as NonNullable<ReturnType<LockedAccounts['get']>>;
      // 1,700 entries of 3 postings (5,100): a statement of 5,000 postings would end inside entry 1,667.
      const entries = Array.from({ length: 1_700 }, (_, i) => ({
        meta: { kind: 'PAYIN_SETTLED' as const, effectiveAt: new Date(Date.UTC(2026, 2, 10, 12, 0, i)) },
        lines: payinSettled(state, sys, 1_000 + i, 30, 0).lines,
      }));
      await writeMany(tx, entries, locked);
    });
    const [counts] = await t.db
      .select({ fees: sql<number>`count(*) filter (where ${statementLines.item} = 'FEE')::int`, all: sql<number>`count(*)::int` })
      .from(statementLines)
      .where(eq(statementLines.accountId, account.id));
    expect(counts).toEqual({ fees: 1_700, all: 3_400 });
    expect(await violationsOf(account.id)).toEqual([]);
  });

  test('the cut never falls inside an entry', () => {
    const entryOf = (i: number) => Math.floor(i / 3);
    expect(entryAlignedChunks(10, 4, entryOf)).toEqual([6, 10]);
    expect(entryAlignedChunks(9, 3, entryOf)).toEqual([3, 6, 9]);
    expect(entryAlignedChunks(0, 3, entryOf)).toEqual([]);
  });

  test('the database zone of each country is the contract’s', async () => {
    const rows = await t.db.execute(sql`select c, country_time_zone(c) as zone from unnest(${`{${COUNTRIES.join(',')}}`}::text[]) as c`);
    const zones = Object.fromEntries((rows as unknown as { rows: { c: string; zone: string }[] }).rows.map((r) => [r.c, r.zone]));
    expect(zones).toEqual(Object.fromEntries(COUNTRIES.map((c) => [c, COUNTRY_INFO[c].timezoneName])));
  });
});

describe('ledger-check over the statements', () => {
  test('finds a line that differs from its postings, a broken chain and a daily row that does not follow the previous day', async () => {
    const account = await t.db.transaction((tx) => ensureLocalAccount(tx, demo, 'CL', 'PAY_IN'));
    const state = (l: LockedAccounts) => l.get(account.id) as NonNullable<ReturnType<LockedAccounts['get']>>;
    await post(account.id, 'CLP', '2026-04-01T15:00:00Z', (l, sys) => payinSettled(state(l), sys, 10_000, 100, 19));
    await post(account.id, 'CLP', '2026-04-02T15:00:00Z', (l, sys) => payinSettled(state(l), sys, 20_000, 200, 38));
    expect(await violationsOf(account.id)).toEqual([]);
    const [first] = await t.db
      .select()
      .from(statementLines)
      .where(eq(statementLines.accountId, account.id))
      .orderBy(asc(statementLines.id))
      .limit(1);
    const id = first?.id ?? 0;
    await t.db
      .update(statementLines)
      .set({ amount: sql`${statementLines.amount} + 1` })
      .where(eq(statementLines.id, id));
    await t.db.update(accountDailyBalances).set({ opening: 5 }).where(eq(accountDailyBalances.localDate, '2026-04-02'));
    try {
      const kinds = [...new Set((await violationsOf(account.id)).map((v) => v.kind))].sort();
      expect(kinds).toEqual(['DAILY_CHAIN', 'DAILY_MISMATCH', 'STATEMENT_CHAIN', 'STATEMENT_MISMATCH']);
    } finally {
      await t.db
        .update(statementLines)
        .set({ amount: sql`${statementLines.amount} - 1` })
        .where(eq(statementLines.id, id));
      await t.db.update(accountDailyBalances).set({ opening: 9_881 }).where(eq(accountDailyBalances.localDate, '2026-04-02'));
    }
    expect(await violationsOf(account.id)).toEqual([]);
  });

  test('finds fee lines missing from an entry whose postings came in two statements', async () => {
    const account = await t.db.transaction((tx) => ensureLocalAccount(tx, demo, 'ZA', 'PAY_IN'));
    const sys = await t.db.transaction((tx) => systemAccounts(tx, 'ZAR'));
    const [entry] = await t.db
      .insert(ledgerEntries)
      .values({ kind: 'PAYIN_SETTLED', effectiveAt: new Date('2026-04-01T10:00:00Z') })
      .returning({ id: ledgerEntries.id });
    const entryId = entry?.id ?? 0;
    const effectiveAt = new Date('2026-04-01T10:00:00Z');
    await t.db.insert(ledgerPostings).values([
      { entryId, accountId: sys.clearing, bucket: 'MAIN', currency: 'ZAR', amount: -1_000, balanceAfter: 0, effectiveAt },
      { entryId, accountId: account.id, bucket: 'PENDING', currency: 'ZAR', amount: 950, balanceAfter: 950, effectiveAt },
    ]);
    await t.db
      .insert(ledgerPostings)
      .values([{ entryId, accountId: sys.fees, bucket: 'MAIN', currency: 'ZAR', amount: 50, balanceAfter: 0, effectiveAt }]);
    const found = (await violationsOf(account.id)).filter((v) => v.kind === 'FEE_SPLIT_MISMATCH');
    expect(found).toMatchObject([{ entryId, accountId: account.id, expected: -50, actual: 0 }]);
    await t.db.delete(statementLines).where(eq(statementLines.entryId, entryId));
    await t.db.delete(accountDailyBalances).where(eq(accountDailyBalances.accountId, account.id));
    await t.db.delete(ledgerPostings).where(eq(ledgerPostings.entryId, entryId));
    await t.db.delete(ledgerEntries).where(eq(ledgerEntries.id, entryId));
    expect(await checkLedger(t.db, [account.id])).toEqual([]);
  });
});
