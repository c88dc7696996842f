import { ResultCode } from '@andes/contract/common/envelope';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { accounts, ledgerEntries, ledgerPostings } from '../../src/db/schema/ledger.ts';
import { accountDailyBalances, statementLines } from '../../src/db/schema/statements.ts';
import { AppError } from '../../src/http/errors.ts';
import { ensureGlobalAccount, ensureLocalAccount, lock, systemAccounts, write } from '../../src/modules/ledger/ledger.service.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { creditAvailable, payoutReserved } from '../../src/modules/ledger/posting-rules.ts';
import { createTestApp, type TestApp } from '../helper.ts';
import { merchantId, postingCount } from './support.ts';

/** The ledger service on its own: accounts, locks, entries and the consistency check. */

let t: TestApp;
let demo: number;
let sub: number;
beforeAll(async () => {
  t = await createTestApp();
  demo = await merchantId(t.db, 'ANDES-DEMO');
  sub = await merchantId(t.db, 'ANDES-DEMO-BR');
});
afterAll(async () => t?.close());

const at = new Date('2026-02-01T10:00:00.000Z');

describe('accounts', () => {
  test('a local account is created once, named after its holder, under the parent merchant, in the country currency', async () => {
    const [a, b] = await Promise.all([
      t.db.transaction((tx) => ensureLocalAccount(tx, sub, 'MX', 'PAY_OUT')),
      t.db.transaction((tx) => ensureLocalAccount(tx, sub, 'MX', 'PAY_OUT')),
    ]);
    expect(a).toEqual(b);
    expect(a).toMatchObject({ holderId: sub, merchantId: demo, country: 'MX', accountType: 'PAY_OUT', currency: 'MXN' });
    const [row] = await t.db
      .select()
      .from(accounts)
      .where(eq(accounts.id, a?.id ?? 0));
    expect(row).toMatchObject({ kind: 'MERCHANT', accountNo: 'ANDES-DEMO-BR.MX.PAY_OUT', available: 0, merchantId: demo });
  });

  test('the global account is USD, one per merchant; sub-merchants have none', async () => {
    const g = await t.db.transaction((tx) => ensureGlobalAccount(tx, demo));
    expect(g.currency).toBe('USD');
    expect((await t.db.transaction((tx) => ensureGlobalAccount(tx, demo))).id).toBe(g.id);
    const [row] = await t.db.select().from(accounts).where(eq(accounts.id, g.id));
    expect(row).toMatchObject({ kind: 'GLOBAL', accountNo: 'ANDES-DEMO.GLOBAL.USD', holderId: demo });
    await expect(t.db.transaction((tx) => ensureGlobalAccount(tx, sub))).rejects.toThrow(/sub-merchant/);
  });

  test('lock answers the balances of merchant accounts and refuses SYSTEM or unknown ones', async () => {
    const account = await t.db.transaction((tx) => ensureLocalAccount(tx, demo, 'PE', 'PAY_IN'));
    const locked = await t.db.transaction((tx) => lock(tx, [account.id]));
    expect(locked.get(account.id)).toEqual({
      id: account.id,
      currency: 'PEN',
      balances: { AVAILABLE: 0, PENDING: 0, ON_HOLD: 0, RESERVED: 0, DEPOSIT_HELD: 0, OWED: 0 },
    });
    const sys = await t.db.transaction((tx) => systemAccounts(tx, 'PEN'));
    await expect(t.db.transaction((tx) => lock(tx, [sys.clearing]))).rejects.toThrow(/SYSTEM/);
    await expect(t.db.transaction((tx) => lock(tx, [999_999]))).rejects.toThrow(/not found: 999999/);
  });

  test('a second writer of an account waits for the first to commit', async () => {
    const account = await t.db.transaction((tx) => ensureLocalAccount(tx, demo, 'CL', 'PAY_OUT'));
    const order: string[] = [];
    let release = () => {};
    const firstHolds = new Promise<void>((resolve) => {
      release = resolve;
    });
    let firstLocked = () => {};
    const locked = new Promise<void>((resolve) => {
      firstLocked = resolve;
    });
    const first = t.db.transaction(async (tx) => {
      await lock(tx, [account.id]);
      order.push('first locked');
      firstLocked();
      await firstHolds;
      order.push('first commits');
    });
    await locked;
    const second = t.db.transaction(async (tx) => {
      await lock(tx, [account.id]);
      order.push('second locked');
    });
    await new Promise((r) => setTimeout(r, 50));
    release();
    await Promise.all([first, second]);
    expect(order).toEqual(['first locked', 'first commits', 'second locked']);
  });
});

