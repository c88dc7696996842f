/**
 * Export rate: rows per second of the CSV export writer (`csvStream` of
 * apps/api/src/modules/transaction-files) against PostgreSQL's own `COPY (SELECT …) TO STDOUT` of the
 * same rows and columns, on the database the 10-million-row generator filled. Issue 5's target:
 * csvStream rows/s ≥ 0.5 × COPY rows/s.
 *
 * Three figures, each the best of `--runs` runs:
 * - COPY: `COPY (SELECT …) TO STDOUT (FORMAT csv)` through pg-copy-streams, the SELECT formatting
 *   amounts as units and times in the merchant's zone, so the server does the same work;
 * - csvStream over the database: the same SELECT read with a server-side cursor (`DECLARE … FETCH`,
 *   constant memory, as the export call reads), rows handed to csvStream, bytes to a null sink;
 * - csvStream over COPY: the raw columns read with `COPY (SELECT …) TO STDOUT` (text format),
 *   parsed by `copyTextRows` and handed to csvStream (the way an export can read PostgreSQL);
 * - csvStream alone: the same number of rows generated in memory (the writer's own ceiling).
 *
 *   npx tsx bench/export-rate.ts --url postgres://postgres@127.0.0.1:5432/andes_bench --rows 200000
 */
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { ExportColumn } from '../apps/api/src/modules/transaction-files/export/columns.ts';
import { copyTextRows } from '../apps/api/src/modules/transaction-files/export/copy-rows.ts';
import { csvStream } from '../apps/api/src/modules/transaction-files/export/csv-stream.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    rows: { type: 'string', default: '200000' },
    runs: { type: 'string', default: '3' },
    batch: { type: 'string', default: '5000' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log('usage: tsx bench/export-rate.ts --url URL [--rows N] [--runs N] [--batch N]');
  process.exit(0);
}
const url = values.url ?? process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('give --url or BENCH_DATABASE_URL (a database filled by generate-transactions.ts)');
  process.exit(2);
}
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const BATCH = Number(values.batch);
const TIME_ZONE = 'America/Sao_Paulo';

interface ExportRow extends Record<string, unknown> {
  unique_id: string;
  merchant_reference: string;
  product_type: string;
  status: string;
  currency: string;
  amount: number;
  fee: number;
  vat: number;
  created_at: Date | number;
  settled_at: Date | number | null;
  payer_name: string | null;
}

const COLUMNS: readonly ExportColumn<ExportRow>[] = [
  { key: 'unique_id', header: { en: 'Unique ID', 'zh-CN': '唯一编号' }, kind: 'text' },
  { key: 'merchant_reference', header: { en: 'Merchant reference', 'zh-CN': '商户订单号' }, kind: 'text' },
  { key: 'product_type', header: { en: 'Product type', 'zh-CN': '产品类型' }, kind: 'text' },
  { key: 'status', header: { en: 'Status', 'zh-CN': '状态' }, kind: 'status' },
  { key: 'currency', header: { en: 'Currency', 'zh-CN': '币种' }, kind: 'text' },
  { key: 'amount', header: { en: 'Amount', 'zh-CN': '金额' }, kind: 'amount' },
  { key: 'fee', header: { en: 'Fee', 'zh-CN': '手续费' }, kind: 'amount' },
  { key: 'vat', header: { en: 'VAT', 'zh-CN': '增值税' }, kind: 'amount' },
  { key: 'created_at', header: { en: 'Submit time', 'zh-CN': '提交时间' }, kind: 'instant' },
  { key: 'settled_at', header: { en: 'Settle time', 'zh-CN': '结算时间' }, kind: 'instant' },
  { key: 'payer_name', header: { en: 'Payer', 'zh-CN': '付款人' }, kind: 'text' },
];

const pool = new pg.Pool({ connectionString: url, max: 2 });
// bigint columns as JS numbers (cents stay below 2^53), as the app's driver set-up does.
pg.types.setTypeParser(20, (v) => Number(v));

