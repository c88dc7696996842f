import os from 'node:os';
import { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import type { TransactionType } from '@andes/contract/common/enums';
import { ResultCode } from '@andes/contract/common/envelope';
import type { Page } from '@andes/contract/common/page';
import { PERMISSION_CODES } from '@andes/contract/permissions/registry';
import { transactionFileDownload, transactionPage } from '@andes/contract/transaction/endpoints';
import { LIST_TRANSACTION_TYPES } from '@andes/contract/transaction/enums';
import {
  type ParsedTransactionPageRequest,
  type TransactionListItem,
  type TransactionPageRequest as TransactionPageInput,
  TransactionPageRequest,
} from '@andes/contract/transaction/schemas';
import type pg from 'pg';
import { to as copyTo } from 'pg-copy-streams';
import type { AuthContext } from '../apps/api/src/http/auth-context.ts';
import {
  countTransactions,
  type TransactionFilter,
  type TransactionKey,
  transactionListQuery,
} from '../apps/api/src/modules/transaction/transaction.repository.ts';
import { decodeTransactionCursor, TransactionService } from '../apps/api/src/modules/transaction/transaction.service.ts';

import { openApiHarness, type Session } from './api-harness.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    n: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    depth: { type: 'string', default: '1000' },
    'page-size': { type: 'string', default: '20' },
    'export-runs': { type: 'string', default: '3' },
    'log-level': { type: 'string', default: 'info' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log(`usage: tsx bench/transactions-list.ts --url URL [options]

  --url URL          a PostgreSQL database filled by generate-transactions.ts (or BENCH_DATABASE_URL)
  --n N              timed requests per case and path (default 200), sequential
  --warmup N         untimed requests per case and path first (default 20)
  --depth N          how many pages deep the deep page is (default 1000)
  --page-size N      rows per page (default 20, the screens' default)
  --export-runs N    export and COPY runs, the best of each is kept (default 3)
  --log-level L      the API's log level (default info, as in production; the lines go to a null sink)`);
  process.exit(0);
}
const url = values.url ?? process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('give --url or BENCH_DATABASE_URL (a database filled by generate-transactions.ts)');
  process.exit(2);
}
const N = Number(values.n);
const WARMUP = Number(values.warmup);
const DEPTH = Number(values.depth);
const PAGE_SIZES = [10, 20, 50, 100] as const;
const PAGE_SIZE =
  PAGE_SIZES.find((p) => p === Number(values['page-size'])) ??
  (() => {
    console.error(`--page-size is one of ${PAGE_SIZES.join(', ')} (the API's page sizes)`);
    process.exit(2);
  })();
const EXPORT_RUNS = Number(values['export-runs']);
const LOG_LEVEL = values['log-level'] as 'info';
const PAGE_PATH = transactionPage.path;
const EXPORT_PATH = transactionFileDownload.path;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const ms = (n: number) => fmt(n, 1);

// ---------------------------------------------------------------------------------------------
// The app on the bench database, and the signed-in users
// ---------------------------------------------------------------------------------------------

const harness = await openApiHarness(url, LOG_LEVEL);
const { db, app, raw, q, post } = harness;
const TRANSACTION_CODES = PERMISSION_CODES.filter((c) => c.startsWith('transactions:'));

/** A role with every transactions permission in `merchantId`, and a user of it; returns a session token. */
async function benchUser(merchantId: number, subMerchantId: number | null): Promise<string> {
  return (await harness.user(merchantId, subMerchantId, TRANSACTION_CODES, 'transactions')).token;
}

interface Envelope<T> {
  code: number;
  message?: string;
  data: T;
}

async function listCall(session: Session, body: TransactionPageInput): Promise<{ ms: number; page: Page<TransactionListItem> }> {
  const res = await post(session, PAGE_PATH, body);
  const envelope = JSON.parse(res.body.toString('utf8')) as Envelope<Page<TransactionListItem>>;
  if (envelope.code !== ResultCode.OK) throw new Error(`${PAGE_PATH} answered ${envelope.code}: ${envelope.message ?? ''}`);
  return { ms: res.ms, page: envelope.data };
}

// ---------------------------------------------------------------------------------------------
// The cases
// ---------------------------------------------------------------------------------------------