describe('write', () => {
  test('writes the entry, the bucket columns and each posting with the balance right after it', async () => {
    const account = await t.db.transaction((tx) => ensureLocalAccount(tx, demo, 'ZA', 'PAY_OUT'));
    const written = await t.db.transaction(async (tx) => {
      const locked = await lock(tx, [account.id]);
      const sys = await systemAccounts(tx, 'ZAR');
      const state = locked.get(account.id);
      if (!state) throw new Error('not locked');
      // Two credits to AVAILABLE in one entry: 700 then 300, from CLEARING.
      const lines = [
        { accountId: sys.clearing, bucket: 'MAIN' as const, currency: 'ZAR', amount: -1_000 },
        ...creditAvailable(state, 700),
        ...creditAvailable(state, 300),
        { accountId: account.id, bucket: 'PENDING' as const, currency: 'ZAR', amount: 0 },
      ];
      const w = await write(tx, { kind: 'GLOBAL_TOPUP', effectiveAt: at }, lines, locked);
      expect(locked.get(account.id)?.balances.AVAILABLE).toBe(1_000);
      return w;
    });
    expect(written?.balances.get(account.id)?.AVAILABLE).toBe(1_000);
    const postings = await t.db
      .select({
        accountId: ledgerPostings.accountId,
        bucket: ledgerPostings.bucket,
        amount: ledgerPostings.amount,
        after: ledgerPostings.balanceAfter,
      })
      .from(ledgerPostings)
      .where(eq(ledgerPostings.entryId, written?.entryId ?? 0))
      .orderBy(ledgerPostings.id);
    const clearingBefore = (postings[0]?.after ?? 0) + 1_000;
    expect(postings.map((p) => [p.bucket, p.amount, p.after])).toEqual([
      ['MAIN', -1_000, clearingBefore - 1_000],
      ['AVAILABLE', 700, 700],
      ['AVAILABLE', 300, 1_000],
    ]);
    const [entry] = await t.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.id, written?.entryId ?? 0));
    expect(entry).toMatchObject({ kind: 'GLOBAL_TOPUP', transactionId: null, eventId: null });
    expect(await checkLedger(t.db)).toEqual([]);
  });

  test('refuses lines that do not balance, and writes nothing', async () => {
    const account = await t.db.transaction((tx) => ensureLocalAccount(tx, demo, 'ZA', 'PAY_OUT'));
    const before = await postingCount(t.db);
    await expect(
      t.db.transaction(async (tx) => {
        const locked = await lock(tx, [account.id]);
        await write(
          tx,
          { kind: 'RELEASE', effectiveAt: at },
          [{ accountId: account.id, bucket: 'AVAILABLE', currency: 'ZAR', amount: 5 }],
          locked,
        );
      }),
    ).rejects.toThrow(/do not sum to zero/);
    expect(await postingCount(t.db)).toBe(before);
    expect(await t.db.transaction((tx) => write(tx, { kind: 'RELEASE', effectiveAt: at }, []))).toBeNull();
  });

  test('a posting in another currency than its account is refused', async () => {
    const account = await t.db.transaction((tx) => ensureLocalAccount(tx, demo, 'ZA', 'PAY_OUT'));
    await expect(
      t.db.transaction(async (tx) => {
        const sys = await systemAccounts(tx, 'USD');
        await write(tx, { kind: 'GLOBAL_TOPUP', effectiveAt: at }, [
          { accountId: sys.clearing, bucket: 'MAIN', currency: 'USD', amount: -5 },
          { accountId: account.id, bucket: 'AVAILABLE', currency: 'USD', amount: 5 },
        ]);
      }),
    ).rejects.toThrow(/a USD posting on ZAR account/);
  });

  test('an overdraw the rules did not catch is refused by the database as INSUFFICIENT_BALANCE, nothing written', async () => {
    const account = await t.db.transaction((tx) => ensureLocalAccount(tx, demo, 'ZA', 'PAY_OUT'));
    const before = await postingCount(t.db);
    // A stale view of the balance (as without a lock) lets the rule pass; the check refuses.
    const stale = {
      id: account.id,
      currency: 'ZAR',
      balances: { AVAILABLE: 5_000, PENDING: 0, ON_HOLD: 0, RESERVED: 0, DEPOSIT_HELD: 0, OWED: 0 },
    };
    const error = await t.db
      .transaction(async (tx) => {
        await write(tx, { kind: 'PAYOUT_RESERVED', effectiveAt: at }, payoutReserved(stale, 4_000).lines);
      })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).code).toBe(ResultCode.INSUFFICIENT_BALANCE);
    expect((error as AppError).message).toBe('The balance does not cover this movement; nothing was moved');
    expect(await postingCount(t.db)).toBe(before);
    expect(await checkLedger(t.db)).toEqual([]);
  });
});

