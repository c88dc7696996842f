/**
 * Export rate: rows per second of the CSV export (`POST /dashboard/transaction/file/download`, CSV)
 * against PostgreSQL's own `COPY (SELECT …) TO STDOUT` of the same rows, on the database the
 * 10-million-row generator filled. Issue 5's target: export rows/s ≥ 0.5 × COPY rows/s.
 *
 * The slice: a bench merchant's pay-in list in one country for the API's default window (no
 * `createdAt`: five months back to the end of today in the country's zone), the filter the export
 * call builds for `{ list: 'payin', country }`. Each figure is the best of `--runs` runs, bytes to a
 * null sink:
 *
 * - COPY: `COPY (the list's SELECT, transactionListQuery without a limit, values inlined) TO STDOUT
 *   (FORMAT csv)` through pg-copy-streams — the reference, as in transactions-list.ts;
 * - export: `transactionCsv` of transaction-export.service.ts, the function the export call returns
 *   as its response body (on PostgreSQL: the cells formatted in SQL, `COPY … (FORMAT csv)` and CRLF
 *   line ends; the whole API path but the HTTP request, the session and the filter's checks);
 * - lean reader (a candidate measured, not used): the same rows read with `COPY … TO STDOUT` in text
 *   format, columns shaped in SQL (codes, cents, epoch ms), split by tabs and written as CSV lines
 *   in JS without per-row objects;
 * - batches (before): `transactionListQuery` in keyset batches of 2,000 through drizzle, `listItemOf`,
 *   csvStream — the PGlite path, and the PostgreSQL path before COPY (`--batch-runs`, default 1);
 * - csvStream alone: the same number of rows built in memory (the JS writer's ceiling).
 *
 * The export's, the lean reader's and the batches' files are hashed in one more (untimed) run each:
 * all must be the same bytes, and the script says whether they are. READ ONLY: it runs SELECT and
 * COPY … TO only.
 *
 *   npx tsx bench/export-rate.ts --url postgres://postgres@127.0.0.1:5432/andes_bench
 */
import { createHash } from 'node:crypto';
import os from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { StringDecoder } from 'node:string_decoder';
import { parseArgs } from 'node:util';
import { centsToUnitsString } from '@andes/contract/common/money';
import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import { merchants } from '../apps/api/src/db/schema/merchants.ts';
import { transactions } from '../apps/api/src/db/schema/transactions.ts';
import { filterWhere, transactionListQuery } from '../apps/api/src/modules/transaction/transaction.repository.ts';
import { transactionExportCopySelect } from '../apps/api/src/modules/transaction/transaction-export.repository.ts';
import { transactionCsv, transactionExportRows } from '../apps/api/src/modules/transaction/transaction-export.service.ts';
import { defuseFormula, InstantFormatter } from '../apps/api/src/modules/transaction-files/export/columns.ts';
import { csvField, csvHead, csvStream } from '../apps/api/src/modules/transaction-files/export/csv-stream.ts';
import { inlineParams } from '../apps/api/src/modules/transaction-files/export/sql-literal.ts';
import {
  TRANSACTION_EXPORT_COLUMNS,
  type TransactionExportRow,
} from '../apps/api/src/modules/transaction-files/export/transaction-columns.ts';
import { fmt, load, openPayinSlice } from './payin-slice.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    merchant: { type: 'string', default: 'BENCH-0001' },
    country: { type: 'string', default: 'BR' },
    language: { type: 'string', default: 'en' },
    runs: { type: 'string', default: '3' },
    'batch-runs': { type: 'string', default: '1' },
    explain: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`usage: tsx bench/export-rate.ts --url URL [options]
  --merchant CODE    bench merchant (default BENCH-0001)
  --country CC       its pay-in list in this country (default BR)
  --language en|zh-CN  labels and headers (default en)
  --runs N           timed runs of COPY, the export and the lean reader; the best is kept (default 3)
  --batch-runs N     timed runs of the keyset-batch path (default 1; 0 skips it and its byte check)
  --explain          print the plan of the export's SELECT (EXPLAIN, not run) and stop`);
  process.exit(0);
}
const url = values.url ?? process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('give --url or BENCH_DATABASE_URL (a database filled by generate-transactions.ts)');
  process.exit(2);
}
const language = values.language === 'zh-CN' ? 'zh-CN' : 'en';
const RUNS = Number(values.runs);
const BATCH_RUNS = Number(values['batch-runs']);