const service = new TransactionService(db, app.andes.clock);
/** The pay-in list's first type, which it shows when the request names none. */
const PAYIN_TYPE: TransactionType = LIST_TRANSACTION_TYPES.payin[0] ?? 'PAY_IN';
const WINDOW_SQL = `created_at >= now() - interval '5 months'`;

interface Case {
  name: string;
  session: Session;
  auth: AuthContext;
  body: TransactionPageInput;
  filter: TransactionFilter;
  /** Rows of the filter in the window (capped count of the app). */
  rows: number;
}

async function makeCase(name: string, session: Session, body: TransactionPageInput): Promise<Case> {
  const { auth } = await app.andes.sessions.resolve(session.token);
  const parsed: ParsedTransactionPageRequest = TransactionPageRequest.parse(body);
  const filter = await service.filterOf(auth, { ...parsed, subMerchantIds: [] }, { transactionTypes: [PAYIN_TYPE] });
  const rows = await countTransactions(db, auth.scope, filter, 100_000_000);
  return { name, session, auth, body, filter, rows };
}

/** The largest bench merchant and its country with the most pay-ins in the window. */
const [slice] = await q<{ merchant_id: number; code: string; country: string; n: string }>(
  `select t.merchant_id, m.code, t.country, count(*) as n from transactions t join merchants m on m.id = t.merchant_id
    where m.code = (select code from merchants where code like 'BENCH-%' and parent_id is null order by code limit 1)
      and t.transaction_type = 'PAY_IN' and t.${WINDOW_SQL}
    group by t.merchant_id, m.code, t.country order by n desc limit 1`,
);
if (!slice) throw new Error('no bench pay-ins: fill the database with generate-transactions.ts first');
const country = slice.country as TransactionPageInput['country'];
const merchantId = slice.merchant_id;

/** The second commonest value of a column in the slice (a minority filter), if it fills the deep page; else the commonest. */
async function filterValue(column: 'status' | 'product_type'): Promise<{ value: string; share: number }> {
  const rows = await q<{ v: string; n: string }>(
    `select ${column} as v, count(*) as n from transactions
      where merchant_id = $1 and country = $2 and transaction_type = 'PAY_IN' and ${WINDOW_SQL}
      group by 1 order by 2 desc`,
    [merchantId, country],
  );
  const total = rows.reduce((s, r) => s + Number(r.n), 0);
  const need = (DEPTH + 2) * PAGE_SIZE;
  const pick = rows[1] && Number(rows[1].n) >= need ? rows[1] : rows[0];
  if (!pick) throw new Error(`no ${column} values`);
  return { value: pick.v, share: Number(pick.n) / total };
}
const status = await filterValue('status');
const product = await filterValue('product_type');
// A pay-in from the middle of the slice's newest rows (at most 5,000 back), to search by its reference.
const [reference] = await q<{ merchant_reference: string }>(
  `select merchant_reference from transactions
    where merchant_id = $1 and country = $2 and transaction_type = 'PAY_IN' and ${WINDOW_SQL}
    order by created_at desc, id desc offset $3 limit 1`,
  [merchantId, country, Math.min(5000, Math.floor(Number(slice.n) / 2))],
);
const [sub] = await q<{ sub_merchant_id: number; merchant_id: number; code: string; country: string; n: string }>(
  `select t.sub_merchant_id, t.merchant_id, m.code, t.country, count(*) as n from transactions t join merchants m on m.id = t.sub_merchant_id
    where t.sub_merchant_id is not null and t.transaction_type = 'PAY_IN' and t.${WINDOW_SQL}
    group by 1, 2, 3, 4 order by n desc limit 1`,
);

const merchantSession: Session = { token: await benchUser(merchantId, null) };
const baseBody = { list: 'payin', country, pageSize: PAGE_SIZE } as const;
const cases: Case[] = [];
cases.push(await makeCase(`bare list (${slice.code} ${country} pay-ins, default window)`, merchantSession, baseBody));
cases.push(
  await makeCase(`status ${status.value} (${fmt(status.share * 100)}% of the list)`, merchantSession, {
    ...baseBody,
    statuses: [status.value as 'SETTLED'],
  }),
);
cases.push(
  await makeCase(`product type ${product.value} (${fmt(product.share * 100)}%)`, merchantSession, {
    ...baseBody,
    productTypes: [product.value as 'PIX'],
  }),
);
if (reference) {
  cases.push(
    await makeCase(`merchant reference ${reference.merchant_reference}`, merchantSession, {
      ...baseBody,
      merchantReference: reference.merchant_reference,
    }),
  );
}
let subNote = 'the generator made no sub-merchant pay-ins in the window: sub-merchant case skipped';
if (sub) {
  const subSession: Session = { token: await benchUser(sub.merchant_id, sub.sub_merchant_id) };
  cases.push(
    await makeCase(`sub-merchant user (${sub.code} ${sub.country} pay-ins, default window)`, subSession, {
      ...baseBody,
      country: sub.country as TransactionPageInput['country'],
    }),
  );
  subNote = '';
}

