import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { checkTransactionFigures } from '../../src/modules/ledger/figures-check.ts';
import { createTestApp, fakeClock, type TestApp } from '../helper.ts';
import { EventFactory, sendAll, withPlatformToken } from './support.ts';

const NOW = new Date('2026-03-10T15:00:00Z');
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  await withPlatformToken(t.db);
  const f = new EventFactory('figures', new Date('2026-03-08T12:00:00Z'));
  const [a, b, c] = [f.uniqueId('a'), f.uniqueId('b'), f.uniqueId('c')];
  await sendAll(t.app, [
    f.created({ uniqueId: a, amount: 10_000 }),
    f.settled(a, { fee: 150, vat: 20 }),
    f.created({ uniqueId: b, amount: 2_500 }),
    f.statusChanged(b, 'FAILED'),
    f.created({ uniqueId: c, country: 'MX', currency: 'MXN', productType: 'SPEI', amount: 7_000 }),
  ]);
});
afterAll(async () => t?.close());

describe('the transaction figures check', () => {
  test('finds nothing wrong after ingestion', async () => {
    expect(await checkTransactionFigures(t.db)).toEqual([]);
  });

  test('reports a daily row that differs from its transactions, and then a monthly count that differs from its days', async () => {
    await t.db.execute(sql`update daily_transaction_stats set amount = amount + 1 where country = 'MX'`);
    const daily = await checkTransactionFigures(t.db);
    expect(daily).toHaveLength(1);
    expect(daily[0]).toMatchObject({
      kind: 'DAILY_FIGURES_MISMATCH',
      country: 'MX',
      transactionType: 'PAY_IN',
      productType: 'SPEI',
      expected: { count: 1, amount: 7_000 },
      actual: { count: 1, amount: 7_001 },
    });
    await t.db.execute(sql`update daily_transaction_stats set amount = amount - 1 where country = 'MX'`);

    await t.db.execute(sql`update monthly_transaction_counts set count = count + 2 where country = 'MX'`);
    const monthly = await checkTransactionFigures(t.db);
    expect(monthly).toHaveLength(1);
    expect(monthly[0]).toMatchObject({
      kind: 'MONTHLY_COUNTS_MISMATCH',
      country: 'MX',
      period: '2026-03',
      expected: { count: 1 },
      actual: { count: 3 },
    });
    expect(monthly[0]?.message).toContain('the monthly count holds 3');
  });
});
