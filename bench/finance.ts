/**
 * Finance benchmark (issue #10), in one run against a database filled by generate-transactions.ts
 * and generate-ledger.ts:
 *
 * - the statement page (the contract's statementPage) of the account with the most statement
 *   lines, over the last year (366 local days): p50 and p99 through the real API for the first page
 *   and for the page 1,000 pages deep (reached once by following nextCursor, then fetched again and
 *   again with its cursor), against the target p99 < 50 ms;
 * - the daily finance report of 365 days (dailyReportPage, bill type ACCOUNT)
 *   of the same account's merchant — consolidated with its sub-merchants' accounts when its bill is
 *   not divided, as the bench merchants' are — against p99 < 200 ms;
 * - the one-year statement download (CSV) of that account: lines per second of the download call
 *   (the bench lifts the direct-download limit so that the call streams the whole year; the download
 *   center's STATEMENT task writes the same stream) against `COPY (the same SELECT) TO STDOUT`, target
 *   ≥ 0.5 × COPY;
 * - the machine: CPUs, load, Node and PostgreSQL versions.
 *
 *   npx tsx bench/finance.ts --url postgres://postgres@127.0.0.1:5432/andes_bench
 */
import os from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { AccountType } from '@andes/contract/account/enums';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { addDays, todayIn } from '@andes/contract/common/dates';
import { dailyReportPage, statementDownload, statementPage } from '@andes/contract/finance/endpoints';
import type { DailyReportPage, StatementPage } from '@andes/contract/finance/schemas';
import { PERMISSION_CODES } from '@andes/contract/permissions/registry';
import { to as copyTo } from 'pg-copy-streams';
import { statementLinesQuery } from '../apps/api/src/modules/finance/finance.repository.ts';
import { openApiHarness, type Session } from './api-harness.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    n: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    depth: { type: 'string', default: '1000' },
    'download-runs': { type: 'string', default: '3' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`usage: tsx bench/finance.ts --url URL [options]

  --url URL            a PostgreSQL database filled by generate-transactions.ts and generate-ledger.ts (or BENCH_DATABASE_URL)
  --n N                timed requests per case (default 200), sequential
  --warmup N           untimed requests per case first (default 20)
  --depth N            how many pages deep the deep page is (default 1000)
  --download-runs N    download and COPY runs, the best of each is kept (default 3)`);
  process.exit(0);
}
const url = values.url ?? process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('give --url or BENCH_DATABASE_URL (a database filled by generate-transactions.ts and generate-ledger.ts)');
  process.exit(2);
}
const N = Number(values.n);
const WARMUP = Number(values.warmup);
const DEPTH = Number(values.depth);
const RUNS = Number(values['download-runs']);
const PAGE_SIZE = 20;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;

const harness = await openApiHarness(url, 'info', (c) => ({
  ...c,
  finance: { ...c.finance, statementDirectMaxRows: Number.MAX_SAFE_INTEGER },
}));
const { q } = harness;
const loadStart = os.loadavg();

// ---- the account with the most lines, and a user who may read it ------------------------------------

const [largest] = await q<{
  account_id: number;
  lines: string;
  holder_id: number;
  merchant_id: number;
  parent_id: number | null;
  code: string;
  country: Country;
  account_type: AccountType;
}>(
  `select d.account_id, sum(d.line_count) as lines, a.holder_id, a.merchant_id, m.parent_id, m.code, a.country, a.account_type
     from account_daily_balances d join accounts a on a.id = d.account_id join merchants m on m.id = a.holder_id
    where a.kind = 'MERCHANT' and m.code like 'BENCH-%'
    group by 1, 3, 4, 5, 6, 7, 8 order by 2 desc limit 1`,
);
if (!largest) throw new Error('no statement lines: run generate-transactions.ts and then generate-ledger.ts first');
const zone = COUNTRY_INFO[largest.country].timezoneName;
const to = todayIn(zone);
const range = { from: addDays(to, -365), to };
const codes = PERMISSION_CODES.filter((c) => c.startsWith('finance') || c.startsWith('reports'));
const session: Session = await harness.user(Number(largest.merchant_id), null, codes, 'finance');
const holder = largest.parent_id === null ? {} : { subMerchantId: Number(largest.holder_id) };
const selector = { country: largest.country, accountType: largest.account_type, ...holder };
const [period] = await q<{ lines: string; first: string; last: string }>(
  `select sum(line_count) as lines, min(first_line_id) as first, max(last_line_id) as last
     from account_daily_balances where account_id = $1 and local_date between $2 and $3`,
  [largest.account_id, range.from, range.to],
);
const yearLines = Number(period?.lines ?? 0);
console.log(
  `account ${largest.code}.${largest.country}.${largest.account_type}: ${fmt(Number(largest.lines))} lines in all, ${fmt(yearLines)} in ${range.from}..${range.to} (${zone})`,
);

// ---- timing ------------------------------------------------------------------------------------------

async function timed(name: string, run: () => Promise<number>): Promise<{ name: string; p50: number; p99: number }> {
  for (let i = 0; i < WARMUP; i++) await run();
  const times: number[] = [];
  for (let i = 0; i < N; i++) times.push(await run());
  times.sort((a, b) => a - b);
  return { name, p50: quantile(times, 0.5), p99: quantile(times, 0.99) };
}