// ---------------------------------------------------------------------------------------------
// Timing
// ---------------------------------------------------------------------------------------------

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1] ?? Number.NaN;
}

interface Stats {
  p50: number;
  p99: number;
}
const statsOf = (times: number[]): Stats => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: percentile(sorted, 50), p99: percentile(sorted, 99) };
};

interface PageResult {
  api: Stats;
  sql: Stats;
  sqlCount: Stats;
  rows: number;
}

/**
 * Times one page: API, list SQL and list SQL + capped count, interleaved (API first on even
 * iterations, SQL first on odd ones) so that other work on the machine weighs on both alike.
 */
async function timePage(c: Case, cursor: string | undefined): Promise<PageResult> {
  const body = cursor === undefined ? c.body : { ...c.body, cursor };
  const after: TransactionKey | null = cursor === undefined ? null : decodeTransactionCursor(cursor);
  const api: number[] = [];
  const sqlOnly: number[] = [];
  const sqlCount: number[] = [];
  let rows = 0;
  const runSql = async (record: boolean) => {
    let start = performance.now();
    const found = await transactionListQuery(db, c.auth.scope, c.filter, after, PAGE_SIZE + 1);
    const listMs = performance.now() - start;
    start = performance.now();
    await countTransactions(db, c.auth.scope, c.filter);
    const countMs = performance.now() - start;
    if (record) {
      sqlOnly.push(listMs);
      sqlCount.push(listMs + countMs);
    }
    return found.length;
  };
  const runApi = async (record: boolean) => {
    const { ms: t, page } = await listCall(c.session, body);
    if (record) api.push(t);
    rows = page.list.length;
  };
  for (let i = 0; i < WARMUP; i++) {
    await runApi(false);
    await runSql(false);
  }
  for (let i = 0; i < N; i++) {
    if (i % 2 === 0) {
      await runApi(true);
      await runSql(true);
    } else {
      await runSql(true);
      await runApi(true);
    }
  }
  return { api: statsOf(api), sql: statsOf(sqlOnly), sqlCount: statsOf(sqlCount), rows };
}

/** Follows nextCursor `DEPTH` times through the API; the cursor of the page that deep, or null when the list is shorter. */
async function deepCursor(c: Case): Promise<{ cursor: string | null; pages: number; ms: number }> {
  const start = performance.now();
  let cursor: string | undefined;
  let pages = 1;
  for (let i = 0; i < DEPTH; i++) {
    const { page } = await listCall(c.session, cursor === undefined ? c.body : { ...c.body, cursor });
    if (page.nextCursor === null) return { cursor: null, pages, ms: performance.now() - start };
    cursor = page.nextCursor;
    pages += 1;
  }
  return { cursor: cursor ?? null, pages, ms: performance.now() - start };
}

// ---------------------------------------------------------------------------------------------
// Run
// ---------------------------------------------------------------------------------------------

const [{ version: pgVersion } = { version: '?' }] = await q<{ version: string }>('select version()');
const [table] = await q<{ n: string; size: string }>(
  `select (select count(*) from transactions) as n, pg_size_pretty(pg_total_relation_size('transactions')) as size`,
);
const cpus = os.cpus();
const loadStart = os.loadavg();
const startedAt = new Date();

interface CaseResult {
  c: Case;
  first: PageResult;
  deep: PageResult | null;
  deepNote: string;
}
const results: CaseResult[] = [];
for (const c of cases) {
  const first = await timePage(c, undefined);
  let deep: PageResult | null = null;
  let deepNote = '';
  if (c.rows <= PAGE_SIZE) {
    deepNote = `one page only (${fmt(c.rows)} row${c.rows === 1 ? '' : 's'})`;
  } else {
    const reached = await deepCursor(c);
    if (reached.cursor === null) deepNote = `only ${fmt(reached.pages)} pages`;
    else {
      deep = await timePage(c, reached.cursor);
      deepNote = `page ${fmt(reached.pages)} reached in ${fmt(reached.ms / 1000, 1)} s`;
    }
  }
  results.push({ c, first, deep, deepNote });
}

