import { login } from '@andes/contract/auth/endpoints';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { localDateOf } from '@andes/contract/common/dates';
import { ResultCode } from '@andes/contract/common/envelope';
import { transactionFileDownload } from '@andes/contract/transaction/endpoints';
import type { PGlite } from '@electric-sql/pglite';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Db } from '../../src/db/client.ts';
import { accounts } from '../../src/db/schema/ledger.ts';
import { merchants } from '../../src/db/schema/merchants.ts';
import { transactions } from '../../src/db/schema/transactions.ts';
import type { Scope } from '../../src/http/auth-context.ts';
import type { TransactionFilter } from '../../src/modules/transaction/transaction.repository.ts';
import { transactionExportCopySelect } from '../../src/modules/transaction/transaction-export.repository.ts';
import { transactionCsv, transactionExportRows } from '../../src/modules/transaction/transaction-export.service.ts';
import type { ExportOptions } from '../../src/modules/transaction-files/export/columns.ts';
import { CsvLineEnds, postgresPoolOf } from '../../src/modules/transaction-files/export/copy-csv.ts';
import { csvHead, csvStream } from '../../src/modules/transaction-files/export/csv-stream.ts';
import { TRANSACTION_EXPORT_COLUMNS } from '../../src/modules/transaction-files/export/transaction-columns.ts';
import { createTestApp, envelope, fakeClock, post, signIn, type TestApp } from '../helper.ts';
import { EventFactory, sendEvent, withPlatformToken } from '../ledger/support.ts';
import { parseCsv, readAll } from '../transaction-files/export-fixtures.ts';

/**
 * The CSV export on PostgreSQL is written by PostgreSQL (`COPY (SELECT <cells formatted in SQL>)
 * TO STDOUT (FORMAT csv)`); on PGlite by csvStream over keyset batches. These tests hold the SQL to
 * the bytes of csvStream on rows chosen to differ wherever the two could: quotes, commas and line
 * breaks in text, cells that look like formulas, empty strings and JSON nulls, both languages, a
 * daylight-saving change, microseconds, large amounts. On PGlite the SQL runs through
 * `COPY … TO '/dev/blob'`; with TEST_DATABASE_URL through the export itself, streamed.
 *
 * And the SELECT is built with the filter's values written in as literals (COPY takes no
 * parameters): a value made to break out of its literal must find only the row that holds it.
 */

// 15:00 UTC on 10 March 2026: 12:00 in São Paulo, 11:00 in New York (EDT since 8 March 07:00 UTC).
const NOW = new Date('2026-03-10T15:00:00Z');

let t: TestApp;
let admin: string;
let scope: Scope;
let subMerchantId: number;
const f = new EventFactory('sqlexp', new Date('2026-03-09T12:00:00Z'));

/** Values made to break out of an SQL string literal, one per free-text field that rows can hold. */
const INJECTION = {
  uniqueId: "u1' or '1'='1",
  merchantReference: "x'); drop table transactions; --",
  e2eId: "e2e\\' or 1=1 --",
  document: "doc'||(select string_agg(unique_id, ',') from transactions)||'",
  paymentLinkId: "pl'; delete from transactions; --",
  storeOrderId: '$1 or $2',
  shopDomain: "shop\\'); truncate merchants cascade; --",
} as const;

interface RowSpec {
  uniqueId: string;
  country?: Country;
  transactionType?: 'PAY_IN' | 'PAY_OUT';
  subMerchant?: boolean;
  merchantReference?: string;
  amount?: number;
  fee?: number;
  vat?: number;
  refundedAmount?: number;
  status?: string;
  holdStatus?: 1 | 2;
  refundStatus?: 'NONE' | 'PARTIAL' | 'FULL';
  productType?: string;
  currency?: string;
  createdAt: string;
  settledAt?: string | null;
  payer?: Record<string, unknown> | null | 'json-null';
  beneficiary?: Record<string, unknown> | null | 'json-null';
  e2eId?: string | null;
  cardBin?: string | null;
  cardLast4?: string | null;
  paymentLinkId?: string | null;
  storeOrderId?: string | null;
  shopDomain?: string | null;
}

const jsonOf = (v: RowSpec['payer']): Record<string, unknown> | SQL | null => (v === 'json-null' ? sql`'null'::jsonb` : (v ?? null));

