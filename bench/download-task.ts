/**
 * Download task: a transaction report of (at least) a million rows written the way the download
 * center's worker writes it — `transactionReportStream` (download-report.job.ts) into the blob
 * store (a local-disk store in a temporary folder) — as CSV and as XLSX, against PostgreSQL's own
 * `COPY (SELECT …) TO STDOUT` of the same rows. Issue 9's targets: the worker's RSS grows by less
 * than 100 MB while it writes, and the CSV task runs at ≥ 0.5 × COPY's rows/s.
 *
 * The slice: a bench merchant's pay-in list in one country for the API's default window (as
 * export-rate.ts). RSS is sampled every 50 ms during each run; the growth is the peak minus the RSS
 * just before the run (after a GC when node runs with --expose-gc), printed with the V8 heap's and
 * the external memory's (Buffers, zlib) growth at that peak. READ ONLY on the database; the files go
 * to a temporary folder that is removed at the end. `--formats xlsx` measures the XLSX task alone
 * in a fresh process (its RSS from a cold heap; COPY runs only with the CSV task, its reference).
 *
 *   node --expose-gc --import tsx bench/download-task.ts --url postgres://postgres@127.0.0.1:5432/andes_bench
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { ReportFormat } from '@andes/contract/download-center/enums';
import { to as copyTo } from 'pg-copy-streams';
import { transactionReportStream } from '../apps/api/src/modules/download-center/download-report.job.ts';
import { LocalDiskBlobStore } from '../apps/api/src/modules/files/local-disk-blob-store.ts';
import { transactionExportCopySelect } from '../apps/api/src/modules/transaction/transaction-export.repository.ts';
import { TRANSACTION_EXPORT_COLUMNS } from '../apps/api/src/modules/transaction-files/export/transaction-columns.ts';
import { fmt, load, openPayinSlice } from './payin-slice.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    merchant: { type: 'string', default: 'BENCH-0001' },
    country: { type: 'string', default: 'BR' },
    formats: { type: 'string', default: 'csv,xlsx' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(
    `usage: node --expose-gc --import tsx bench/download-task.ts --url URL [--merchant CODE] [--country CC] [--formats csv,xlsx]`,
  );
  process.exit(0);
}
const url = values.url ?? process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('give --url or BENCH_DATABASE_URL (a database filled by generate-transactions.ts)');
  process.exit(2);
}
const formats = new Set(values.formats.split(',').map((f) => f.trim()));
if (formats.size === 0 || [...formats].some((f) => f !== 'csv' && f !== 'xlsx')) throw new Error(`--formats is csv, xlsx or csv,xlsx`);

const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
const slice = await openPayinSlice(url, values.merchant, values.country, 'en');
const { database, db, pool, scope, window, filter, options } = slice;
const country = filter.country;
const merchantId = scope.merchantId;

interface Measured<T> {
  result: T;
  ms: number;
  /** Peak RSS minus the RSS at the start. */
  rssGrowth: number;
  /** V8 heap (heapTotal) and external memory growth at the RSS peak. */
  heapGrowth: number;
  externalGrowth: number;
}

/** Peak RSS above the level at the start, sampled every 50 ms while `work` runs. */
async function measured<T>(work: () => Promise<T>): Promise<Measured<T>> {
  (globalThis as { gc?: () => void }).gc?.();
  const base = process.memoryUsage();
  let peak = base;
  const sample = () => {
    const now = process.memoryUsage();
    if (now.rss > peak.rss) peak = now;
  };
  const timer = setInterval(sample, 50);
  const started = performance.now();
  try {
    const result = await work();
    sample();
    return {
      result,
      ms: performance.now() - started,
      rssGrowth: peak.rss - base.rss,
      heapGrowth: peak.heapTotal - base.heapTotal,
      externalGrowth: peak.external - base.external,
    };
  } finally {
    clearInterval(timer);
  }
}

const folder = mkdtempSync(join(os.tmpdir(), 'andes-download-bench-'));
const store = new LocalDiskBlobStore(folder);