const pageBody = { ...selector, range, pageSize: PAGE_SIZE };
const first = await timed(
  'statement, first page',
  async () => (await harness.call<StatementPage>(session, statementPage.path, pageBody)).ms,
);
let cursor: string | null = null;
let reached = 0;
for (; reached < DEPTH; reached++) {
  const body: Record<string, unknown> = { ...pageBody, ...(cursor === null ? {} : { cursor }) };
  const { data }: { data: StatementPage } = await harness.call<StatementPage>(session, statementPage.path, body);
  if (data.nextCursor === null) break;
  cursor = data.nextCursor;
}
const deepCursor = cursor;
const deep = await timed(
  `statement, ${fmt(reached)} pages deep`,
  async () =>
    (
      await harness.call<StatementPage>(session, statementPage.path, {
        ...pageBody,
        ...(deepCursor === null ? {} : { cursor: deepCursor }),
      })
    ).ms,
);
const reportBody = { country: largest.country, accountType: largest.account_type, billType: 'ACCOUNT', ...holder, range, pageSize: 100 };
let divided = true;
const report = await timed('daily finance report, 365 days', async () => {
  const { ms, data } = await harness.call<DailyReportPage>(session, dailyReportPage.path, reportBody);
  divided = data.divided;
  return ms;
});

// ---- the download against COPY ----------------------------------------------------------------------

const select = statementLinesQuery(
  harness.db,
  {
    accountId: Number(largest.account_id),
    merchantId: Number(largest.merchant_id),
    firstId: Number(period?.first ?? 0),
    lastId: Number(period?.last ?? 0),
    categories: null,
    keyword: null,
  },
  null,
  'asc',
  Number.MAX_SAFE_INTEGER,
).toSQL();

async function copyRun(): Promise<{ ms: number; lines: number }> {
  const client = await harness.raw.connect();
  try {
    let lines = 0;
    const start = performance.now();
    const stream = client.query(copyTo(`copy (${interpolate(select.sql, select.params)}) to stdout (format csv)`));
    await pipeline(
      stream,
      new Writable({
        write(chunk: Buffer, _enc, done) {
          for (let i = chunk.indexOf(10); i !== -1; i = chunk.indexOf(10, i + 1)) lines += 1;
          done();
        },
      }),
    );
    return { ms: performance.now() - start, lines };
  } finally {
    client.release();
  }
}

/** COPY takes no parameters: the query's are numbers and texts of the bench itself, written in as literals. */
function interpolate(text: string, params: readonly unknown[]): string {
  return text.replace(/\$(\d+)/g, (_, i: string) => {
    const v = params[Number(i) - 1];
    return typeof v === 'number' ? String(v) : `'${String(v).replace(/'/g, "''")}'`;
  });
}

async function downloadRun(): Promise<{ ms: number; lines: number }> {
  const res = await harness.post(session, statementDownload.path, { ...selector, range, format: 'csv', language: 'en' }, () => false);
  if (res.status !== 200) throw new Error(`the download answered HTTP ${res.status}`);
  return { ms: res.ms, lines: res.newlines };
}

await copyRun(); // warm-up: the year's lines into the cache
let bestCopy = { ms: Number.POSITIVE_INFINITY, lines: 0 };
let bestDownload = { ms: Number.POSITIVE_INFINITY, lines: 0 };
for (let i = 0; i < RUNS; i++) {
  const c = await copyRun();
  if (c.ms < bestCopy.ms) bestCopy = c;
  const d = await downloadRun();
  if (d.ms < bestDownload.ms) bestDownload = d;
}
const copyRate = (yearLines / bestCopy.ms) * 1000;
const downloadRate = (yearLines / bestDownload.ms) * 1000;
const loadEnd = os.loadavg();
const [{ version } = { version: '?' }] = await q<{ version: string }>('select version()');
await harness.close();

// ---- the figures ----------------------------------------------------------------------------------------

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT MET');
console.log(`\n${'case'.padEnd(40)} ${'p50 ms'.padStart(8)} ${'p99 ms'.padStart(8)}  target`);
for (const [c, target] of [
  [first, 50],
  [deep, 50],
  [report, 200],
] as const) {
  console.log(
    `${c.name.padEnd(40)} ${fmt(c.p50, 1).padStart(8)} ${fmt(c.p99, 1).padStart(8)}  p99 < ${target} ms: ${verdict(c.p99 < target)} (${fmt(c.p99 / target, 2)} of it)`,
  );
}
console.log(`deep / first (p99): ${fmt(deep.p99 / first.p99, 2)}`);
console.log(`daily report: ${divided ? 'the account alone (divided bill)' : 'consolidated with the sub-merchants’ accounts (one bill)'}`);
console.log(
  `\none-year statement download (CSV): ${fmt(yearLines)} lines; download ${fmt(downloadRate)} lines/s (${fmt(bestDownload.ms / 1000, 2)} s, ${fmt(bestDownload.lines)} file lines), COPY ${fmt(copyRate)} lines/s (${fmt(bestCopy.ms / 1000, 2)} s)`,
);
console.log(`download / COPY: ${fmt(downloadRate / copyRate, 2)} (target ≥ 0.5: ${verdict(downloadRate / copyRate >= 0.5)})`);
console.log(
  `\nmachine: ${os.cpus().length} CPUs, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB, load ${loadStart.map((l) => l.toFixed(2)).join(' ')} → ${loadEnd.map((l) => l.toFixed(2)).join(' ')}, Node ${process.version}, ${version.split(' on ')[0]}`,
);
console.log(`n = ${N} per case after ${WARMUP} warm-up requests; best of ${RUNS} download and COPY runs`);
