import { randomUUID } from 'node:crypto';
import { ResultCode } from '@andes/contract/common/envelope';
import { downloadRecordDownload, downloadRecordPage } from '@andes/contract/download-center/endpoints';
import type { DownloadLink, DownloadRecord, DownloadRecordPage, ExportPreflight } from '@andes/contract/download-center/schemas';
import { statementDownload, statementExportPreflight, statementExportTaskCreate } from '@andes/contract/finance/endpoints';
import { FINANCE_MESSAGES } from '@andes/contract/finance/enums';
import { and, desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import { activityLog } from '../../src/db/schema/activity.ts';
import { createTestApp, fakeClock, type TestApp } from '../helper.ts';
import { EventFactory, merchantId, withPlatformToken } from '../ledger/support.ts';
import { adminOf, callFile, callJson, csvParts, settledPayin, userWith, xlsxSheets } from './finance-fixtures.ts';

/**
 * `/dashboard/fiance/account-details/download` and its download-center pair: the statement as CSV
 * and XLSX — heading with account, currency, zone, period and opening, the lines oldest first, the
 * closing, and the download center's trailer — at once up to the limit, through a task beyond it.
 */

const NOW = new Date('2026-03-10T15:00:00.000Z');
const range = { from: '2026-03-01', to: '2026-03-10' };
const DIRECT_MAX = 4;

let t: TestApp;
let admin: string;
let first: string;
const f = new EventFactory('fin-file', new Date('2026-03-05T12:00:00.000Z'));

beforeAll(async () => {
  // More than 4 statement lines go through the download center here (ANDES_STATEMENT_DIRECT_MAX_ROWS).
  t = await createTestApp({ clock: fakeClock(NOW), workJobs: true, config: { finance: { statementDirectMaxRows: DIRECT_MAX } } });
  await withPlatformToken(t.db);
  admin = await adminOf(t);
  first = await settledPayin(t, f, { amount: 10_000, fee: 300, vat: 48 });
  // The PAY_OUT account stays small: a single settlement's lines… of MX pay-ins, for the big file.
  for (let i = 0; i < 3; i += 1) await settledPayin(t, f, { amount: 20_000 + i, fee: 500, vat: 0, country: 'MX' });
});
afterAll(async () => t?.close());

const body = (more: Record<string, unknown> = {}) => ({
  country: 'BR',
  accountType: 'PAY_IN',
  range,
  format: 'csv',
  language: 'en',
  ...more,
});

describe('a statement file at once', () => {
  test('CSV: heading, the lines oldest first with the balance after each, the closing, and the trailer proving the lines', async () => {
    const res = await callFile(t, statementDownload, body(), admin);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(String(res.headers['content-disposition'])).toContain('statement-ANDES-DEMO.BR.PAY_IN-2026-03-01-2026-03-10.csv');
    const csv = csvParts(res.body);
    expect(csv.heading).toEqual([
      ['Account statement'],
      ['Account', 'ANDES-DEMO.BR.PAY_IN'],
      ['Holder', 'Andes Demo Store (ANDES-DEMO)'],
      ['Account type', 'PAY_IN'],
      ['Currency', 'BRL'],
      ['Time zone', 'America/Sao_Paulo (UTC-3)'],
      ['Period', '2026-03-01', '2026-03-10'],
      ['Opening balance', '0.00'],
    ]);
    expect(csv.header).toEqual([
      'Booked at (America/Sao_Paulo, UTC-3)',
      'Date',
      'Type',
      'Business event',
      'Item',
      'Category',
      'Unique ID',
      'Merchant reference',
      'Transaction type',
      'Product type',
      'Reference',
      'In',
      'Out',
      'Amount',
      'Balance after',
      'Currency',
    ]);
    expect(csv.rows.map((r) => [r[0], r[1], r[2], r[4], r[5], r[6], r[11], r[12], r[13], r[14], r[15]])).toEqual([
      ['2026-03-05 09:02:00', '2026-03-05', 'Settle', 'Amount', 'Pay-in', first, '100.00', '0.00', '100.00', '100.00', 'BRL'],
      ['2026-03-05 09:02:00', '2026-03-05', 'Fee', 'Fee', 'Fee', first, '0.00', '3.00', '-3.00', '97.00', 'BRL'],
      ['2026-03-05 09:02:00', '2026-03-05', 'Fee', 'VAT', 'Tax', first, '0.00', '0.48', '-0.48', '96.52', 'BRL'],
    ]);
    expect(csv.closing).toEqual([['Closing balance', '96.52']]);
    expect(csv.trailer).toEqual([
      ['Data rows', '3'],
      ['Total BRL', '96.52'],
      ['SHA-256 of the data rows (CSV lines)', csv.sha256],
    ]);
  });

  test('XLSX: the same lines as numbers and dates, the same heading and closing, the proof on its own sheet', async () => {
    const csv = csvParts((await callFile(t, statementDownload, body(), admin)).body);
    const res = await callFile(t, statementDownload, body({ format: 'xlsx', language: 'zh-CN' }), admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const sheets = await xlsxSheets(res.rawPayload);
    expect(Object.keys(sheets)).toEqual(['Statement', '校验']);
    const rows = sheets.Statement ?? [];
    expect(rows[0]).toEqual(['账户流水']);
    expect(rows).toContainEqual(['期初余额', 0]);
    const headerAt = rows.findIndex((r) => r[0] === '记账时间 (America/Sao_Paulo, UTC-3)');
    const data = rows.slice(headerAt + 1, headerAt + 4);
    expect(data.map((r) => [r[13], r[14]])).toEqual([
      [100, 100],
      [-3, 97],
      [-0.48, 96.52],
    ]);
    expect(data[0]?.[0]).toEqual(new Date('2026-03-05T09:02:00.000Z'));
    expect(rows.at(-1)).toEqual(['期末余额', 96.52]);
    // The proof hashes the rows as CSV lines of the file's language: three rows, the same total.
    const proof = sheets[Object.keys(sheets)[1] ?? ''] ?? [];
    expect(proof.map((r) => r[0])).toEqual(['数据行数', '合计 BRL', '数据行（CSV 行）的 SHA-256']);
    expect(proof.slice(0, 2)).toEqual([
      ['数据行数', '3'],
      ['合计 BRL', '96.52'],
    ]);
    expect(csv.trailer[2]?.[1]).toMatch(/^[0-9a-f]{64}$/);
  });

  test('a filtered file lists the filtered lines and says its balances are the whole period’s; the keyword never starts a cell', async () => {
    const res = await callFile(t, statementDownload, body({ type: 'FEE' }), admin);
    const csv = csvParts(res.body);
    expect(csv.heading).toContainEqual(['Filter', 'type=FEE']);
    expect(csv.rows.map((r) => r[13])).toEqual(['-3.00', '-0.48']);
    expect(csv.trailer.slice(0, 2)).toEqual([
      ['Data rows', '2'],
      ['Total BRL', '-3.48'],
    ]);
    expect(csv.closing).toEqual([['Closing balance', '96.52']]);
    const formula = csvParts((await callFile(t, statementDownload, body({ keyword: '=HYPERLINK("x")' }), admin)).body);
    expect(formula.heading).toContainEqual(['Filter', 'keyword==HYPERLINK("x")']);
    expect(formula.rows).toEqual([]);
  });

  test('downloads are recorded in the activity log', async () => {
    const demo = await merchantId(t.db, 'ANDES-DEMO');
    const [entry] = await t.db
      .select()
      .from(activityLog)
      .where(and(eq(activityLog.merchantId, demo), eq(activityLog.event, 'REPORT_EXPORTED')))
      .orderBy(desc(activityLog.id))
      .limit(1);
    expect(entry).toMatchObject({ actorUsername: 'demo.admin', objectType: 'REPORT', outcome: 'SUCCESS' });
    expect(entry?.details).toMatchObject({ report: 'STATEMENT', via: 'DIRECT', country: 'BR', accountType: 'PAY_IN', from: '2026-03-01' });
  });
});

describe('a statement beyond the direct limit', () => {
  const mx = (more: Record<string, unknown> = {}) => body({ country: 'MX', range: { from: '2026-03-01', to: '2026-03-10' }, ...more });

  test('the direct download refuses it, naming the download center; the pre-flight counts and sums it and says TASK', async () => {
    const refused = await callFile(t, statementDownload, mx(), admin);
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({ code: ResultCode.CONFLICT, msg: FINANCE_MESSAGES.tooLargeForDirect });
    const pre = await callJson<ExportPreflight>(t, statementExportPreflight, mx(), admin);
    expect(pre.data).toEqual({
      rowCount: 6,
      totals: [{ currency: 'MXN', cents: 20_000 + 20_001 + 20_002 - 3 * 500 }],
      route: 'TASK',
      directMaxRows: DIRECT_MAX,
    });
    const small = await callJson<ExportPreflight>(t, statementExportPreflight, body(), admin);
    expect(small.data).toMatchObject({ rowCount: 3, route: 'DIRECT' });
  });

  test('a task (once per idempotency key) writes it through the download center with the same figures and proof', async () => {
    const key = randomUUID();
    const [a, b] = await Promise.all([
      callJson<DownloadRecord>(t, statementExportTaskCreate, { ...mx(), idempotencyKey: key }, admin),
      callJson<DownloadRecord>(t, statementExportTaskCreate, { ...mx(), idempotencyKey: key }, admin),
    ]);
    expect(a.code, a.msg).toBe(ResultCode.OK);
    expect(b.data.id).toBe(a.data.id);
    expect(a.data).toMatchObject({ reportType: 'STATEMENT', format: 'csv', rowsExpected: 6 });
    let record: DownloadRecord | undefined;
    await vi.waitFor(
      async () => {
        const page = await callJson<DownloadRecordPage>(t, downloadRecordPage, { pageSize: 100 }, admin);
        record = page.data.list.find((r) => r.id === a.data.id);
        expect(record?.state, JSON.stringify(record)).toBe('COMPLETE');
      },
      { timeout: 20_000, interval: 200 },
    );
    expect(record?.written).toEqual(record?.expected);
    const link = await callJson<DownloadLink>(t, downloadRecordDownload, { id: a.data.id }, admin);
    const file = await t.app.inject({ method: 'GET', url: link.data.url });
    expect(file.statusCode).toBe(200);
    const csv = csvParts(file.body);
    expect(csv.rows).toHaveLength(6);
    expect(csv.heading).toContainEqual(['Time zone', 'America/Mexico_City (UTC-6)']);
    expect(csv.trailer[2]?.[1]).toBe(record?.sha256);
    expect(csv.sha256).toBe(record?.sha256);
  });

  test('the task’s creator must hold the account type’s finance code, and its task names the statement', async () => {
    const payinOnly = await userWith(t, ['finance:payin', 'download-center']);
    const refused = await callJson(
      t,
      statementExportTaskCreate,
      { ...mx({ accountType: 'PAY_OUT' }), idempotencyKey: randomUUID() },
      payinOnly,
    );
    expect(refused.code).toBe(ResultCode.FORBIDDEN);
  });
});