// ---- the slice and the filter, as the export call builds them ----------------------------------------

const { database, db, pool, scope, now, timeZone, filter, options } = await openPayinSlice(url, values.merchant, values.country, language);
const country = filter.country;
const merchantId = scope.merchantId;

if (values.explain) {
  const select = transactionExportCopySelect(db, scope, filter, TRANSACTION_EXPORT_COLUMNS, options);
  const plan = await pool.query<{ 'QUERY PLAN': string }>(`explain ${select}`);
  console.log(select);
  for (const row of plan.rows) console.log(row['QUERY PLAN']);
  await database.close();
  process.exit(0);
}

// ---- measuring --------------------------------------------------------------------------------------

interface Run {
  ms: number;
  bytes: number;
  sha256?: string;
}

/** Drains a byte stream into a sink that counts the bytes (and hashes them when asked). */
async function drain(source: NodeJS.ReadableStream | AsyncIterable<Buffer | string>, hash = false): Promise<Run> {
  let bytes = 0;
  const digest = hash ? createHash('sha256') : null;
  const sink = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      bytes += chunk.length;
      digest?.update(chunk);
      callback();
    },
  });
  const start = performance.now();
  await pipeline(source, sink);
  const ms = performance.now() - start;
  return digest ? { ms, bytes, sha256: digest.digest('hex') } : { ms, bytes };
}

async function withClient<T>(fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await (pool as pg.Pool).connect();
  try {
    return await fn(client);
  } finally {
    client.release();
  }
}

/** The reference: the list's own SELECT, no limit, through COPY (FORMAT csv). */
async function copyRun(): Promise<Run & { rows: number }> {
  const query = transactionListQuery(db, scope, filter, null, 2_147_483_647).toSQL();
  const select = inlineParams(query.sql, query.params);
  return withClient(async (client) => {
    const stream = client.query(copyTo(`copy (${select}) to stdout with (format csv)`));
    const run = await drain(stream);
    return { ...run, rows: Number(stream.rowCount) };
  });
}

/** What the export call sends as its body. */
const exportRun = (hash = false) => drain(transactionCsv(db, scope, filter, options), hash);

/** The keyset-batch path (PGlite's; PostgreSQL's before COPY). */
const batchRun = (hash = false) => drain(csvStream(transactionExportRows(db, scope, filter), TRANSACTION_EXPORT_COLUMNS, options), hash);

// ---- the lean reader (a candidate) ------------------------------------------------------------------

/** The columns in the export's order as raw SQL values: codes as text, cents as int8, instants as epoch ms. */
function leanSelect(): string {
  const t = transactions;
  const epochMs = (column: typeof t.createdAt | typeof t.settledAt) => sql`(extract(epoch from ${column}) * 1000)::int8`;
  const shaped = {
    uniqueId: t.uniqueId,
    merchantReference: t.merchantReference,
    subMerchantName: sql`(select ${merchants.name} from ${merchants} where ${merchants.id} = ${t.subMerchantId})`,
    transactionType: t.transactionType,
    productType: t.productType,
    status: t.status,
    holdStatus: t.holdStatus,
    refundStatus: t.refundStatus,
    amount: t.amount,
    fee: t.fee,
    vat: t.vat,
    refundedAmount: t.refundedAmount,
    currency: t.currency,
    createdAt: epochMs(t.createdAt),
    settledAt: epochMs(t.settledAt),
    counterpartyName: sql`(case when ${t.transactionType} in ('PAY_OUT', 'MARKET_PLACE_ORDERS')
      then coalesce(${t.beneficiary}, ${t.payer}) else coalesce(${t.payer}, ${t.beneficiary}) end) ->> 'name'`,
    document: sql`coalesce(${t.payer} ->> 'document', ${t.beneficiary} ->> 'document')`,
    e2eId: t.e2eId,
    cardBin: t.cardBin,
    cardLast4: t.cardLast4,
  };
  const keys = TRANSACTION_EXPORT_COLUMNS.map((c) => (c.key === 'holdStatusText' ? 'holdStatus' : c.key));
  if (keys.join() !== Object.keys(shaped).join()) throw new Error('lean reader: columns out of step with TRANSACTION_EXPORT_COLUMNS');
  const q = db.select(shaped).from(t).where(filterWhere(scope, filter)).orderBy(sql`${t.createdAt} desc`, sql`${t.id} desc`).toSQL();
  return inlineParams(q.sql, q.params);
}