// Export: the bare list's filter as CSV through the API, against COPY of the same SELECT.
interface Rate {
  ms: number;
  rows: number;
  bytes: number;
}
const nullSink = () => {
  let bytes = 0;
  const sink = new Writable({
    write(chunk: Buffer, _enc, cb) {
      bytes += chunk.length;
      cb();
    },
  });
  return { sink, bytes: () => bytes };
};

/** Inlines drizzle's `$n` parameters as literals (COPY takes no parameters). */
function inlineSql(text: string, params: readonly unknown[], client: pg.PoolClient): string {
  return text.replace(/\$(\d+)/g, (_m, i: string) => {
    const v = params[Number(i) - 1];
    if (typeof v === 'number' || typeof v === 'bigint') return String(v);
    if (v instanceof Date) return client.escapeLiteral(v.toISOString());
    if (typeof v === 'string') return client.escapeLiteral(v);
    throw new Error(`cannot inline parameter $${i} (${typeof v})`);
  });
}

async function copyRun(c: Case): Promise<Rate> {
  const client = await raw.connect();
  try {
    const { sql: text, params } = transactionListQuery(db, c.auth.scope, c.filter, null, 2_147_483_647).toSQL();
    const select = inlineSql(text, params, client);
    const { sink, bytes } = nullSink();
    const start = performance.now();
    const stream = client.query(copyTo(`copy (${select}) to stdout with (format csv)`));
    await pipeline(stream, sink);
    return { ms: performance.now() - start, rows: Number(stream.rowCount), bytes: bytes() };
  } finally {
    client.release();
  }
}

async function exportRun(c: Case): Promise<(Rate & { lines: number }) | { missing: string }> {
  const res = await post(c.session, EXPORT_PATH, { ...c.body, pageSize: undefined, format: 'csv', language: 'en' }, (type) =>
    type.startsWith('application/json'),
  );
  if (res.contentType.startsWith('application/json') || res.status !== 200) {
    try {
      const envelope = JSON.parse(res.body.toString('utf8')) as Envelope<unknown>;
      return { missing: `${EXPORT_PATH} answered HTTP ${res.status}, code ${envelope.code}: ${envelope.message ?? ''}` };
    } catch {
      return { missing: `${EXPORT_PATH} answered HTTP ${res.status} ${res.contentType}` };
    }
  }
  // The export holds exactly the filter's rows; the line count (less the header) is the check.
  return { ms: res.ms, rows: c.rows, bytes: res.bytes, lines: res.newlines };
}

const exportCase = results[0]?.c;
const copies: Rate[] = [];
const exports: (Rate & { lines: number })[] = [];
let exportMissing = '';
if (exportCase) {
  await copyRun(exportCase); // warm-up: the slice into the cache
  for (let i = 0; i < EXPORT_RUNS; i++) {
    copies.push(await copyRun(exportCase));
    if (exportMissing === '') {
      const r = await exportRun(exportCase);
      if ('missing' in r) exportMissing = r.missing;
      else exports.push(r);
    }
  }
}
const loadEnd = os.loadavg();
const finishedAt = new Date();

await harness.close();

// ---------------------------------------------------------------------------------------------
// Report
// ---------------------------------------------------------------------------------------------