async function insertRows(db: Db, merchantId: number, specs: readonly RowSpec[]): Promise<void> {
  for (const r of specs) {
    const country = r.country ?? 'BR';
    const type = r.transactionType ?? 'PAY_IN';
    const [account] = await db
      .select({ id: accounts.id })
      .from(accounts)
      .where(and(eq(accounts.kind, 'MERCHANT'), eq(accounts.holderId, merchantId), eq(accounts.country, country)))
      .limit(1);
    if (!account) throw new Error(`no ${country} account`);
    const createdAt = new Date(r.createdAt);
    await db.insert(transactions).values({
      uniqueId: r.uniqueId,
      merchantId,
      subMerchantId: r.subMerchant ? subMerchantId : null,
      accountId: account.id,
      transactionType: type,
      product: type === 'PAY_IN' ? 'payin' : 'payout',
      productType: r.productType ?? (country === 'BR' ? 'PIX' : 'CARD'),
      country,
      currency: r.currency ?? COUNTRY_INFO[country].currency,
      amount: r.amount ?? 10_000,
      fee: r.fee ?? 0,
      vat: r.vat ?? 0,
      refundedAmount: r.refundedAmount ?? 0,
      status: (r.status ?? 'SETTLED') as 'SETTLED',
      holdStatus: r.holdStatus ?? 2,
      refundStatus: r.refundStatus ?? 'NONE',
      merchantReference: r.merchantReference ?? `ref-${r.uniqueId}`,
      payer: jsonOf(r.payer) as never,
      beneficiary: jsonOf(r.beneficiary) as never,
      e2eId: r.e2eId ?? null,
      cardBin: r.cardBin ?? null,
      cardLast4: r.cardLast4 ?? null,
      paymentLinkId: r.paymentLinkId ?? null,
      storePlatform: r.storeOrderId || r.shopDomain ? 'SHOPIFY' : null,
      storeOrderId: r.storeOrderId ?? null,
      storeShopDomain: r.shopDomain ?? null,
      createdAt: sql`${r.createdAt}::timestamptz` as never,
      createdDate: localDateOf(COUNTRY_INFO[country].timezoneName, createdAt),
      statusAt: createdAt,
      settledAt: r.settledAt ? (sql`${r.settledAt}::timestamptz` as never) : null,
    });
  }
}