/** A sink that throws bytes away, counting them. */
function nullSink(): { sink: Writable; bytes: () => number } {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      callback();
    },
  });
  return { sink, bytes: () => bytes };
}

async function largestSlice(): Promise<{ merchantId: number; country: string }> {
  const { rows } = await pool.query<{ merchant_id: number; country: string; n: string }>(
    `select merchant_id, country, count(*) as n from transactions group by merchant_id, country order by n desc limit 1`,
  );
  const top = rows[0];
  if (!top) throw new Error('no transactions: fill the database with generate-transactions.ts first');
  console.log(`slice: merchant ${top.merchant_id}, ${top.country}, ${Number(top.n).toLocaleString('en-US')} rows`);
  return { merchantId: top.merchant_id, country: top.country };
}

function selectSql(merchantId: number, country: string, formatted: boolean): string {
  const fields = formatted
    ? `unique_id, merchant_reference, product_type, status, currency,
       to_char(amount / 100.0, 'FM999999999999999990.00') as amount, to_char(fee / 100.0, 'FM999999999999999990.00') as fee,
       to_char(vat / 100.0, 'FM999999999999999990.00') as vat,
       to_char(created_at at time zone '${TIME_ZONE}', 'YYYY-MM-DD HH24:MI:SS') as created_at,
       to_char(settled_at at time zone '${TIME_ZONE}', 'YYYY-MM-DD HH24:MI:SS') as settled_at, payer->>'name' as payer_name`
    : // Instants as epoch ms (int8): the driver parses a number far faster than a timestamptz text.
      `unique_id, merchant_reference, product_type, status, currency, amount, fee, vat,
       (extract(epoch from created_at) * 1000)::int8 as created_at, (extract(epoch from settled_at) * 1000)::int8 as settled_at,
       payer->>'name' as payer_name`;
  return `select ${fields} from transactions where merchant_id = ${merchantId} and country = '${country}'
          order by created_at, id limit ${ROWS}`;
}

async function copyRun(sql: string): Promise<{ ms: number; bytes: number }> {
  const client = await pool.connect();
  try {
    const { sink, bytes } = nullSink();
    const start = performance.now();
    await pipeline(client.query(copyTo(`copy (${sql}) to stdout with (format csv, header)`)), sink);
    return { ms: performance.now() - start, bytes: bytes() };
  } finally {
    client.release();
  }
}

async function csvOverCopyRun(sql: string): Promise<{ ms: number; bytes: number }> {
  const client = await pool.connect();
  try {
    const { sink, bytes } = nullSink();
    const start = performance.now();
    // Read ahead up to 1 MB so the server keeps sending while the writer works.
    const source = client.query(copyTo(`copy (${sql}) to stdout`, { highWaterMark: 1 << 20 }));
    const rows = copyTextRows(
      source,
      COLUMNS.map((c) => c.key),
    ) as AsyncGenerator<ExportRow>;
    await pipeline(csvStream(rows, COLUMNS, { language: 'en', timeZone: TIME_ZONE }), sink);
    return { ms: performance.now() - start, bytes: bytes() };
  } finally {
    client.release();
  }
}

async function* cursorRows(client: pg.PoolClient, sql: string): AsyncGenerator<ExportRow> {
  await client.query('begin');
  try {
    await client.query(`declare export_cursor no scroll cursor for ${sql}`);
    for (;;) {
      const { rows } = await client.query<ExportRow>(`fetch ${BATCH} from export_cursor`);
      for (const row of rows) yield row;
      if (rows.length < BATCH) break;
    }
  } finally {
    await client.query('rollback');
  }
}

