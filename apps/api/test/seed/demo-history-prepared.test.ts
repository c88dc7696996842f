import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { prepareDemoHistory, seedDemoHistory } from '../../src/db/seed/demo-history.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { createTestApp, type TestApp } from '../helper.ts';

/**
 * A first start plans the demo history before its database is ready (prepareDemoHistory, while
 * the embedded database is created in a worker thread): the history written from that plan must
 * be the one seedDemoHistory would have planned itself, and a plan made for other options must
 * not be used. The load drops primary keys and indexes and builds them again: they must all be back.
 */

const NOW = new Date('2026-09-15T14:30:00.000Z');
const OPTIONS = { transactions: 800, now: NOW, seed: 'prepared-test' };

let planned: TestApp;
let prepared: TestApp;
let mismatched: TestApp;

/**
 * What the history wrote, as digests (ids included: the sequences start alike on fresh databases;
 * attachments left out: their file ids are random).
 */
async function digest(db: Db): Promise<Record<string, string>> {
  const r = await db.execute(sql`
    select (select md5(string_agg((to_jsonb(t) - 'attachments')::text, '|' order by t.id)) from transactions t) as transactions,
           (select md5(string_agg(e::text, '|' order by e.id)) from (select id, kind, transaction_id, event_id, effective_at from ledger_entries) e) as entries,
           (select md5(string_agg(p::text, '|' order by p.id)) from ledger_postings p) as postings,
           (select md5(string_agg(r::text, '|' order by r.id)) from pending_releases r) as releases,
           (select md5(string_agg(a::text, '|' order by a.id)) from (select id, available, pending, on_hold, reserved, deposit_held, owed, main from accounts) a) as balances`);
  return (r as unknown as { rows: Record<string, string>[] }).rows[0] ?? {};
}

beforeAll(async () => {
  [planned, prepared, mismatched] = await Promise.all([createTestApp(), createTestApp(), createTestApp()]);
  await seedDemoHistory(planned.db, OPTIONS);
  await seedDemoHistory(prepared.db, { ...OPTIONS, prepared: prepareDemoHistory(OPTIONS) });
  await seedDemoHistory(mismatched.db, { ...OPTIONS, prepared: prepareDemoHistory({ ...OPTIONS, seed: 'another-seed' }) });
}, 180_000);
afterAll(async () => Promise.all([planned?.close(), prepared?.close(), mismatched?.close()]));

test('a history written from a plan made beforehand is the one planned at seeding time', async () => {
  const expected = await digest(planned.db);
  expect(expected.transactions).toMatch(/^[0-9a-f]{32}$/);
  expect(await digest(prepared.db)).toEqual(expected);
});

test('a plan made for other options is not used', async () => {
  expect(await digest(mismatched.db)).toEqual(await digest(planned.db));
});

test('the primary keys and indexes dropped for the load are all back, and the ledger holds', async () => {
  const keys = await prepared.db.execute(sql`
    select t.relname as table from pg_constraint c join pg_class t on t.oid = c.conrelid
     where c.contype = 'p' and t.relname in ('transactions', 'ledger_entries', 'ledger_postings', 'pending_releases', 'global_movements')
     order by 1`);
  expect((keys as unknown as { rows: { table: string }[] }).rows.map((r) => r.table)).toEqual([
    'global_movements',
    'ledger_entries',
    'ledger_postings',
    'pending_releases',
    'transactions',
  ]);
  const count = async (db: Db) =>
    (
      (await db.execute(sql`
        select count(*)::int as n from pg_indexes
         where schemaname = current_schema()
           and tablename in ('transactions', 'ledger_entries', 'ledger_postings', 'pending_releases', 'global_movements')`)) as unknown as {
        rows: { n: number }[];
      }
    ).rows[0]?.n;
  // The same indexes as a database the history never touched.
  const untouched = await createTestApp();
  try {
    expect(await count(prepared.db)).toBe(await count(untouched.db));
  } finally {
    await untouched.close();
  }
  expect(await checkLedger(prepared.db)).toEqual([]);
});