const TRICKY: RowSpec[] = [
  {
    uniqueId: 'SQL-QUOTES',
    merchantReference: 'a, "quoted"\r\nline\nthree',
    createdAt: '2026-03-08T12:01:00.999999Z',
    settledAt: '2026-03-08T12:00:59.999999Z',
    amount: 123_456,
    fee: 150,
    vat: 20,
    payer: { name: 'Ana Lima, "Loja"\n2º andar', document: '111.222.333-44' },
    e2eId: 'E2E,1',
  },
  { uniqueId: 'SQL-EQ', merchantReference: '=HYPERLINK("http://evil")', createdAt: '2026-03-07T10:00:00Z', payer: { name: '=cmd|x' } },
  { uniqueId: 'SQL-PLUS', merchantReference: '+1', createdAt: '2026-03-07T09:00:00Z', payer: { name: '+55 11', document: '-12' } },
  { uniqueId: 'SQL-MINUS', merchantReference: '-1', createdAt: '2026-03-07T08:00:00Z', payer: { name: '@SUM(A1)' }, e2eId: '@e2e' },
  { uniqueId: 'SQL-TAB', merchantReference: '\tx', createdAt: '2026-03-07T07:00:00Z', payer: { name: '\rname' } },
  { uniqueId: 'SQL-EMPTY', merchantReference: '', createdAt: '2026-03-07T06:00:00Z', payer: { name: '', document: '' }, e2eId: '' },
  { uniqueId: 'SQL-NO-NAME', createdAt: '2026-03-07T05:00:00Z', payer: { document: '999' } },
  { uniqueId: 'SQL-JSON-NULL', createdAt: '2026-03-07T04:00:00Z', payer: 'json-null', beneficiary: { name: 'Ben', document: 'B-1' } },
  { uniqueId: 'SQL-NULLS', createdAt: '2026-03-07T03:00:00Z', payer: null, beneficiary: null, settledAt: null, status: 'FAILED' },
  {
    uniqueId: 'SQL-UNICODE',
    merchantReference: '订单 “São” ✓ 😀',
    createdAt: '2026-03-06T23:59:59Z',
    payer: { name: '张三' },
    amount: 9_007_199_254_740_991,
    refundedAmount: 1,
    refundStatus: 'PARTIAL',
    status: 'REFUNDING',
  },
  { uniqueId: 'SQL-SMALL', createdAt: '2026-03-06T12:00:00Z', amount: 1, fee: 99, vat: 100, status: 'REFUNDED', refundStatus: 'FULL' },
  { uniqueId: 'SQL-HELD', createdAt: '2026-03-06T11:00:00Z', holdStatus: 1, cardBin: '123456', cardLast4: '4242', productType: 'CARD' },
  { uniqueId: 'SQL-SUB', subMerchant: true, createdAt: '2026-03-06T10:00:00Z', status: 'IN_PROGRESS' },
  { uniqueId: 'SQL-SUB-2', subMerchant: true, createdAt: '2026-03-06T10:00:00Z', status: 'CHARGED_BACK' },
  {
    uniqueId: 'SQL-PAYOUT',
    transactionType: 'PAY_OUT',
    createdAt: '2026-03-05T10:00:00Z',
    payer: { name: 'Payer of a payout' },
    beneficiary: { name: 'Beatriz, "B"', document: 'BEN-9' },
    status: 'CANCELLED',
  },
  { uniqueId: 'SQL-PAYOUT-2', transactionType: 'PAY_OUT', createdAt: '2026-03-05T09:00:00Z', payer: { name: 'Only payer' } },
  { uniqueId: 'SQL-OLD', createdAt: '2025-11-01T00:00:00.5Z', settledAt: '2025-11-02T00:00:00Z', status: 'EXPIRED' },
  // New York around the start of daylight saving time (8 March 2026, 07:00 UTC).
  { uniqueId: 'SQL-US-EST', country: 'US', createdAt: '2026-03-08T06:59:59.999Z', settledAt: '2026-03-08T07:00:00Z' },
  { uniqueId: 'SQL-US-EDT', country: 'US', createdAt: '2026-03-08T07:00:00Z', settledAt: '2026-03-08T07:59:59Z', status: 'REJECTED' },
  { uniqueId: 'SQL-US-CREATED', country: 'US', createdAt: '2026-01-02T03:04:05Z', status: 'CREATED' },
  { uniqueId: 'SQL-US-INITIAL', country: 'US', createdAt: '2026-01-02T03:04:05Z', status: 'INITIAL_STATUS' },
  // Rows that hold the injection values.
  { uniqueId: INJECTION.uniqueId, createdAt: '2026-02-20T10:00:00Z' },
  { uniqueId: 'SQL-INJ-REF', merchantReference: INJECTION.merchantReference, createdAt: '2026-02-20T09:00:00Z' },
  { uniqueId: 'SQL-INJ-E2E', e2eId: INJECTION.e2eId, createdAt: '2026-02-20T08:00:00Z' },
  { uniqueId: 'SQL-INJ-DOC', payer: { name: 'Doc', document: INJECTION.document }, createdAt: '2026-02-20T07:00:00Z' },
  { uniqueId: 'SQL-INJ-LINK', paymentLinkId: INJECTION.paymentLinkId, createdAt: '2026-02-20T06:00:00Z' },
  { uniqueId: 'SQL-INJ-STORE', storeOrderId: INJECTION.storeOrderId, shopDomain: INJECTION.shopDomain, createdAt: '2026-02-20T05:00:00Z' },
];

/** The filter the export call builds for the pay-in list of a country, default window. */
function filterOf(country: Country, more: Partial<TransactionFilter> = {}): TransactionFilter {
  return {
    country,
    transactionTypes: ['PAY_IN'],
    createdFrom: new Date('2025-10-10T03:00:00Z'),
    createdTo: new Date('2026-03-11T03:00:00Z'),
    statuses: [],
    productTypes: [],
    subMerchantIds: [],
    ...more,
  };
}

const optionsOf = (country: Country, language: 'en' | 'zh-CN'): ExportOptions => ({
  language,
  timeZone: COUNTRY_INFO[country].timezoneName,
  at: NOW,
});