const COPY_ESCAPES: Readonly<Record<string, string>> = { b: '\b', f: '\f', n: '\n', r: '\r', t: '\t', v: '\v' };
const unescapeCopy = (field: string) =>
  field.replace(/\\(?:([0-7]{1,3})|x([0-9a-fA-F]{1,2})|([\s\S]))/g, (_m, o?: string, h?: string, c?: string) =>
    o
      ? String.fromCharCode(Number.parseInt(o, 8))
      : h
        ? String.fromCharCode(Number.parseInt(h, 16))
        : (COPY_ESCAPES[c as string] ?? (c as string)),
  );

async function* leanChunks(client: pg.PoolClient): AsyncGenerator<Buffer> {
  const kinds = TRANSACTION_EXPORT_COLUMNS.map((c) => c.kind);
  // Per status column: code → the finished CSV field.
  const labels = TRANSACTION_EXPORT_COLUMNS.map((c) =>
    c.labels ? new Map(Object.entries(c.labels).map(([code, l]) => [code, csvField(defuseFormula(l[language]))])) : null,
  );
  const instants = new InstantFormatter(timeZone);
  const decoder = new StringDecoder('utf8');
  let rest = '';
  let out = csvHead(TRANSACTION_EXPORT_COLUMNS, options);
  const source = client.query(copyTo(`copy (${leanSelect()}) to stdout`, { highWaterMark: 1 << 20 }));
  for await (const chunk of source as AsyncIterable<Buffer>) {
    const text = rest + decoder.write(chunk);
    let start = 0;
    for (let end = text.indexOf('\n', start); end !== -1; end = text.indexOf('\n', start)) {
      const fields = text.slice(start, end).split('\t');
      let line = '';
      for (let i = 0; i < fields.length; i++) {
        if (i > 0) line += ',';
        let v = fields[i] as string;
        if (v === '\\N') continue;
        if (v.includes('\\')) v = unescapeCopy(v);
        const kind = kinds[i];
        if (kind === 'amount') line += centsToUnitsString(v.length <= 15 ? Number(v) : BigInt(v));
        else if (kind === 'instant') line += instants.format(Number(v)).text;
        else if (kind === 'status') line += labels[i]?.get(v) ?? (v === '' ? '' : csvField(defuseFormula(v)));
        else if (v !== '') line += csvField(defuseFormula(v));
      }
      out += `${line}\r\n`;
      start = end + 1;
    }
    rest = text.slice(start);
    if (out.length >= 64 * 1024) {
      yield Buffer.from(out, 'utf8');
      out = '';
    }
  }
  yield Buffer.from(out, 'utf8');
}

const leanRun = (hash = false) => withClient((client) => drain(leanChunks(client), hash));

// ---- the writer alone -------------------------------------------------------------------------------

function* memoryRows(count: number): Generator<TransactionExportRow> {
  const base = Date.UTC(2026, 0, 1);
  for (let i = 0; i < count; i++) {
    yield {
      id: i,
      uniqueId: `BR${String(i).padStart(12, '0')}`,
      merchantReference: `ORD-${i}`,
      accountName: null,
      subMerchantId: null,
      subMerchantName: i % 5 === 0 ? 'Sub-merchant S1' : null,
      transactionType: 'PAY_IN',
      productType: 'PIX',
      country: 'BR',
      currency: 'BRL',
      amount: 1000 + i,
      fee: 30,
      vat: 0,
      status: 'SETTLED',
      holdStatus: 2,
      holdStatusText: '2',
      refundStatus: 'NONE',
      refundedAmount: 0,
      createdAt: new Date(base + i * 1000).toISOString(),
      settledAt: new Date(base + i * 1000 + 60_000).toISOString(),
      counterpartyName: `Pagador ${i}`,
      document: '12345678901',
      e2eId: `E2E${i}`,
      cardBrand: null,
      cardBin: null,
      cardLast4: null,
      paymentLinkId: null,
      storeOrder: null,
    };
  }
}

