import { login } from '@andes/contract/auth/endpoints';
import { ResultCode } from '@andes/contract/common/envelope';
import type { PlatformEventInput } from '@andes/contract/platform/schemas';
import { transactionFileDownload, transactionFileDownloadUrl } from '@andes/contract/transaction/endpoints';
import { EXPORT_LINK_MESSAGES, type TransactionExportLink, type TransactionExportRequest } from '@andes/contract/transaction/schemas';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { loggableUrl } from '../../src/logging.ts';
import { createTestApp, envelope, type FakeClock, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { EventFactory, sendAll, withPlatformToken } from '../ledger/support.ts';
import { parseCsv } from '../transaction-files/export-fixtures.ts';

// 15:00 UTC on 10 March 2026 is 12:00 in São Paulo (UTC-3): today in BR is 2026-03-10.
const NOW = new Date('2026-03-10T15:00:00Z');
const ZONE_HEADER = 'Submit time (America/Sao_Paulo, UTC-3)';

let t: TestApp;
let clock: FakeClock;
let admin: string;
let market: string;
let payout: string;
let condor: string;
const f = new EventFactory('exp', new Date('2026-03-08T12:00:00Z'));
const ids: Record<string, string> = {};

const send = (events: PlatformEventInput[]) => sendAll(t.app, events);

const payinBr = (more: Partial<TransactionExportRequest> = {}): TransactionExportRequest => ({
  list: 'payin',
  country: 'BR',
  format: 'csv',
  language: 'en',
  ...more,
});

async function csvOf(token: string, body: TransactionExportRequest): Promise<string[][]> {
  const res = await post(t.app, transactionFileDownload.path, body, { token });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toContain('text/csv');
  return parseCsv(res.body.replace(/^\uFEFF/, ''));
}

/** The unique ids of the CSV's rows (its first column), in file order. */
const uniqueIdsOf = (rows: string[][]) => rows.slice(1).map((r) => r[0]);

beforeAll(async () => {
  clock = fakeClock(NOW);
  t = await createTestApp({ clock });
  await withPlatformToken(t.db);
  for (const k of ['pix', 'formula', 'sub', 'failed', 'payout', 'condor']) ids[k] = f.uniqueId(k);
  await send([
    f.created({
      uniqueId: ids.pix as string,
      merchantReference: 'ORDER-PIX-1',
      amount: 123_456,
      payer: { name: 'Ana Lima, "Loja"', document: '11122233344', e2eId: 'E2EPIX0001' },
    }),
    f.settled(ids.pix as string, { fee: 150, vat: 20 }),
    f.created({ uniqueId: ids.formula as string, merchantReference: '=HYPERLINK("http://evil")', amount: 500 }),
    f.created({ uniqueId: ids.sub as string, subMerchantCode: 'ANDES-DEMO-BR', amount: 5_000 }),
    f.created({ uniqueId: ids.failed as string, amount: 700 }),
    f.statusChanged(ids.failed as string, 'FAILED'),
    f.payout({ uniqueId: ids.payout as string, amount: 3_000 }),
  ]);
  await send([f.created({ uniqueId: ids.condor as string, country: 'MX', currency: 'MXN', productType: 'SPEI', amount: 4_000 }, 'CONDOR')]);
  // The marketplace staff (a sub-merchant user) may export too.
  await t.db.execute(
    sql`insert into role_permissions (role_id, code) select id, 'transactions:export' from roles where name = 'Marketplace staff'`,
  );
  admin = await signIn(t.app, login.path, 'admin');
  market = await signIn(t.app, login.path, 'market');
  payout = await signIn(t.app, login.path, 'payout');
  condor = await signIn(t.app, login.path, 'condor');
});
afterAll(async () => t?.close());

describe('transaction export (file download)', () => {
  test('the CSV names the zone and holds exactly the rows of the filter, newest first, amounts in units', async () => {
    const rows = await csvOf(admin, payinBr());
    const header = rows[0] as string[];
    expect(header[0]).toBe('Unique ID');
    expect(header).toContain(ZONE_HEADER);
    expect(header).toContain('Settle time (America/Sao_Paulo, UTC-3)');
    expect(uniqueIdsOf(rows)).toEqual([ids.failed, ids.sub, ids.formula, ids.pix]);
    const pix = rows.find((r) => r[0] === ids.pix) as string[];
    const col = (name: string) => pix[header.indexOf(name)];
    expect(col('Amount')).toBe('1234.56');
    expect(col('Fee')).toBe('1.50');
    expect(col('VAT')).toBe('0.20');
    expect(col('Currency')).toBe('BRL');
    expect(col('Status')).toBe('Settled');
    expect(col('Payer / beneficiary')).toBe('Ana Lima, "Loja"');
    expect(col('Document')).toBe('11122233344');
    expect(col('E2E ID')).toBe('E2EPIX0001');
    // Created 12:01 UTC on 8 March: 09:01 in São Paulo.
    expect(col(ZONE_HEADER)).toBe('2026-03-08 09:01:00');

    expect(uniqueIdsOf(await csvOf(admin, payinBr({ statuses: ['FAILED'] })))).toEqual([ids.failed]);
    expect(uniqueIdsOf(await csvOf(admin, payinBr({ list: 'payout' })))).toEqual([ids.payout]);
  });

  test('the file is named after the list, the country and the day', async () => {
    const res = await post(t.app, transactionFileDownload.path, payinBr({ format: 'xlsx' }), { token: admin });
    expect(res.headers['content-disposition']).toContain('transactions-payin-BR-2026-03-10.xlsx');
  });

  test('a formula-looking merchant reference is escaped', async () => {
    const rows = await csvOf(admin, payinBr({ uniqueId: ids.formula }));
    expect(rows[1]?.[1]).toBe(`'=HYPERLINK("http://evil")`);
  });

  test('headers and labels follow the language', async () => {
    const rows = await csvOf(admin, payinBr({ language: 'zh-CN', uniqueId: ids.pix }));
    expect(rows[0]?.[0]).toBe('唯一编号');
    expect(rows[1]).toContain('已结算');
  });

  test('the XLSX opens with the same rows', async () => {
    const res = await post(t.app, transactionFileDownload.path, payinBr({ format: 'xlsx' }), { token: admin });
    expect(res.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.worksheets[0];
    if (!sheet) throw new Error('no sheet');
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    expect(values[0]).toContain(ZONE_HEADER);
    expect(values.slice(1).map((r) => r[0])).toEqual([ids.failed, ids.sub, ids.formula, ids.pix]);
    const amountAt = (values[0] as unknown[]).indexOf('Amount');
    expect(values.find((r) => r[0] === ids.pix)?.[amountAt]).toBe(1234.56);
    expect(values.find((r) => r[0] === ids.formula)?.[1]).toBe(`'=HYPERLINK("http://evil")`);
  });

  test('scope: a sub-merchant user exports only its rows; CONDOR gets nothing of ANDES-DEMO', async () => {
    expect(uniqueIdsOf(await csvOf(market, payinBr()))).toEqual([ids.sub]);
    expect(uniqueIdsOf(await csvOf(condor, payinBr({ country: 'MX' })))).toEqual([ids.condor]);
    const foreign = await post(t.app, transactionFileDownload.path, payinBr(), { token: condor });
    expect(envelope(foreign).code).toBe(ResultCode.FORBIDDEN);
  });

  test('refusals: no export permission, a range beyond today', async () => {
    const res = await post(t.app, transactionFileDownload.path, payinBr({ list: 'payout' }), { token: payout });
    expect(envelope(res).code).toBe(ResultCode.FORBIDDEN);
    const future = await post(
      t.app,
      transactionFileDownload.path,
      payinBr({ createdAt: { start: '2026-03-01T03:00:00.000Z', end: '2026-03-20T03:00:00.000Z' } }),
      { token: admin },
    );
    expect(envelope(future).code).toBe(ResultCode.VALIDATION_FAILED);
  });
});

describe('one-time download URL', () => {
  async function link(token: string, body: TransactionExportRequest): Promise<TransactionExportLink> {
    const res = envelope<TransactionExportLink>(await post(t.app, transactionFileDownloadUrl.path, body, { token }));
    expect(res.code).toBe(200);
    return res.data;
  }

  test('downloads the same file once with a plain GET, then answers 410', async () => {
    const l = await link(admin, payinBr());
    expect(l.url).toMatch(/^\/files\/exports\/[A-Za-z0-9_-]{43}$/);
    expect(l.expiresAt).toBe('2026-03-10T15:10:00.000Z');
    const first = await t.app.inject({ method: 'GET', url: l.url });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-disposition']).toContain('transactions-payin-BR-2026-03-10.csv');
    expect(uniqueIdsOf(parseCsv(first.body.replace(/^\uFEFF/, '')))).toEqual([ids.failed, ids.sub, ids.formula, ids.pix]);
    const again = await t.app.inject({ method: 'GET', url: l.url });
    expect(again.statusCode).toBe(410);
    expect(again.body).toBe(EXPORT_LINK_MESSAGES.invalid);
  });

  test('keeps the caller’s scope', async () => {
    const l = await link(market, payinBr());
    const res = await t.app.inject({ method: 'GET', url: l.url });
    expect(uniqueIdsOf(parseCsv(res.body.replace(/^\uFEFF/, '')))).toEqual([ids.sub]);
  });

  test('expires after 10 minutes', async () => {
    const l = await link(admin, payinBr());
    clock.advance(10 * 60_000);
    try {
      expect((await t.app.inject({ method: 'GET', url: l.url })).statusCode).toBe(410);
    } finally {
      clock.set(NOW);
    }
  });

  test('an unknown token answers 410 and never the SPA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/files/exports/not-a-token' });
    expect(res.statusCode).toBe(410);
  });

  test('refused when the user lost transactions:export meanwhile', async () => {
    const l = await link(market, payinBr());
    await t.db.execute(
      sql`delete from role_permissions where code = 'transactions:export' and role_id in (select id from roles where name = 'Marketplace staff')`,
    );
    try {
      const res = await t.app.inject({ method: 'GET', url: l.url });
      expect(res.statusCode).toBe(403);
    } finally {
      await t.db.execute(
        sql`insert into role_permissions (role_id, code) select id, 'transactions:export' from roles where name = 'Marketplace staff'`,
      );
    }
  });

  test('refused without the export permission; the token is never logged', async () => {
    expect(envelope(await post(t.app, transactionFileDownloadUrl.path, payinBr({ list: 'payout' }), { token: payout })).code).toBe(
      ResultCode.FORBIDDEN,
    );
    expect(loggableUrl('/files/exports/abcDEF123_-xyz?x=1')).toBe('/files/exports/[redacted]?x=1');
    expect(loggableUrl('/dashboard/transaction/page')).toBe('/dashboard/transaction/page');
  });
});