/** The reference: csvStream over the keyset batches (the path every export took before COPY). */
async function batchCsv(s: Scope, filter: TransactionFilter, options: ExportOptions): Promise<string> {
  return (await readAll(csvStream(transactionExportRows(t.db, s, filter), TRANSACTION_EXPORT_COLUMNS, options))).toString('utf8');
}

/** The SQL path: the export's own stream on PostgreSQL; on PGlite the same SELECT through COPY to a blob. */
async function sqlCsv(s: Scope, filter: TransactionFilter, options: ExportOptions): Promise<string> {
  if (postgresPoolOf(t.db) !== null) return (await readAll(transactionCsv(t.db, s, filter, options))).toString('utf8');
  const client = (t.db as unknown as { $client: PGlite }).$client;
  const select = transactionExportCopySelect(t.db, s, filter, TRANSACTION_EXPORT_COLUMNS, options);
  const result = await client.query(`copy (${select}) to '/dev/blob' with (format csv)`);
  const lines = new CsvLineEnds();
  const body = result.blob ? lines.convert(Buffer.from(await result.blob.arrayBuffer())) : Buffer.alloc(0);
  lines.end();
  return csvHead(TRANSACTION_EXPORT_COLUMNS, options) + body.toString('utf8');
}

const uniqueIdsOf = (csv: string) =>
  parseCsv(csv.replace(/^\uFEFF/, ''))
    .slice(1)
    .map((r) => r[0]);

beforeAll(async () => {
  t = await createTestApp({ clock: fakeClock(NOW) });
  await withPlatformToken(t.db);
  // One pay-in each the normal way, which opens the merchant's BR and US accounts.
  for (const [country, currency, productType] of [
    ['BR', 'BRL', 'PIX'],
    ['US', 'USD', 'CARD'],
  ] as const) {
    const ack = await sendEvent(t.app, f.created({ uniqueId: f.uniqueId(`open-${country}`), country, currency, productType, amount: 500 }));
    expect(ack.code).toBe(200);
  }
  const [demo] = await t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, 'ANDES-DEMO'));
  const [sub] = await t.db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, 'ANDES-DEMO-BR'));
  if (!demo || !sub) throw new Error('no demo merchants');
  scope = { merchantId: demo.id, subMerchantId: null };
  subMerchantId = sub.id;
  // A sub-merchant name that needs quoting and defusing.
  await t.db.update(merchants).set({ name: '-Andes, "Mkt"' }).where(eq(merchants.id, sub.id));
  await insertRows(t.db, demo.id, TRICKY);
  admin = await signIn(t.app, login.path, 'admin');
});
afterAll(async () => t?.close());