const memoryRun = (rows: number) => drain(csvStream(memoryRows(rows), TRANSACTION_EXPORT_COLUMNS, options));

// ---- the runs ---------------------------------------------------------------------------------------

const pgVersion = (await pool.query<{ v: string }>('select version() as v')).rows[0]?.v ?? '?';
console.log(`Andes export-rate benchmark — ${now.toISOString()}`);
console.log(
  `machine: ${os.type()} ${os.release()} ${os.arch()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}; load average ${load()} at start`,
);
console.log(`Node ${process.version}; ${pgVersion}`);
console.log(
  `slice: ${values.merchant} (id ${merchantId}) ${country} pay-ins, default window ${filter.createdFrom?.toISOString()} – ${filter.createdTo?.toISOString()}, language ${language}`,
);

const best = <T extends Run>(runs: T[]): T => runs.reduce((a, b) => (b.ms < a.ms ? b : a));
const copies: (Run & { rows: number })[] = [];
const exportsRuns: Run[] = [];
const leans: Run[] = [];
await copyRun(); // warm-up: the slice into the cache
for (let i = 0; i < RUNS; i++) {
  // Interleaved, so that the other work on the machine weighs on all alike.
  copies.push(await copyRun());
  exportsRuns.push(await exportRun());
  leans.push(await leanRun());
}
const batches: Run[] = [];
for (let i = 0; i < BATCH_RUNS; i++) batches.push(await batchRun(i === 0));
const rows = copies[0]?.rows ?? 0;
const memories: Run[] = [];
for (let i = 0; i < RUNS; i++) memories.push(await memoryRun(rows));
const exportHash = await exportRun(true);
const leanHash = await leanRun(true);
const loadAtEnd = load();
await database.close();

const copy = best(copies);
const line = (name: string, run: Run) =>
  console.log(
    `${name.padEnd(34)} ${fmt(run.ms).padStart(8)} ms ${fmt((rows / run.ms) * 1000).padStart(9)} rows/s ${fmt(run.bytes).padStart(13)} bytes`,
  );
console.log(`rows: ${fmt(rows)}; best of ${RUNS} (keyset batches: ${BATCH_RUNS} run${BATCH_RUNS === 1 ? '' : 's'})`);
line('COPY (list SELECT) TO STDOUT csv', copy);
line('export (transactionCsv)', best(exportsRuns));
line('lean reader (COPY text → JS)', best(leans));
if (batches.length > 0) line('keyset batches → csvStream (before)', best(batches));
line('csvStream alone, rows in memory', best(memories));
for (const [name, runs] of [
  ['export', exportsRuns],
  ['lean reader', leans],
  ['keyset batches', batches],
] as const) {
  if (runs.length === 0) continue;
  const ratio = copy.ms / best(runs).ms;
  console.log(`ratio ${name} / COPY rows/s: ${ratio.toFixed(2)} (target ≥ 0.50: ${ratio >= 0.5 ? 'met' : 'NOT met'})`);
}
const batchHash = batches[0]?.sha256;
console.log(
  `same bytes: export = lean reader ${exportHash.sha256 === leanHash.sha256 ? 'yes' : 'NO'}` +
    (batchHash ? `, export = keyset batches ${exportHash.sha256 === batchHash ? 'yes' : 'NO'}` : '') +
    ` (sha256 ${exportHash.sha256?.slice(0, 16)}…, ${fmt(exportHash.bytes)} bytes)`,
);
console.log(`load average ${loadAtEnd} at end`);
