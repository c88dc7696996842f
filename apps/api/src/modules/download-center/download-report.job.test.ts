import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.ts';
import { accounts } from '../../db/schema/ledger.ts';
import { merchants } from '../../db/schema/merchants.ts';
import type { Scope } from '../../http/auth-context.ts';
import type { TransactionFilter } from '../transaction/transaction.repository.ts';
import { transactionExportRows } from '../transaction/transaction-export.service.ts';
import type { TransactionExportRow } from '../transaction-files/export/transaction-columns.ts';
import { REPORT_BATCH_ROWS } from './download-report.job.ts';

/**
 * The download task's reader: the direct export's reader (`transactionExportRows`) in keyset
 * batches of REPORT_BATCH_ROWS rather than the direct export's. The rows here span three batches, with runs of equal creation times
 * across the batch boundaries (the keyset's tie on `id`).
 */

const ROWS = 2 * REPORT_BATCH_ROWS + 110;
let t: TestApp;
let scope: Scope;
let filter: TransactionFilter;

async function all<T>(rows: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const row of rows) out.push(row);
  return out;
}

beforeAll(async () => {
  t = await createTestApp();
  const [merchant] = await t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, 'ANDES-DEMO'));
  if (!merchant) throw new Error('no demo merchant');
  const [account] = await t.db
    .insert(accounts)
    .values({
      kind: 'MERCHANT',
      holderId: merchant.id,
      merchantId: merchant.id,
      country: 'BR',
      currency: 'BRL',
      accountType: 'PAY_IN',
      accountNo: 'RPT-BR-PAYIN',
    })
    .onConflictDoNothing()
    .returning({ id: accounts.id });
  if (!account) throw new Error('no BR pay-in account');
  // Seven rows share each creation time; holds alternate; every fifth row has no settle time.
  await t.db.execute(sql`
    insert into transactions (unique_id, merchant_id, account_id, transaction_type, product, product_type, country, currency,
      amount, fee, status, hold_status, merchant_reference, payer, created_at, created_date, settled_at, status_at)
    select 'RPT' || lpad(n::text, 5, '0'), ${merchant.id}, ${account.id}, 'PAY_IN', 'payin', 'PIX', 'BR', 'BRL',
      1000 + n, n % 7, 'SETTLED', 1 + n % 2, 'ref-' || n, jsonb_build_object('name', 'Payer ' || n, 'document', 'doc-' || n),
      timestamptz '2026-03-01 12:00:00+00' + (n / 7) * interval '1 minute', '2026-03-01',
      case when n % 5 = 0 then null else timestamptz '2026-03-01 13:00:00+00' end, timestamptz '2026-03-01 12:00:00+00'
    from generate_series(1, ${ROWS}) as n`);
  scope = { merchantId: merchant.id, subMerchantId: null };
  filter = {
    country: 'BR',
    transactionTypes: ['PAY_IN'],
    createdFrom: new Date('2026-03-01T00:00:00Z'),
    createdTo: new Date('2026-03-02T00:00:00Z'),
    statuses: [],
    productTypes: [],
    subMerchantIds: [],
  };
});

afterAll(async () => t?.close());

describe('transactionExportRows in the download task’s batches', () => {
  test('reads every row once, newest first, across keyset batches: the rows of the direct export', async () => {
    const rows = await all(transactionExportRows(t.db, scope, filter, REPORT_BATCH_ROWS));
    expect(rows).toHaveLength(ROWS);
    expect(new Set(rows.map((r) => r.id)).size).toBe(ROWS);
    for (let i = 1; i < rows.length; i++) {
      const a = rows[i - 1] as TransactionExportRow;
      const b = rows[i] as TransactionExportRow;
      const newer = a.createdAt > b.createdAt || (a.createdAt === b.createdAt && a.id > b.id);
      expect(newer, `${a.uniqueId} before ${b.uniqueId}`).toBe(true);
    }
    expect(rows.every((r) => r.holdStatusText === String(r.holdStatus))).toBe(true);
    expect(rows).toEqual(await all(transactionExportRows(t.db, scope, filter)));
  });
});
