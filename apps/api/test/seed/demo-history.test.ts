import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { COUNTRIES } from '@andes/contract/common/countries';
import { TRANSFER_PROVIDERS } from '@andes/contract/transaction/enums';
import { CardSchema } from '@andes/contract/transaction/parts';
import { type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { type Db, MIGRATIONS_FOLDER } from '../../src/db/client.ts';
import { type DemoHistoryResult, seedDemoHistory } from '../../src/db/seed/demo-history.ts';
import { checkTransactionFigures } from '../../src/modules/ledger/figures-check.ts';
import { checkLedger } from '../../src/modules/ledger/ledger-check.ts';
import { simulatedProviderOf } from '../../src/simulator/providers.ts';
import { createTestApp, type TestApp } from '../helper.ts';
import { dailyStatsAndRecount } from '../ledger/support.ts';

/**
 * The demo history on a fresh demo database (PGlite, or PostgreSQL with TEST_DATABASE_URL): a
 * few thousand transactions made by the lifecycle model and posted by the posting rules, checked
 * as a ledger and as the data Home reads.
 */

const NOW = new Date('2026-09-15T14:30:00.000Z');
const DAY = 86_400_000;

let t: TestApp;
let result: DemoHistoryResult;
const logs: string[] = [];

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

async function one<T>(db: Db, query: SQL): Promise<T> {
  const [row] = await rows<T>(db, query);
  if (!row) throw new Error('no row');
  return row;
}

beforeAll(async () => {
  t = await createTestApp();
  result = await seedDemoHistory(t.db, { transactions: 3000, now: NOW, seed: 'history-test', log: (line) => logs.push(line) });
}, 120_000);
afterAll(async () => t?.close());

describe('seedDemoHistory', () => {
  test('creates the transactions asked for, with their refunds and chargebacks, and says how long it took', async () => {
    expect(result.created).toBe(true);
    const counts = await one<{ created: number; related: number; all: number }>(
      t.db,
      sql`select count(*) filter (where transaction_type in ('PAY_IN', 'PAY_OUT', 'MARKET_PLACE_ORDERS'))::int as created,
                 count(*) filter (where transaction_type in ('REFUND', 'CHARGE_BACK'))::int as related,
                 count(*)::int as all
            from transactions`,
    );
    expect(counts.created).toBe(3000);
    expect(counts.related).toBeGreaterThan(0);
    expect(counts.all).toBe(result.transactions);
    expect(logs.join('\n')).toMatch(/^demo history: \d+ transactions, \d+ ledger entries \(\d+ postings\).* in \d+\.\d s/);
  });

  test('the ledger is consistent: maintained balances equal the postings, every entry balances, nothing below zero', async () => {
    expect(await checkLedger(t.db)).toEqual([]);
    // The same, said directly.
    const mismatched = await one<{ n: number }>(
      t.db,
      sql`with s as (select account_id, bucket, sum(amount) as total from ledger_postings group by account_id, bucket)
          select count(*)::int as n from accounts a
           where a.available <> coalesce((select total from s where s.account_id = a.id and s.bucket = 'AVAILABLE'), 0)
              or a.pending <> coalesce((select total from s where s.account_id = a.id and s.bucket = 'PENDING'), 0)
              or a.on_hold <> coalesce((select total from s where s.account_id = a.id and s.bucket = 'ON_HOLD'), 0)
              or a.reserved <> coalesce((select total from s where s.account_id = a.id and s.bucket = 'RESERVED'), 0)
              or a.deposit_held <> coalesce((select total from s where s.account_id = a.id and s.bucket = 'DEPOSIT_HELD'), 0)
              or a.owed <> coalesce((select total from s where s.account_id = a.id and s.bucket = 'OWED'), 0)
              or a.main <> coalesce((select total from s where s.account_id = a.id and s.bucket = 'MAIN'), 0)`,
    );
    expect(mismatched.n).toBe(0);
    const unbalanced = await one<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from (select entry_id, currency from ledger_postings group by entry_id, currency having sum(amount) <> 0) x`,
    );
    expect(unbalanced.n).toBe(0);
    const negative = await one<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from accounts where kind <> 'SYSTEM'
            and (available < 0 or pending < 0 or on_hold < 0 or reserved < 0 or deposit_held < 0 or owed > 0)`,
    );
    expect(negative.n).toBe(0);
    // balance_after is the running balance of each account's bucket, posting after posting.
    const wrongAfter = await one<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from (
            select balance_after, sum(amount) over (partition by account_id, bucket order by id) as running from ledger_postings
          ) x where balance_after <> running`,
    );
    expect(wrongAfter.n).toBe(0);
    // Money moved: the figures are not all zero.
    const moved = await one<{ available: string; pending: string; fees: string }>(
      t.db,
      sql`select sum(available) filter (where kind = 'MERCHANT')::text as available, sum(pending) filter (where kind = 'MERCHANT')::text as pending,
                 sum(main) filter (where system_code = 'FEES')::text as fees from accounts`,
    );
    expect(Number(moved.available)).toBeGreaterThan(0);
    expect(Number(moved.pending)).toBeGreaterThan(0);
    expect(Number(moved.fees)).toBeGreaterThan(0);
  });

  test('every posting belongs to an entry and an account, and ids continue from the rows written', async () => {
    const orphans = await one<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from ledger_postings p
           left join ledger_entries e on e.id = p.entry_id left join accounts a on a.id = p.account_id
          where e.id is null or a.id is null`,
    );
    expect(orphans.n).toBe(0);
    const badLinks = await one<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from transactions r left join transactions p on p.id = r.related_transaction_id
           where r.transaction_type in ('REFUND', 'CHARGE_BACK') and (p.id is null or p.transaction_type <> 'PAY_IN')`,
    );
    expect(badLinks.n).toBe(0);
    // A new row after the seed gets the next id (the identity sequences were moved on).
    const [max] = await rows<{ id: string }>(t.db, sql`select max(id)::text as id from ledger_entries`);
    const [next] = await rows<{ id: string }>(
      t.db,
      sql`insert into ledger_entries (kind, effective_at) values ('RELEASE', now()) returning id::text as id`,
    );
    expect(Number(next?.id)).toBeGreaterThan(Number(max?.id));
    await t.db.execute(sql`delete from ledger_entries where id = ${Number(next?.id)}`);
  });

  test('daily figures equal the GROUP BY over the transactions', async () => {
    const { table, recount } = await dailyStatsAndRecount(t.db);
    expect(table.length).toBeGreaterThan(100);
    expect(table).toEqual(recount);
  });

  test('the figures check (what ledger:check runs) finds the daily and monthly figures consistent', async () => {
    expect(await checkTransactionFigures(t.db)).toEqual([]);
  });

  test('covers about six months ending now, every country of ANDES-DEMO and every kind of transaction', async () => {
    const span = await one<{ first: string; last: string }>(
      t.db,
      sql`select min(created_at)::text as first, max(created_at)::text as last from transactions where transaction_type = 'PAY_IN'`,
    );
    expect(Date.parse(span.first)).toBeGreaterThanOrEqual(NOW.getTime() - 183 * DAY);
    expect(Date.parse(span.first)).toBeLessThan(NOW.getTime() - 170 * DAY);
    expect(Date.parse(span.last)).toBeLessThanOrEqual(NOW.getTime());
    const countries = await rows<{ country: string }>(
      t.db,
      sql`select distinct t.country from transactions t join merchants m on m.id = t.merchant_id
           where m.code = 'ANDES-DEMO' and t.sub_merchant_id is null order by 1`,
    );
    expect(countries.map((c) => c.country).sort()).toEqual([...COUNTRIES].sort());
    const types = await rows<{ transaction_type: string }>(t.db, sql`select distinct transaction_type from transactions order by 1`);
    // Chargebacks (0.5% of card payments, weeks later) are too rare to count on in 3,000: lifecycle.test.ts covers them.
    expect(types.map((r) => r.transaction_type)).toEqual(expect.arrayContaining(['MARKET_PLACE_ORDERS', 'PAY_IN', 'PAY_OUT', 'REFUND']));
    const holders = await rows<{ code: string }>(
      t.db,
      sql`select distinct m.code from transactions t join merchants m on m.id = coalesce(t.sub_merchant_id, t.merchant_id) order by 1`,
    );
    expect(holders.map((h) => h.code)).toEqual(['ANDES-DEMO', 'ANDES-DEMO-BR', 'ANDES-DEMO-CO', 'CONDOR']);
    const statuses = await rows<{ status: string }>(t.db, sql`select distinct status from transactions where transaction_type = 'PAY_IN'`);
    expect(statuses.map((s) => s.status)).toEqual(
      expect.arrayContaining(['SETTLED', 'EXPIRED', 'FAILED', 'REJECTED', 'CANCELLED', 'REFUNDED', 'IN_PROGRESS']),
    );
    const channels = await one<{ links: number; shopify: number; shoplazza: number }>(
      t.db,
      sql`select count(*) filter (where payment_link_id is not null)::int as links,
                 count(*) filter (where store_platform = 'SHOPIFY')::int as shopify,
                 count(*) filter (where store_platform = 'SHOPLAZZA')::int as shoplazza
            from transactions where transaction_type = 'PAY_IN'`,
    );
    expect(channels.links).toBeGreaterThan(0);
    expect(channels.shopify).toBeGreaterThan(0);
    expect(channels.shoplazza).toBeGreaterThan(0);
  });

  test('created_date is the local date of created_at in the country’s zone', async () => {
    const wrong = await one<{ n: number }>(
      t.db,
      sql`select count(*)::int as n from transactions
           where created_date <> to_char(created_at at time zone (case country
             when 'US' then 'America/New_York' when 'BR' then 'America/Sao_Paulo' when 'MX' then 'America/Mexico_City'
             when 'CO' then 'America/Bogota' when 'CL' then 'America/Santiago' when 'PE' then 'America/Lima'
             else 'Africa/Johannesburg' end), 'YYYY-MM-DD')`,
    );
    expect(wrong.n).toBe(0);
  });

  test('no full card number anywhere: cards hold only the contract’s fields, BIN and last 4', async () => {
    const cards = await rows<{ card: unknown; card_bin: string; card_last4: string }>(
      t.db,
      sql`select card, card_bin, card_last4 from transactions where card is not null`,
    );
    expect(cards.length).toBeGreaterThan(50);
    for (const row of cards) {
      const card = typeof row.card === 'string' ? JSON.parse(row.card) : row.card;
      expect(CardSchema.strict().parse(card)).toEqual(card);
      expect(row.card_bin).toBe(card.bin);
      expect(row.card_last4).toBe(card.last4);
      expect(JSON.stringify(card)).not.toMatch(/\d{9,}/);
    }
  });

  test('releases: past ones RELEASED at their time, future ones SCHEDULED, none overdue unless held', async () => {
    const r = await one<{ released: number; scheduled: number; overdue: number; late: number }>(
      t.db,
      sql`select count(*) filter (where r.state = 'RELEASED')::int as released,
                 count(*) filter (where r.state = 'SCHEDULED')::int as scheduled,
                 count(*) filter (where r.state = 'SCHEDULED' and r.available_at <= ${NOW.toISOString()}::timestamptz and t.hold_status = 2)::int as overdue,
                 count(*) filter (where r.state = 'RELEASED' and (r.released_at < r.available_at or r.released_at > ${NOW.toISOString()}::timestamptz))::int as late
            from pending_releases r join transactions t on t.id = r.transaction_id`,
    );
    expect(r.released).toBeGreaterThan(0);
    expect(r.scheduled).toBeGreaterThan(0);
    expect(r.overdue).toBe(0);
    expect(r.late).toBe(0);
  });

  test('the global statement runs from balance to balance and ends at the global account’s balance', async () => {
    const chained = await one<{ n: number; total: number }>(
      t.db,
      sql`select count(*) filter (where end_balance <> start_balance + amount)::int as n, count(*)::int as total from global_movements`,
    );
    expect(chained.total).toBeGreaterThan(0);
    expect(chained.n).toBe(0);
    const ends = await rows<{ code: string; last: string; balance: string }>(
      t.db,
      sql`select m.code, (select g.end_balance from global_movements g where g.merchant_id = m.id order by g.occurred_at desc, g.id desc limit 1)::text as last,
                 (a.available + a.reserved)::text as balance
            from merchants m join accounts a on a.holder_id = m.id and a.kind = 'GLOBAL' order by m.code`,
    );
    expect(ends.map((e) => e.code)).toEqual(['ANDES-DEMO', 'CONDOR']);
    for (const e of ends) expect(e.last).toBe(e.balance);
  });

  test('SPEI and PIX transfers name the provider that carried them, each of the rail’s three; no other row has one', async () => {
    const named = await rows<{ id: number; unique_id: string; product_type: string; provider: string }>(
      t.db,
      sql`select id::int as id, unique_id, product_type, provider from transactions where provider is not null`,
    );
    for (const row of named) expect(row.provider, row.unique_id).toBe(simulatedProviderOf(row.unique_id, row.product_type));
    expect([...new Set(named.map((r) => r.provider))].sort()).toEqual([...TRANSFER_PROVIDERS].sort());
    const gaps = await one<{ unnamed: number; elsewhere: number }>(
      t.db,
      sql`select count(*) filter (where provider is null and status = 'SETTLED' and transaction_type in ('PAY_IN', 'PAY_OUT')
                                   and product_type in ('SPEI', 'SPEI_VIRTUAL_ACCOUNT', 'SPEI_BANK_TRANSFER', 'PIX', 'PIX_QR'))::int as unnamed,
                 count(*) filter (where provider is not null and (transaction_type not in ('PAY_IN', 'PAY_OUT')
                                   or product_type not in ('SPEI', 'SPEI_VIRTUAL_ACCOUNT', 'SPEI_BANK_TRANSFER', 'PIX', 'PIX_QR')))::int as elsewhere
            from transactions`,
    );
    expect(gaps).toEqual({ unnamed: 0, elsewhere: 0 });
  });

  test('migration 0011’s backfill gives the demo merchants’ rows the providers the simulator gives them', async () => {
    const file = readdirSync(MIGRATIONS_FOLDER).find((name) => name.startsWith('0011_'));
    if (!file) throw new Error('no migration 0011');
    const backfill = readFileSync(join(MIGRATIONS_FOLDER, file), 'utf8')
      .split('--> statement-breakpoint')
      .find((statement) => /^\s*UPDATE "transactions"/m.test(statement));
    if (!backfill) throw new Error(`${file} has no backfill`);
    const providers = async () =>
      new Map(
        (await rows<{ id: number; provider: string | null }>(t.db, sql`select id::int as id, provider from transactions order by id`)).map(
          (r) => [r.id, r.provider],
        ),
      );
    const seeded = await providers();
    try {
      // As a database migrated from before 0011 has them: no provider anywhere.
      await t.db.execute(sql`update transactions set provider = null where provider is not null`);
      await t.db.execute(sql.raw(backfill));
      const backfilled = await providers();
      expect(backfilled.size).toBe(seeded.size);
      const differing = [...seeded].filter(([id, provider]) => backfilled.get(id) !== provider);
      expect(differing).toEqual([]);
    } finally {
      const saved = JSON.stringify([...seeded].map(([id, provider]) => ({ id, provider })));
      await t.db.execute(
        sql`update transactions t set provider = s.provider
              from jsonb_to_recordset(${saved}::jsonb) as s(id bigint, provider text)
             where t.id = s.id and t.provider is distinct from s.provider`,
      );
      expect(await providers()).toEqual(seeded);
    }
  });

  test('runs only on a database without transactions: a second call changes nothing', async () => {
    const before = await one<{ n: number }>(t.db, sql`select count(*)::int as n from ledger_postings`);
    const again = await seedDemoHistory(t.db, { transactions: 100, now: NOW });
    expect(again.created).toBe(false);
    expect(again.skipped).toMatch(/already has transactions/);
    const after = await one<{ n: number }>(t.db, sql`select count(*)::int as n from ledger_postings`);
    expect(after.n).toBe(before.n);
  });
});
