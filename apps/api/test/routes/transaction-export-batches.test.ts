import { login } from '@andes/contract/auth/endpoints';
import { transactionFileDownload, transactionPage } from '@andes/contract/transaction/endpoints';
import { TRANSACTION_EXPORT_BATCH } from '@andes/contract/transaction/enums';
import type { TransactionExportRequest } from '@andes/contract/transaction/schemas';
import { desc, eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { transactions } from '../../src/db/schema/transactions.ts';
import { createTestApp, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { addDailyStatsOf, EventFactory, sendEvent, withPlatformToken } from '../ledger/support.ts';
import { parseCsv } from '../transaction-files/export-fixtures.ts';

// 15:00 UTC on 10 March 2026: 10:00 in Bogotá (UTC-5).
const NOW = new Date('2026-03-10T15:00:00Z');
// More than two export batches, and every seven rows share one instant, so both batch boundaries
// (after rows 2,000 and 4,000) fall inside a group of equal times: only the id breaks the tie there.
const BULK = 2 * TRANSACTION_EXPORT_BATCH + 502;
/** The bulk rows and one pay-in ingested the normal way (which opens the Colombian account). */
const ROWS = BULK + 1;
const GROUP = 7;

let t: TestApp;
let admin: string;
/** The unique ids of the rows, in the list's order (newest first, then highest id). */
let expected: string[];

const request = (format: 'csv' | 'xlsx'): TransactionExportRequest => ({ list: 'payin', country: 'CO', format, language: 'en' });

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  await withPlatformToken(t.db);
  const f = new EventFactory('batch', new Date('2026-03-10T14:30:00Z'));
  const ack = await sendEvent(
    t.app,
    f.created({ uniqueId: f.uniqueId('first'), country: 'CO', currency: 'COP', productType: 'PSE', amount: 90_000 }),
  );
  expect(ack.code).toBe(200);
  // Rows written straight to the table (thousands of ingestion events would take a minute here):
  // settled PSE pay-ins of ANDES-DEMO in Colombia, one group of seven every minute back from 09:00 local.
  await t.db.execute(sql`
    insert into transactions (unique_id, merchant_id, account_id, transaction_type, product, product_type, country, currency,
                              amount, fee, vat, status, merchant_reference, created_at, created_date, status_at, settled_at)
    select 'BATCH-' || lpad(g::text, 5, '0'), a.merchant_id, a.id, 'PAY_IN', 'payin', 'PSE', 'CO', 'COP',
           100000 + g, 290, 55, 'SETTLED', 'REF-' || g,
           at, to_char(at at time zone 'America/Bogota', 'YYYY-MM-DD'), at, at
      from accounts a
      join merchants m on m.id = a.holder_id and m.code = 'ANDES-DEMO'
     cross join generate_series(1, ${BULK}) g
     cross join lateral (select timestamptz '2026-03-10 14:00:00+00' - ((g - 1) / ${GROUP}) * interval '1 minute' as at) x
     where a.kind = 'MERCHANT' and a.country = 'CO' and a.account_type = 'PAY_IN'`);
  // The daily figures move with every transaction (the lists' totals read them).
  await addDailyStatsOf(t.db, 'BATCH-');
  const rows = await t.db
    .select({ uniqueId: transactions.uniqueId })
    .from(transactions)
    .where(eq(transactions.country, 'CO'))
    .orderBy(desc(transactions.createdAt), desc(transactions.id));
  expected = rows.map((r) => r.uniqueId);
  admin = await signIn(t.app, login.path, 'admin');
});
afterAll(async () => t?.close());

describe(`an export of more than one batch (${TRANSACTION_EXPORT_BATCH} rows)`, () => {
  test('the list counts every row exactly', async () => {
    expect(expected).toHaveLength(ROWS);
    const page = envelope<{ total: number; totalCapped: boolean }>(
      await post(t.app, transactionPage.path, { list: 'payin', country: 'CO', pageSize: 20 }, { token: admin }),
    );
    expect(page.data).toMatchObject({ total: ROWS, totalCapped: false });
  });

  test('the CSV holds every row once, in the list order, across the batch boundaries', async () => {
    const res = await post(t.app, transactionFileDownload.path, request('csv'), { token: admin });
    expect(res.statusCode).toBe(200);
    const rows = parseCsv(res.body.replace(/^\uFEFF/, '')).filter((r) => r.some((c) => c !== ''));
    const ids = rows.slice(1).map((r) => r[0]);
    expect(ids).toHaveLength(ROWS);
    expect(new Set(ids).size).toBe(ROWS);
    expect(ids).toEqual(expected);
  });

  test('the XLSX holds the same rows', async () => {
    const res = await post(t.app, transactionFileDownload.path, request('xlsx'), { token: admin });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const ids: unknown[] = [];
    sheet.eachRow((row, n) => {
      if (n > 1) ids.push((row.values as unknown[])[1]);
    });
    expect(ids).toEqual(expected);
  });
});