async function csvRun(sql: string): Promise<{ ms: number; bytes: number; rows: number }> {
  const client = await pool.connect();
  try {
    let rows = 0;
    async function* counted(): AsyncGenerator<ExportRow> {
      for await (const row of cursorRows(client, sql)) {
        rows += 1;
        yield row;
      }
    }
    const { sink, bytes } = nullSink();
    const start = performance.now();
    await pipeline(csvStream(counted(), COLUMNS, { language: 'en', timeZone: TIME_ZONE }), sink);
    return { ms: performance.now() - start, bytes: bytes(), rows };
  } finally {
    client.release();
  }
}

async function* memoryRows(count: number): AsyncGenerator<ExportRow> {
  const base = Date.UTC(2026, 0, 1);
  for (let i = 0; i < count; i++) {
    yield {
      unique_id: `BR${String(i).padStart(12, '0')}`,
      merchant_reference: `order-${i}`,
      product_type: 'PIX',
      status: 'SETTLED',
      currency: 'BRL',
      amount: 1000 + i,
      fee: 30,
      vat: 0,
      created_at: new Date(base + i * 1000),
      settled_at: new Date(base + i * 1000 + 60_000),
      payer_name: `Pagador ${i}`,
    };
  }
}

async function memoryRun(count: number): Promise<{ ms: number; bytes: number }> {
  const { sink, bytes } = nullSink();
  const start = performance.now();
  await pipeline(csvStream(memoryRows(count), COLUMNS, { language: 'en', timeZone: TIME_ZONE }), sink);
  return { ms: performance.now() - start, bytes: bytes() };
}

function best<T extends { ms: number }>(runs: T[]): T {
  return runs.reduce((a, b) => (b.ms < a.ms ? b : a));
}

const rate = (rows: number, ms: number) => Math.round((rows / ms) * 1000);
const fmt = (n: number) => n.toLocaleString('en-US');

const { merchantId, country } = await largestSlice();
const copies: { ms: number; bytes: number }[] = [];
const csvs: { ms: number; bytes: number; rows: number }[] = [];
const overCopies: { ms: number; bytes: number }[] = [];
const memories: { ms: number; bytes: number }[] = [];
for (let run = 0; run < RUNS; run++) {
  copies.push(await copyRun(selectSql(merchantId, country, true)));
  csvs.push(await csvRun(selectSql(merchantId, country, false)));
  overCopies.push(await csvOverCopyRun(selectSql(merchantId, country, false)));
}
const rows = csvs[0]?.rows ?? 0;
for (let run = 0; run < RUNS; run++) memories.push(await memoryRun(rows));
await pool.end();

const copy = best(copies);
const csv = best(csvs);
const overCopy = best(overCopies);
const memory = best(memories);
console.log(`rows per run: ${fmt(rows)} (best of ${RUNS}; cursor batches of ${fmt(BATCH)})`);
console.log(`COPY … TO STDOUT        ${fmt(Math.round(copy.ms))} ms  ${fmt(rate(rows, copy.ms))} rows/s  ${fmt(copy.bytes)} bytes`);
console.log(`csvStream over cursor   ${fmt(Math.round(csv.ms))} ms  ${fmt(rate(rows, csv.ms))} rows/s  ${fmt(csv.bytes)} bytes`);
console.log(
  `csvStream over COPY      ${fmt(Math.round(overCopy.ms))} ms  ${fmt(rate(rows, overCopy.ms))} rows/s  ${fmt(overCopy.bytes)} bytes`,
);
console.log(`csvStream in memory     ${fmt(Math.round(memory.ms))} ms  ${fmt(rate(rows, memory.ms))} rows/s  ${fmt(memory.bytes)} bytes`);
for (const [name, run] of [
  ['over cursor', csv],
  ['over COPY', overCopy],
] as const) {
  const ratio = copy.ms / run.ms;
  console.log(`ratio csvStream ${name} / COPY rows/s: ${ratio.toFixed(2)} (target ≥ 0.50: ${ratio >= 0.5 ? 'met' : 'NOT met'})`);
}