const lines: string[] = [];
const out = (s = '') => lines.push(s);
out(`Andes transaction-list benchmark — ${startedAt.toISOString()} to ${finishedAt.toISOString()}`);
out(
  `machine: ${os.type()} ${os.release()} ${os.arch()}, ${cpus.length} × ${cpus[0]?.model.trim() ?? '?'}, ` +
    `${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM; load average ${loadStart.map((l) => l.toFixed(2)).join(' ')} at start, ` +
    `${loadEnd.map((l) => l.toFixed(2)).join(' ')} at end`,
);
out(`Node ${process.version}; ${pgVersion.split(',')[0] ?? pgVersion}`);
out(`transactions: ${fmt(Number(table?.n ?? 0))} rows, ${table?.size ?? '?'} with indexes`);
out(
  `method: ${fmt(N)} timed calls per page and path after ${fmt(WARMUP)} warm-up calls, sequential, API and SQL interleaved; ` +
    `page size ${PAGE_SIZE}; deep page = ${fmt(DEPTH)} × nextCursor; API = POST ${PAGE_PATH} over HTTP keep-alive ` +
    `(send to last byte; log level ${LOG_LEVEL}); SQL = transactionListQuery via the same drizzle/pg pool; ` +
    `SQL+count = that and the capped count the call also runs`,
);
if (subNote) out(subNote);
out();
const head = ['case', 'page', 'rows', 'API p50', 'API p99', 'SQL p50', 'SQL p99', 'SQL+count p99', 'API/SQL p99', 'API/(SQL+count) p99'];
const table2: string[][] = [head];
for (const r of results) {
  const rowOf = (label: string, p: PageResult) => [
    r.c.name,
    label,
    fmt(p.rows),
    ms(p.api.p50),
    ms(p.api.p99),
    ms(p.sql.p50),
    ms(p.sql.p99),
    ms(p.sqlCount.p99),
    (p.api.p99 / p.sql.p99).toFixed(2),
    (p.api.p99 / p.sqlCount.p99).toFixed(2),
  ];
  table2.push(rowOf('1', r.first));
  if (r.deep) table2.push(rowOf(`${fmt(DEPTH + 1)}`, r.deep));
  else table2.push([r.c.name, 'deep', '—', '—', '—', '—', '—', '—', '—', r.deepNote]);
}
const widths = head.map((_, i) => Math.max(...table2.map((row) => (row[i] ?? '').length)));
for (const [k, row] of table2.entries()) {
  out(row.map((cell, i) => (i <= 1 ? cell.padEnd(widths[i] ?? 0) : cell.padStart(widths[i] ?? 0))).join('  '));
  if (k === 0) out(widths.map((w) => '-'.repeat(w)).join('  '));
}
out('(times in ms)');
out();

const verdict = (ok: boolean) => (ok ? 'met' : 'NOT met');
out('targets:');
for (const r of results) {
  const pages = r.deep ? [r.first, r.deep] : [r.first];
  const apiSql = Math.max(...pages.map((p) => p.api.p99 / p.sql.p99));
  const worst = Math.max(...pages.map((p) => p.api.p99));
  out(`  ${r.c.name} (${fmt(r.c.rows)} rows in the window):`);
  out(`    API p99 ≤ 1.5 × SQL p99: worst ratio ${apiSql.toFixed(2)} — ${verdict(apiSql <= 1.5)}`);
  if (r.deep) {
    const apiDeep = r.deep.api.p99 / r.first.api.p99;
    const sqlDeep = r.deep.sql.p99 / r.first.sql.p99;
    out(
      `    deep ≤ 1.5 × first (p99): API ${apiDeep.toFixed(2)} — ${verdict(apiDeep <= 1.5)}; SQL ${sqlDeep.toFixed(2)} — ${verdict(sqlDeep <= 1.5)}`,
    );
  } else out(`    deep ≤ 1.5 × first: no deep page (${r.deepNote})`);
  out(`    list p99 < 100 ms: worst ${ms(worst)} ms — ${verdict(worst < 100)}`);
}
out();

const best = <T extends Rate>(runs: T[]): T => runs.reduce((a, b) => (b.ms < a.ms ? b : a));
const rate = (r: Rate) => (r.rows / r.ms) * 1000;
if (copies.length > 0 && exportCase) {
  const copy = best(copies);
  out(`export (${exportCase.name}; best of ${EXPORT_RUNS}):`);
  out(
    `  COPY (same SELECT) TO STDOUT (FORMAT csv): ${fmt(copy.rows)} rows in ${ms(copy.ms)} ms = ${fmt(rate(copy))} rows/s, ${fmt(copy.bytes)} bytes`,
  );
  if (exports.length > 0) {
    const e = best(exports);
    const ratio = rate(e) / rate(copy);
    out(
      `  POST ${EXPORT_PATH} (csv): ${fmt(e.rows)} rows in ${ms(e.ms)} ms = ${fmt(rate(e))} rows/s, ${fmt(e.bytes)} bytes, ${fmt(e.lines)} lines`,
    );
    out(`  ratio export / COPY rows/s: ${ratio.toFixed(2)} (target ≥ 0.50: ${verdict(ratio >= 0.5)})`);
  } else {
    out(`  export call: not measured — ${exportMissing}`);
  }
}
console.log(lines.join('\n'));