describe('the CSV written by PostgreSQL is byte for byte the csvStream file', () => {
  const cases: [string, () => [Scope, TransactionFilter, ExportOptions]][] = [
    ['BR pay-ins, en', () => [scope, filterOf('BR'), optionsOf('BR', 'en')]],
    ['BR pay-ins, zh-CN', () => [scope, filterOf('BR'), optionsOf('BR', 'zh-CN')]],
    ['US pay-ins across the DST change, en', () => [scope, filterOf('US'), optionsOf('US', 'en')]],
    [
      'BR payouts (the beneficiary is the counterparty)',
      () => [scope, filterOf('BR', { transactionTypes: ['PAY_OUT'] }), optionsOf('BR', 'en')],
    ],
    ['BR holding page, zh-CN', () => [scope, filterOf('BR', { holdStatus: 1 }), optionsOf('BR', 'zh-CN')]],
    ['a sub-merchant user’s own rows', () => [{ ...scope, subMerchantId }, filterOf('BR'), optionsOf('BR', 'en')]],
    [
      'a deep query (no window) by unique id',
      () => [scope, filterOf('BR', { createdFrom: null, createdTo: null, uniqueId: 'SQL-QUOTES' }), optionsOf('BR', 'en')],
    ],
    ['no rows at all', () => [scope, filterOf('BR', { statuses: ['EXPIRED'], amountMin: 99_999_999 }), optionsOf('BR', 'en')]],
  ];
  test.each(cases)('%s', async (_name, args) => {
    const [s, filter, options] = args();
    const expected = await batchCsv(s, filter, options);
    expect(await sqlCsv(s, filter, options)).toBe(expected);
  });

  test('the rows compared are the tricky ones (a test that cannot pass on empty files)', async () => {
    const csv = await batchCsv(scope, filterOf('BR'), optionsOf('BR', 'en'));
    const rows = parseCsv(csv.replace(/^\uFEFF/, ''));
    const header = rows[0] as string[];
    const row = (id: string) => rows.find((r) => r[0] === id) as string[];
    const cell = (id: string, name: string) => row(id)[header.indexOf(name)];
    expect(cell('SQL-QUOTES', 'Merchant reference')).toBe('a, "quoted"\r\nline\nthree');
    expect(cell('SQL-QUOTES', 'Payer / beneficiary')).toBe('Ana Lima, "Loja"\n2º andar');
    expect(cell('SQL-QUOTES', 'Submit time (America/Sao_Paulo, UTC-3)')).toBe('2026-03-08 09:01:00');
    expect(cell('SQL-QUOTES', 'Settle time (America/Sao_Paulo, UTC-3)')).toBe('2026-03-08 09:00:59');
    expect(cell('SQL-EQ', 'Merchant reference')).toBe(`'=HYPERLINK("http://evil")`);
    expect(cell('SQL-PLUS', 'Document')).toBe("'-12");
    expect(cell('SQL-TAB', 'Payer / beneficiary')).toBe("'\rname");
    expect(cell('SQL-EMPTY', 'Merchant reference')).toBe('');
    expect(cell('SQL-JSON-NULL', 'Payer / beneficiary')).toBe('Ben');
    expect(cell('SQL-UNICODE', 'Amount')).toBe('90071992547409.91');
    expect(cell('SQL-SMALL', 'VAT')).toBe('1.00');
    expect(cell('SQL-SUB', 'Sub-merchant')).toBe(`'-Andes, "Mkt"`);
    expect(cell('SQL-HELD', 'Hold status')).toBe('On hold');
    expect(rows.length).toBeGreaterThan(20);
  });

  test('the export call answers the same bytes (one-time link included)', async () => {
    const expected = await batchCsv(scope, filterOf('BR'), optionsOf('BR', 'en'));
    const res = await post(
      t.app,
      transactionFileDownload.path,
      { list: 'payin', country: 'BR', format: 'csv', language: 'en' },
      { token: admin },
    );
    expect(res.statusCode).toBe(200);
    expect(res.body).toBe(expected);
  });
});

describe('filter values written into the SELECT as literals', () => {
  const fields = Object.keys(INJECTION) as (keyof typeof INJECTION)[];
  test.each(fields)('%s: an injection attempt finds only the row that holds it', async (field) => {
    const before = await t.db.select({ n: sql<number>`count(*)::int` }).from(transactions);
    const value = INJECTION[field];
    const csv = await sqlCsv(scope, filterOf('BR', { [field]: value }), optionsOf('BR', 'en'));
    const expected = TRICKY.filter((r) =>
      field === 'document' ? r.payer !== null && typeof r.payer === 'object' && r.payer.document === value : r[field] === value,
    ).map((r) => r.uniqueId);
    expect(expected).toHaveLength(1);
    expect(uniqueIdsOf(csv)).toEqual(expected);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(transactions)).toEqual(before);
    expect((await t.db.select({ id: merchants.id }).from(merchants)).length).toBeGreaterThan(0);
  });

  test('digits-only fields (card BIN, last 4) and the amount bounds take an attempt as a value too', async () => {
    const csv = await sqlCsv(scope, filterOf('BR', { cardBin: "1' or '1'='1", cardLast4: "4242' --" }), optionsOf('BR', 'en'));
    expect(uniqueIdsOf(csv)).toEqual([]);
    const amounts = await sqlCsv(scope, filterOf('BR', { amountMin: -1, amountMax: 1 }), optionsOf('BR', 'en'));
    expect(uniqueIdsOf(amounts)).toEqual(['SQL-SMALL']);
  });

  test('the export call refuses them before any SQL: identifiers are [A-Za-z0-9._-/#:]', async () => {
    for (const field of ['uniqueId', 'merchantReference', 'e2eId', 'document', 'cardBin', 'cardLast4']) {
      const res = await post(
        t.app,
        transactionFileDownload.path,
        { list: 'payin', country: 'BR', format: 'csv', language: 'en', [field]: "1' or '1'='1" },
        { token: admin },
      );
      expect(envelope(res).code, field).toBe(ResultCode.VALIDATION_FAILED);
    }
  });
});