describe('ledger-check', () => {
  test('finds a bucket column that differs from its postings', async () => {
    const account = await t.db.transaction((tx) => ensureLocalAccount(tx, demo, 'ZA', 'PAY_OUT'));
    const [last] = await t.db
      .select({ balance: statementLines.balanceAfter })
      .from(statementLines)
      .where(eq(statementLines.accountId, account.id))
      .orderBy(desc(statementLines.id))
      .limit(1);
    const book = last?.balance ?? 0;
    await t.db
      .update(accounts)
      .set({ reserved: sql`${accounts.reserved} + 7` })
      .where(eq(accounts.id, account.id));
    try {
      const found = await checkLedger(t.db, [account.id]);
      expect(found.map((v) => [v.kind, v.accountId, v.bucket, v.expected, v.actual])).toEqual([
        ['BUCKET_MISMATCH', account.id, 'RESERVED', 0, 7],
        // The statement's last balance is the postings' book balance, not the tampered column.
        ['STATEMENT_BALANCE', account.id, null, book + 7, book],
      ]);
    } finally {
      await t.db
        .update(accounts)
        .set({ reserved: sql`${accounts.reserved} - 7` })
        .where(eq(accounts.id, account.id));
    }
    expect(await checkLedger(t.db, [account.id])).toEqual([]);
  });

  test('finds an entry that does not balance, a last balance_after that is off, and AVAILABLE beside OWED', async () => {
    const account = await t.db.transaction((tx) => ensureLocalAccount(tx, demo, 'US', 'PAY_OUT'));
    const [entry] = await t.db.insert(ledgerEntries).values({ kind: 'RELEASE', effectiveAt: at }).returning({ id: ledgerEntries.id });
    const entryId = entry?.id ?? 0;
    await t.db.insert(ledgerPostings).values([
      { entryId, accountId: account.id, bucket: 'AVAILABLE', currency: 'USD', amount: 50, balanceAfter: 49, effectiveAt: at },
      { entryId, accountId: account.id, bucket: 'OWED', currency: 'USD', amount: -20, balanceAfter: -20, effectiveAt: at },
    ]);
    await t.db.update(accounts).set({ available: 50, owed: -20 }).where(eq(accounts.id, account.id));
    const found = await checkLedger(t.db, [account.id]);
    expect(found.map((v) => v.kind).sort()).toEqual(['AVAILABLE_AND_OWED', 'BALANCE_AFTER_MISMATCH', 'UNBALANCED_ENTRY']);
    expect(found.find((v) => v.kind === 'UNBALANCED_ENTRY')).toMatchObject({ entryId, currency: 'USD', actual: 30 });
    expect(found.find((v) => v.kind === 'BALANCE_AFTER_MISMATCH')).toMatchObject({ bucket: 'AVAILABLE', expected: 50, actual: 49 });
    // The same findings without naming the account.
    expect((await checkLedger(t.db)).map((v) => v.kind).sort()).toEqual(found.map((v) => v.kind).sort());
    // The statement trigger booked the unbalanced entry's +30 as an ADJUSTMENT line, and it chains.
    const lines = await t.db.select().from(statementLines).where(eq(statementLines.entryId, entryId));
    expect(lines.map((l) => [l.event, l.item, l.category, l.amount, l.balanceAfter])).toEqual([
      ['ADJUSTMENT', 'AMOUNT', 'ADJUSTMENT', 30, 30],
    ]);
    await t.db.delete(statementLines).where(eq(statementLines.entryId, entryId));
    await t.db.delete(accountDailyBalances).where(eq(accountDailyBalances.accountId, account.id));
    await t.db.delete(ledgerPostings).where(eq(ledgerPostings.entryId, entryId));
    await t.db.delete(ledgerEntries).where(eq(ledgerEntries.id, entryId));
    await t.db.update(accounts).set({ available: 0, owed: 0 }).where(eq(accounts.id, account.id));
    expect(await checkLedger(t.db)).toEqual([]);
  });
});