async function copyRun(): Promise<{ rows: number; bytes: number }> {
  const select = transactionExportCopySelect(db, scope, filter, TRANSACTION_EXPORT_COLUMNS, options);
  const client = await pool?.connect();
  if (!client) throw new Error('no client');
  let bytes = 0;
  let rows = 0;
  try {
    const copy = client.query(copyTo(`copy (${select}) to stdout with (format csv)`));
    await pipeline(
      copy,
      new Writable({
        write(chunk: Buffer, _enc, cb) {
          bytes += chunk.length;
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) rows += 1;
          cb();
        },
      }),
    );
  } finally {
    client.release();
  }
  return { rows, bytes };
}

async function taskRun(format: ReportFormat) {
  const report = transactionReportStream(db, scope, filter, format, options, async () => undefined);
  const put = await store.put(`reports/${merchantId}/bench.${format}`, report.body);
  return { ...put, figures: report.proof.figures(), sha256: report.proof.sha256() };
}

console.log(`Andes download-task benchmark — ${new Date().toISOString()}`);
console.log(
  `machine: ${os.type()} ${os.release()} ${os.arch()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? 'CPU'}, ${mb(os.totalmem() / 1024)} GiB RAM; load average ${load()} at start`,
);
const version = await pool.query<{ version: string }>('select version()');
console.log(
  `Node ${process.version}; ${version.rows[0]?.version.split(' on ')[0]}; gc exposed: ${typeof (globalThis as { gc?: unknown }).gc === 'function'}`,
);
console.log(
  `slice: ${values.merchant} ${country} pay-ins, default window ${new Date(window.start).toISOString()} – ${new Date(window.end).toISOString()}`,
);

const rate = (n: number, ms: number) => (n / ms) * 1000;
const memory = (run: Measured<unknown>) =>
  `RSS +${mb(run.rssGrowth)} MB (heap ${mb(run.heapGrowth)}, external ${mb(run.externalGrowth)} MB at the peak)`;
const copy = formats.has('csv') ? await measured(copyRun) : null;
const csv = formats.has('csv') ? await measured(() => taskRun('csv')) : null;
const xlsx = formats.has('xlsx') ? await measured(() => taskRun('xlsx')) : null;
const rows = (csv ?? xlsx)?.result.figures.rowCount ?? 0;
console.log(`rows: ${fmt(rows)}${copy ? ` (COPY lines ${fmt(copy.result.rows)})` : ''}`);
if (copy) {
  console.log(
    `COPY (list SELECT) TO STDOUT csv     ${fmt(copy.ms)} ms  ${fmt(rate(copy.result.rows, copy.ms))} rows/s  ${fmt(copy.result.bytes)} bytes`,
  );
}
if (csv) {
  console.log(
    `download task, CSV → blob store       ${fmt(csv.ms)} ms  ${fmt(rate(csv.result.figures.rowCount, csv.ms))} rows/s  ${fmt(csv.result.size)} bytes  ${memory(csv)}`,
  );
}
if (xlsx) {
  console.log(
    `download task, XLSX → blob store      ${fmt(xlsx.ms)} ms  ${fmt(rate(xlsx.result.figures.rowCount, xlsx.ms))} rows/s  ${fmt(xlsx.result.size)} bytes  ${memory(xlsx)}`,
  );
}
if (copy && csv) {
  const ratio = rate(csv.result.figures.rowCount, csv.ms) / rate(copy.result.rows, copy.ms);
  console.log(`ratio CSV task / COPY rows/s: ${ratio.toFixed(2)} (target ≥ 0.50: ${ratio >= 0.5 ? 'met' : 'NOT met'})`);
}
for (const [name, run] of [
  ['CSV', csv],
  ['XLSX', xlsx],
] as const) {
  if (run === null) continue;
  console.log(`RSS growth ${name}: ${mb(run.rssGrowth)} MB (target < 100 MB: ${run.rssGrowth < 100 * 1024 * 1024 ? 'met' : 'NOT met'})`);
}
if (csv && xlsx) {
  console.log(
    `proof: CSV and XLSX hash alike: ${csv.result.sha256 === xlsx.result.sha256 ? 'yes' : 'NO'} (${csv.result.sha256.slice(0, 16)}…); rows ${fmt(csv.result.figures.rowCount)} = ${fmt(xlsx.result.figures.rowCount)}`,
  );
}
console.log(`load average ${load()} at end`);
rmSync(folder, { recursive: true, force: true });
await database.close();
