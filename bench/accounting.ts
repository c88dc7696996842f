/**
 * Accounting-request list benchmark (issue #12, docs/decisions/0027), in one run on a database of its
 * own:
 *
 *   createdb -h 127.0.0.1 -U postgres andes_bench_acc
 *   npx tsx bench/accounting.ts --url postgres://postgres@127.0.0.1:5432/andes_bench_acc
 *   dropdb -h 127.0.0.1 -U postgres andes_bench_acc
 *
 * 1. applies the app's migrations, creates bench merchants (BENCH-ACC-0001…, a few large and many
 *    small, some with sub-merchants) with their local and global accounts, and streams `--rows`
 *    accounting requests with COPY: the four kinds, a realistic status mix (the last day's partly
 *    still pending), several countries, amounts in integer cents from log-normal USD amounts at the
 *    catalogue's rate, ids in creation order over `--days` days. Skipped when the bench merchants'
 *    requests are there already (`--generate never|always|auto`).
 * 2. times the four list calls (the contract's topupPage, withdrawalPage, exchangePage and
 *    subTransferPage) of the largest bench merchant in its country with the most requests of the
 *    kind, through the real API (buildApp on an ephemeral port, api-harness.ts): the first page of the
 *    default window (the last week), the first page of the whole year, a status filter, a keyword
 *    (a request number; for withdrawals also a beneficiary account number), the page 100 pages
 *    deep (reached once by following nextCursor), and the first page of the smallest bench merchant
 *    (a plan must not walk other merchants' rows) — p50 and p99 over `--n` calls, against the target
 *    p99 < 50 ms;
 * 3. the same through the same driver without HTTP: every statement the API call ran on
 *    `accounting_requests` (recorded from the pg driver during one call, then replayed with its
 *    parameters: the page and its count), for the ratio API / SQL. With `--sql-only` (or while the API
 *    does not answer the calls yet), a hand-written keyset query of the same page instead.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ACCOUNT_TYPES, type AccountType } from '@andes/contract/account/enums';
import { exchangePage, subTransferPage, topupPage, withdrawalPage } from '@andes/contract/accounting/endpoints';
import type { RequestKind, RequestStatus } from '@andes/contract/accounting/enums';
import { REQUEST_NO_PREFIX } from '@andes/contract/accounting/enums';
import { exchangeAmounts, type FeeConfig, feeLines, sumFees } from '@andes/contract/accounting/machines';
import type { RequestPage } from '@andes/contract/accounting/schemas';
import { MAX_EXACT_TOTAL } from '@andes/contract/common/constants';
import { COUNTRIES, COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { addDays, localDateRangeToUtc, todayIn } from '@andes/contract/common/dates';
import { ResultCode } from '@andes/contract/common/envelope';
import { PERMISSION_CODES } from '@andes/contract/permissions/registry';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { globalAccountNo, localAccountNo } from '../apps/api/src/modules/ledger/account-numbers.ts';
import { CATALOGUE, rateOfDay } from '../apps/api/src/simulator/catalogue.ts';
import { timelineSampler } from '../apps/api/src/simulator/history-plan.ts';
import { dayNumberOf, localDate } from '../apps/api/src/simulator/local-time.ts';
import { BANKS } from '../apps/api/src/simulator/parties.ts';
import { Rng } from '../apps/api/src/simulator/prng.ts';
import { type ApiHarness, openApiHarness, type Session } from './api-harness.ts';
import { copyWithIndexesRebuilt } from './bulk-copy.ts';

const HELP = `usage: npx tsx bench/accounting.ts --url URL [options]

  --url URL            a PostgreSQL database of its own (or BENCH_DATABASE_URL); migrated first
  --rows N             accounting requests to generate (default 1000000)
  --days N             days of history ending now (default 365)
  --merchants N        bench merchants (default 20; BENCH-ACC-0001 is the largest, in every country, with sub-merchants)
  --seed TEXT          seed of the data (default bench-accounting)
  --generate WHEN      auto (default: when the bench merchants have no requests yet), always, never
  --n N                timed calls per case and path (default 200), sequential
  --warmup N           untimed calls per case first (default 20)
  --depth N            how many pages deep the deep page is (default 100)
  --page-size N        rows per page (default 20, the screens' default)
  --case-seconds S     stop timing a case after S seconds, once it has 20 calls (default 60)
  --sql-only           time the hand-written SQL only (no API)
  --explain            print EXPLAIN (ANALYZE, BUFFERS) of each case's statements
  -h, --help           this text`;

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    rows: { type: 'string', default: '1000000' },
    days: { type: 'string', default: '365' },
    merchants: { type: 'string', default: '20' },
    seed: { type: 'string', default: 'bench-accounting' },
    generate: { type: 'string', default: 'auto' },
    n: { type: 'string', default: '200' },
    warmup: { type: 'string', default: '20' },
    depth: { type: 'string', default: '100' },
    'page-size': { type: 'string', default: '20' },
    'case-seconds': { type: 'string', default: '60' },
    'sql-only': { type: 'boolean', default: false },
    explain: { type: 'boolean', default: false },
    help: { type: 'boolean', short: 'h', default: false },
  },
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const url = values.url ?? process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('give --url or BENCH_DATABASE_URL (a PostgreSQL database of its own)');
  process.exit(2);
}
const ROWS = Number(values.rows);
const DAYS = Number(values.days);
const MERCHANTS = Number(values.merchants);
const SEED = values.seed;
const N = Number(values.n);
const WARMUP = Number(values.warmup);
const DEPTH = Number(values.depth);
const PAGE_SIZE = Number(values['page-size']);
const CASE_SECONDS = Number(values['case-seconds']);
const GENERATE = values.generate;
if (!['auto', 'always', 'never'].includes(GENERATE)) {
  console.error('--generate is auto, always or never');
  process.exit(2);
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
const DAY = 86_400_000;
const MINUTE = 60_000;
const started = new Date();
const loadStart = os.loadavg();
let phaseStarted = performance.now();
function phase(name: string, extra = ''): void {
  const now = performance.now();
  console.log(`${name.padEnd(40)} ${`${fmt((now - phaseStarted) / 1000, 1)} s`.padStart(9)}${extra ? `  ${extra}` : ''}`);
  phaseStarted = now;
}

// ---- 1. the data -------------------------------------------------------------------------------

const database = await openDatabase({ kind: 'postgres', url });
await database.migrate();
await database.close();
phase('migrations');

const pool = new pg.Pool({ connectionString: url, max: 2 });
const q = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await pool.query<T>(text, params)).rows;

const [existing] = await q<{ n: string }>(
  `select count(*) as n from accounting_requests r join merchants m on m.id = r.merchant_id where m.code like 'BENCH-ACC-%'`,
);
const existingRows = Number(existing?.n ?? 0);
if (GENERATE === 'always' || (GENERATE === 'auto' && existingRows === 0)) await generate();
else console.log(`generation skipped: ${fmt(existingRows)} bench requests there already`);

async function generate(): Promise<void> {
  interface Holder {
    id: number;
    merchantId: number;
    code: string;
    countries: Country[];
  }
  interface Merchant extends Holder {
    weight: number;
    subs: Holder[];
    globalAccountId: number;
  }
  const rng = new Rng(SEED);
  const plan: { code: string; name: string; parent: string | null; countries: Country[]; weight: number }[] = [];
  for (let i = 1; i <= MERCHANTS; i += 1) {
    const code = `BENCH-ACC-${String(i).padStart(4, '0')}`;
    const n = Math.min(COUNTRIES.length, 1 + Math.floor(rng.next() * rng.next() * COUNTRIES.length));
    const countries = (i === 1 ? [...COUNTRIES] : [...COUNTRIES].sort(() => rng.next() - 0.5).slice(0, n)) as Country[];
    plan.push({ code, name: `Bench Accounting ${i}`, parent: null, countries, weight: 1 / i });
    const subs = i === 1 ? 3 : rng.chance(0.25) ? rng.int(1, 3) : 0;
    for (let s = 1; s <= subs; s += 1) {
      const subCountries = i === 1 ? countries : countries.filter(() => rng.chance(0.6));
      plan.push({
        code: `${code}-S${s}`,
        name: `Bench Accounting ${i} Sub ${s}`,
        parent: code,
        countries: subCountries.length > 0 ? subCountries : countries.slice(0, 1),
        weight: 0,
      });
    }
  }
  const client = await pool.connect();
  const cq = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows;
  const merchants: Merchant[] = [];
  const accountOf = new Map<string, number>();
  try {
    await cq('begin');
    for (const m of plan) {
      const [row] = await cq<{ id: number }>(
        `insert into merchants (code, name, parent_id) values ($1, $2, (select id from merchants where code = $3))
         on conflict (code) do update set name = excluded.name returning id`,
        [m.code, m.name, m.parent],
      );
      const id = Number(row?.id);
      await cq('insert into merchant_areas (merchant_id, country) select $1, unnest($2::text[]) on conflict do nothing', [id, m.countries]);
      if (m.parent === null) {
        merchants.push({ id, merchantId: id, code: m.code, countries: m.countries, weight: m.weight, subs: [], globalAccountId: 0 });
      } else {
        const parent = merchants.find((p) => p.code === m.parent);
        parent?.subs.push({ id, merchantId: parent.id, code: m.code, countries: m.countries });
      }
    }
    const holders: Holder[] = merchants.flatMap((m) => [m, ...m.subs]);
    const keys = holders.flatMap((h) => h.countries.flatMap((c) => ACCOUNT_TYPES.map((t) => ({ h, c, t }))));
    await cq(
      `insert into accounts (kind, holder_id, merchant_id, country, currency, account_type, account_no)
       select 'MERCHANT', * from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[]) on conflict do nothing`,
      [
        keys.map((k) => k.h.id),
        keys.map((k) => k.h.merchantId),
        keys.map((k) => k.c),
        keys.map((k) => COUNTRY_INFO[k.c].currency),
        keys.map((k) => k.t),
        keys.map((k) => localAccountNo(k.h.code, k.c, k.t)),
      ],
    );
    await cq(
      `insert into accounts (kind, holder_id, merchant_id, currency, account_no)
       select 'GLOBAL', h, h, 'USD', no from unnest($1::int[], $2::text[]) as u(h, no) on conflict do nothing`,
      [merchants.map((m) => m.id), merchants.map((m) => globalAccountNo(m.code))],
    );
    await cq('commit');
    for (const a of await cq<{ id: number; kind: string; holder_id: number; country: string | null; account_type: string | null }>(
      'select id, kind, holder_id, country, account_type from accounts where holder_id = any($1::int[])',
      [holders.map((h) => h.id)],
    )) {
      accountOf.set(a.kind === 'GLOBAL' ? `${a.holder_id}|GLOBAL` : `${a.holder_id}|${a.country}|${a.account_type}`, Number(a.id));
    }
    for (const m of merchants) m.globalAccountId = accountOf.get(`${m.id}|GLOBAL`) ?? 0;
  } catch (err) {
    await cq('rollback');
    client.release();
    throw err;
  }
  phase('merchants and accounts', `${plan.length} merchants and sub-merchants, ${accountOf.size} accounts`);

  // Creation times: the demo history's weekly and daily rhythm and growth, sorted so that ids follow time.
  const now = Date.now();
  const sample = timelineSampler('BR', now, DAYS);
  const times = new Float64Array(ROWS);
  const trng = rng.fork('times');
  for (let i = 0; i < ROWS; i += 1) times[i] = sample(trng);
  times.sort();
  phase('creation times', `${fmt(ROWS)} drawn and sorted`);

  interface Stream {
    merchant: Merchant;
    country: Country;
    weight: number;
  }
  const streams: Stream[] = merchants.flatMap((m) =>
    m.countries.map((country) => ({ merchant: m, country, weight: m.weight * CATALOGUE[country].weight })),
  );
  const KIND_WEIGHTS: readonly { kind: RequestKind; weight: number }[] = [
    { kind: 'TOPUP', weight: 30 },
    { kind: 'WITHDRAWAL', weight: 30 },
    { kind: 'EXCHANGE', weight: 25 },
    { kind: 'SUB_TRANSFER', weight: 15 },
  ];
  const FINAL: Readonly<Record<RequestKind, readonly { status: RequestStatus; weight: number }[]>> = {
    TOPUP: [
      { status: 'COMPLETED', weight: 85 },
      { status: 'REJECTED', weight: 5 },
      { status: 'CANCELED', weight: 7 },
      { status: 'FAILED', weight: 3 },
    ],
    WITHDRAWAL: [
      { status: 'COMPLETED', weight: 84 },
      { status: 'PAYMENT_FAILED', weight: 6 },
      { status: 'REJECTED', weight: 4 },
      { status: 'CANCELED', weight: 5 },
      { status: 'FAILED', weight: 1 },
    ],
    EXCHANGE: [
      { status: 'COMPLETED', weight: 80 },
      { status: 'CANCELED', weight: 12 },
      { status: 'REJECTED', weight: 4 },
      { status: 'FAILED', weight: 4 },
    ],
    SUB_TRANSFER: [
      { status: 'COMPLETED', weight: 92 },
      { status: 'REJECTED', weight: 6 },
      { status: 'FAILED', weight: 2 },
    ],
  };
  const PENDING: Readonly<Record<RequestKind, readonly { status: RequestStatus; weight: number }[]>> = {
    TOPUP: [{ status: 'PROCESSING', weight: 1 }],
    WITHDRAWAL: [
      { status: 'PROCESSING', weight: 2 },
      { status: 'IN_TRANSFER', weight: 1 },
    ],
    EXCHANGE: [
      { status: 'WAIT_PROOF', weight: 1 },
      { status: 'WAIT_EXCHANGE_RATE', weight: 2 },
      { status: 'WAIT_CONFIRM_CONTRACT', weight: 2 },
      { status: 'PROCESSING', weight: 2 },
    ],
    SUB_TRANSFER: [{ status: 'PROCESSING', weight: 1 }],
  };
  /** Median amount of each kind in USD cents. */
  const MEDIAN_USD: Readonly<Record<RequestKind, number>> = {
    TOPUP: 500_000,
    WITHDRAWAL: 800_000,
    EXCHANGE: 2_000_000,
    SUB_TRANSFER: 150_000,
  };
  const FEES: Readonly<Record<'TOPUP' | 'WITHDRAWAL', FeeConfig>> = {
    TOPUP: { perRequestFee: 500, smallTransferThreshold: 100_000, smallTransferFee: 250 },
    WITHDRAWAL: { perRequestFee: 1_000, smallTransferThreshold: 500_000, smallTransferFee: 500 },
  };
  const REASONS: Partial<Record<RequestStatus, string>> = {
    REJECTED: 'No matching transfer received',
    FAILED: 'Internal transfer failed',
    PAYMENT_FAILED: 'Beneficiary account closed',
  };
  const streamCum: number[] = [];
  let acc = 0;
  for (const s of streams) {
    acc += s.weight;
    streamCum.push(acc);
  }
  const pickStream = (r: Rng): Stream => {
    const x = r.next() * acc;
    let lo = 0;
    let hi = streamCum.length - 1;
    while (lo < hi) {
      const mid = (lo + hi) >> 1;
      if ((streamCum[mid] ?? 0) > x) hi = mid;
      else lo = mid + 1;
    }
    return streams[lo] as Stream;
  };
  const rateCache = new Map<string, string>();
  const rateAt = (country: Country, at: number): string => {
    const day = dayNumberOf(localDate(COUNTRY_INFO[country].timezoneName, at));
    const key = `${country}|${day}`;
    let rate = rateCache.get(key);
    if (rate === undefined) {
      rate = rateOfDay(country, day);
      rateCache.set(key, rate);
    }
    return rate;
  };
  const localCents = (usdCents: number, country: Country) =>
    Math.max(100, Math.round((usdCents * Number(rateAt(country, now))) / 100) * 100);

  const COLUMNS = [
    'id',
    'request_no',
    'kind',
    'merchant_id',
    'sub_merchant_id',
    'country',
    'currency',
    'account_type',
    'mode',
    'status',
    'client_request_id',
    'request_hash',
    'request_amount',
    'verified_amount',
    'fee',
    'fee_lines',
    'final_amount',
    'deduction_amount',
    'receipt_amount',
    'sell_account_id',
    'buy_account_id',
    'side',
    'sell_currency',
    'buy_currency',
    'sell_amount',
    'buy_amount',
    'exchange_rate',
    'rate_expires_at',
    'contract_confirmed_at',
    'contract_confirmed_by',
    'contract_confirmed_by_name',
    'transfer_time',
    'remitting_bank',
    'beneficiary',
    'proof_files',
    'remark',
    'status_reason',
    'target',
    'approval_state',
    'approved_by',
    'approved_by_name',
    'approved_at',
    'created_by',
    'created_by_name',
    'created_at',
    'updated_at',
    'completed_at',
    'awaiting_provider',
  ] as const;
  type Value = string | number | boolean | null | object;
  const field = (v: Value): string => {
    if (v === null) return '\\N';
    const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
    return /[\\\t\n\r]/.test(text) ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : text;
  };
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const [first] = await q<{ id: string }>(`select nextval(pg_get_serial_sequence('accounting_requests', 'id'))::text as id`);
  const firstId = Number(first?.id ?? 1);
  const statusCounts = new Map<string, number>();
  const OPERATORS = ['Ana Lima', 'Bruno Costa', 'Carla Mendes', 'Diego Rojas', 'Elena Vargas'];

  function rowOf(index: number, r: Rng): Value[] {
    const id = firstId + index;
    const at = Math.round(times[index] ?? now);
    const stream = pickStream(r);
    const { merchant, country } = stream;
    const local = COUNTRY_INFO[country].currency;
    const subs = merchant.subs.filter((s) => s.countries.includes(country));
    let kind = r.weighted(KIND_WEIGHTS).kind;
    if (kind === 'EXCHANGE' && local === 'USD') kind = 'TOPUP';
    if (kind === 'SUB_TRANSFER' && subs.length === 0) kind = 'WITHDRAWAL';
    const age = now - at;
    const pending = age < DAY && r.chance(0.4 * (1 - age / DAY));
    const status = r.weighted(pending ? PENDING[kind] : FINAL[kind]).status;
    statusCounts.set(`${kind}|${status}`, (statusCounts.get(`${kind}|${status}`) ?? 0) + 1);
    const final = status === 'COMPLETED';
    const doneAt = pending ? null : Math.min(now, at + Math.round(r.logNormal(40 * MINUTE, 1.2)));
    const usd = Math.max(1_000, Math.round(r.logNormal(MEDIAN_USD[kind], 1.1)));
    const amount = localCents(usd, country);
    const yymmdd = localDate(COUNTRY_INFO[country].timezoneName, at).slice(2).replace(/-/g, '');
    const requestNo = `${REQUEST_NO_PREFIX[kind]}${yymmdd}${String(id % 10_000_000).padStart(7, '0')}`;
    const createdByName = r.pick(OPERATORS);
    const row: Record<(typeof COLUMNS)[number], Value> = {
      id,
      request_no: requestNo,
      kind,
      merchant_id: merchant.id,
      sub_merchant_id: null,
      country,
      currency: local,
      account_type: 'PAY_OUT',
      mode: null,
      status,
      client_request_id: `bench-${id.toString(36)}`,
      request_hash: `h${id.toString(36)}`,
      request_amount: amount,
      verified_amount: null,
      fee: null,
      fee_lines: [],
      final_amount: null,
      deduction_amount: null,
      receipt_amount: null,
      sell_account_id: null,
      buy_account_id: null,
      side: null,
      sell_currency: null,
      buy_currency: null,
      sell_amount: null,
      buy_amount: null,
      exchange_rate: null,
      rate_expires_at: null,
      contract_confirmed_at: null,
      contract_confirmed_by: null,
      contract_confirmed_by_name: null,
      transfer_time: null,
      remitting_bank: null,
      beneficiary: null,
      proof_files: [],
      remark: r.chance(0.2) ? `Ref ${r.chars(6)}` : '',
      status_reason: REASONS[status] ?? null,
      target: null,
      approval_state: 'NONE',
      approved_by: null,
      approved_by_name: null,
      approved_at: null,
      created_by: 1 + OPERATORS.indexOf(createdByName),
      created_by_name: createdByName,
      created_at: iso(at),
      updated_at: iso(doneAt ?? at),
      completed_at: final ? iso(doneAt) : null,
      awaiting_provider: pending,
    };
    const accountOfType = (type: AccountType) => accountOf.get(`${merchant.id}|${country}|${type}`) ?? null;
    switch (kind) {
      case 'TOPUP': {
        const mode: AccountType = CATALOGUE[country].marketplace.length > 0 && r.chance(0.2) ? 'MARKET_PLACE' : 'PAY_OUT';
        row.mode = mode;
        row.account_type = mode;
        row.buy_account_id = accountOfType(mode);
        row.remitting_bank = r.pick(BANKS[country]).name;
        row.transfer_time = iso(at - r.int(5, 240) * MINUTE);
        row.proof_files = [
          {
            fileId: `f_${r.chars(22, 'ABCDEFGHJKMNPQRSTVWXYZabcdefghijkmnopqrstuvwxyz0123456789')}`,
            name: 'comprobante.pdf',
            size: r.int(40_000, 900_000),
            contentType: 'application/pdf',
          },
        ];
        if (final) {
          const verified = r.chance(0.1) ? amount - Math.max(1, Math.round(amount * 0.005)) : amount;
          const lines = feeLines('TOPUP', FEES.TOPUP, verified);
          const fee = Math.min(sumFees(lines), verified);
          Object.assign(row, {
            verified_amount: verified,
            fee,
            fee_lines: lines,
            final_amount: verified - fee,
            receipt_amount: verified - fee,
          });
        }
        break;
      }
      case 'WITHDRAWAL': {
        const mode: AccountType = r.chance(0.6) ? 'PAY_IN' : 'PAY_OUT';
        const lines = feeLines('WITHDRAWAL', FEES.WITHDRAWAL, amount);
        const fee = sumFees(lines);
        const bank = r.pick(BANKS[country]);
        Object.assign(row, {
          mode,
          account_type: mode,
          sell_account_id: accountOfType(mode),
          fee,
          fee_lines: lines,
          deduction_amount: amount + fee,
          beneficiary: { holderName: `${merchant.code} Treasury`, bankName: bank.name, accountNumber: `${bank.code}-${r.chars(10)}` },
        });
        if (final || status === 'PAYMENT_FAILED' || status === 'IN_TRANSFER')
          row.transfer_time = iso((doneAt ?? at) - r.int(1, 30) * MINUTE);
        if (final) row.final_amount = amount;
        if (usd > 1_000_000) {
          const refused = status === 'REJECTED' && r.chance(0.5);
          const approver = r.pick(OPERATORS.filter((o) => o !== createdByName));
          Object.assign(row, {
            approval_state: pending && status === 'PROCESSING' && r.chance(0.5) ? 'PENDING' : refused ? 'REFUSED' : 'APPROVED',
            approved_by: 1 + OPERATORS.indexOf(approver),
            approved_by_name: approver,
            approved_at: iso(at + r.int(2, 90) * MINUTE),
          });
          if (row.approval_state === 'PENDING')
            Object.assign(row, { approved_by: null, approved_by_name: null, approved_at: null, awaiting_provider: false });
          if (refused) row.status_reason = `Refused by ${approver}`;
        }
        break;
      }
      case 'EXCHANGE': {
        const mode = r.weighted([
          { mode: 'PAY_IN', weight: 45 },
          { mode: 'PAY_OUT', weight: 40 },
          { mode: 'OFFLINE', weight: 15 },
        ]).mode;
        const sellIsUsd = mode !== 'PAY_IN';
        const side = r.chance(0.7) ? 'SELL' : 'BUY';
        const rate = rateAt(country, at);
        const fixedIsUsd = (side === 'SELL') === sellIsUsd;
        const fixed = fixedIsUsd ? Math.max(100, Math.round(usd / 100) * 100) : amount;
        const amounts = exchangeAmounts(rate, sellIsUsd, side, fixed);
        const waiting = status === 'WAIT_PROOF' || status === 'WAIT_EXCHANGE_RATE';
        Object.assign(row, {
          mode,
          account_type: mode === 'PAY_IN' ? 'PAY_IN' : 'PAY_OUT',
          currency: fixedIsUsd ? 'USD' : local,
          request_amount: fixed,
          side,
          sell_currency: sellIsUsd ? 'USD' : local,
          buy_currency: sellIsUsd ? local : 'USD',
          sell_account_id: mode === 'PAY_IN' ? accountOfType('PAY_IN') : mode === 'PAY_OUT' ? merchant.globalAccountId : null,
          buy_account_id: mode === 'PAY_IN' ? merchant.globalAccountId : accountOfType('PAY_OUT'),
          awaiting_provider: pending && (status === 'WAIT_EXCHANGE_RATE' || status === 'PROCESSING'),
        });
        if (mode === 'OFFLINE') {
          row.remitting_bank = 'JPMorgan Chase Bank';
          row.transfer_time = iso(at + r.int(5, 120) * MINUTE);
        }
        if (!waiting && amounts && status !== 'CANCELED') {
          const quotedAt = at + r.int(1, 30) * MINUTE;
          Object.assign(row, {
            sell_amount: amounts.sellAmount,
            buy_amount: amounts.buyAmount,
            exchange_rate: rate,
            rate_expires_at: iso(quotedAt + 10 * MINUTE),
          });
          if (status !== 'WAIT_CONFIRM_CONTRACT' && status !== 'REJECTED') {
            Object.assign(row, {
              contract_confirmed_at: iso(quotedAt + r.int(1, 9) * MINUTE),
              contract_confirmed_by: row.created_by,
              contract_confirmed_by_name: createdByName,
              deduction_amount: amounts.sellAmount,
            });
          }
          if (final) row.receipt_amount = amounts.buyAmount;
          if (final) row.final_amount = amounts.buyAmount;
        }
        break;
      }
      case 'SUB_TRANSFER': {
        const sub = r.pick(subs);
        const type = r.pick(ACCOUNT_TYPES);
        const target = r.chance(0.7) ? 'SUB' : 'SELF';
        const subAccount = accountOf.get(`${sub.id}|${country}|${type}`) ?? null;
        const own = accountOfType(type);
        Object.assign(row, {
          sub_merchant_id: sub.id,
          account_type: type,
          target,
          sell_account_id: target === 'SUB' ? own : subAccount,
          buy_account_id: target === 'SUB' ? subAccount : own,
          deduction_amount: amount,
        });
        if (final) Object.assign(row, { final_amount: amount, receipt_amount: amount });
        if (status === 'REJECTED' && r.chance(0.7)) row.status_reason = `Revoked by ${createdByName}`;
        break;
      }
    }
    return COLUMNS.map((c) => row[c]);
  }

  let written = 0;
  async function* copyText(): AsyncGenerator<string> {
    const r = rng.fork('rows');
    let lines: string[] = [];
    let lastReport = performance.now();
    for (let i = 0; i < ROWS; i += 1) {
      lines.push(rowOf(i, r).map(field).join('\t'));
      written += 1;
      if (lines.length >= 5_000) {
        yield `${lines.join('\n')}\n`;
        lines = [];
        if (performance.now() - lastReport > 10_000) {
          lastReport = performance.now();
          console.log(`  … ${fmt(written)} requests (${fmt(written / ((lastReport - phaseStarted) / 1000))}/s)`);
        }
      }
    }
    if (lines.length > 0) yield `${lines.join('\n')}\n`;
  }

  try {
    await cq('begin');
    phaseStarted = performance.now();
    const load = await copyWithIndexesRebuilt(client, 'accounting_requests', COLUMNS, copyText);
    phase(
      load.triggersOff ? 'COPY accounting_requests (FK triggers off) and indexes rebuilt' : 'COPY accounting_requests and indexes rebuilt',
      `${fmt(written)} rows; ${load.indexCount} secondary indexes`,
    );
    await cq(`select setval(pg_get_serial_sequence('accounting_requests', 'id'), $1)`, [firstId + ROWS - 1]);
    await cq('commit');
    await cq('vacuum (analyze) accounting_requests');
    phase('vacuum (analyze)');
  } catch (err) {
    await cq('rollback').catch(() => undefined);
    throw err;
  } finally {
    client.release();
  }
  const mix = [...statusCounts.entries()].sort((a, b) => (a[0] < b[0] ? -1 : 1)).map(([k, n]) => `${k} ${fmt((n / ROWS) * 100, 1)}%`);
  console.log(`status mix: ${mix.join(', ')}`);
}

// ---- 2. the cases -------------------------------------------------------------------------------

interface KindCall {
  kind: RequestKind;
  path: string;
  label: string;
}
const CALLS: readonly KindCall[] = [
  { kind: 'TOPUP', path: topupPage.path, label: 'top-ups' },
  { kind: 'WITHDRAWAL', path: withdrawalPage.path, label: 'withdrawals' },
  { kind: 'EXCHANGE', path: exchangePage.path, label: 'exchanges' },
  { kind: 'SUB_TRANSFER', path: subTransferPage.path, label: 'sub-merchant transfers' },
];

const [largest] = await q<{ id: number; code: string }>(
  `select id, code from merchants where code like 'BENCH-ACC-%' and parent_id is null order by code limit 1`,
);
if (!largest) throw new Error('no bench merchants: run with --generate always');
const merchantId = Number(largest.id);
const [{ rows: tableRows, size } = { rows: '0', size: '?' }] = await q<{ rows: string; size: string }>(
  `select (select count(*) from accounting_requests)::text as rows, pg_size_pretty(pg_total_relation_size('accounting_requests')) as size`,
);

interface Case {
  call: KindCall;
  name: string;
  body: Record<string, unknown>;
  /** Rows matching the filter in the range. */
  rows: number;
  /** Whose list it is (a user of this merchant calls it). */
  merchantId: number;
  /** The hand-written query of the page and its capped count (used without the API). */
  sql: { text: string; params: unknown[]; countText: string; countParams: unknown[] };
  deep?: boolean;
}

/** The hand-written keyset page: one kind of one merchant in one country, newest first. */
function handSql(
  merchant: number,
  kind: RequestKind,
  country: Country,
  fromMs: number,
  toMs: number,
  extra: { status?: string; keyword?: string; before?: { createdAt: string; id: number } },
): { text: string; params: unknown[]; countText: string; countParams: unknown[] } {
  const params: unknown[] = [merchant, kind, country, new Date(fromMs).toISOString(), new Date(toMs).toISOString()];
  const where = ['merchant_id = $1', 'kind = $2', 'country = $3', 'created_at >= $4', 'created_at < $5'];
  if (extra.status) where.push(`status = $${params.push(extra.status)}`);
  // As the screens search: a request number or its prefix; for withdrawals also a beneficiary account number (exact).
  if (extra.keyword) {
    const like = `request_no like $${params.push(`${extra.keyword.toUpperCase()}%`)}`;
    where.push(kind === 'WITHDRAWAL' ? `(${like} or beneficiary->>'accountNumber' = $${params.push(extra.keyword)})` : like);
  }
  const filter = where.join(' and ');
  const countText = `select count(*) as n from (select 1 from accounting_requests where ${filter} limit ${MAX_EXACT_TOTAL + 1}) t`;
  if (extra.before) where.push(`(created_at, id) < ($${params.push(extra.before.createdAt)}, $${params.push(extra.before.id)})`);
  const text = `select * from accounting_requests where ${where.join(' and ')} order by created_at desc, id desc limit ${PAGE_SIZE + 1}`;
  return { text, params, countText, countParams: params.slice(0, extra.before ? -2 : undefined) };
}

const cases: Case[] = [];
for (const call of CALLS) {
  const [slice] = await q<{ country: Country; n: string }>(
    `select country, count(*) as n from accounting_requests where merchant_id = $1 and kind = $2 group by 1 order by 2 desc limit 1`,
    [merchantId, call.kind],
  );
  if (!slice) continue;
  const country = slice.country;
  const zone = COUNTRY_INFO[country].timezoneName;
  const today = todayIn(zone);
  const yearRange = { from: addDays(today, -(DAYS - 1)), to: today };
  const weekRange = { from: addDays(today, -6), to: today };
  const msOf = (r: { from: string; to: string }) => {
    const utc = localDateRangeToUtc(zone, r.from, r.to);
    return { fromMs: Date.parse(utc.start), toMs: Date.parse(utc.end) };
  };
  const year = msOf(yearRange);
  const week = msOf(weekRange);
  const count = async (extra: string, params: unknown[]) =>
    Number(
      (
        await q<{ n: string }>(
          `select count(*) as n from accounting_requests where merchant_id = $1 and kind = $2 and country = $3 and created_at >= $4 and created_at < $5 ${extra}`,
          [merchantId, call.kind, country, new Date(year.fromMs).toISOString(), new Date(year.toMs).toISOString(), ...params],
        )
      )[0]?.n ?? 0,
    );
  const base = { country, pageSize: PAGE_SIZE };
  const yearRows = await count('', []);
  const [weekCount] = await q<{ n: string }>(
    'select count(*) as n from accounting_requests where merchant_id = $1 and kind = $2 and country = $3 and created_at >= $4 and created_at < $5',
    [merchantId, call.kind, country, new Date(week.fromMs).toISOString(), new Date(week.toMs).toISOString()],
  );
  const label = `${call.label} ${largest.code} ${country}`;
  cases.push({
    call,
    merchantId,
    name: `${label}: first page, last week (default)`,
    body: base,
    rows: Number(weekCount?.n ?? 0),
    sql: handSql(merchantId, call.kind, country, week.fromMs, week.toMs, {}),
  });
  cases.push({
    call,
    merchantId,
    name: `${label}: first page, ${DAYS} days`,
    body: { ...base, range: yearRange },
    rows: yearRows,
    sql: handSql(merchantId, call.kind, country, year.fromMs, year.toMs, {}),
  });
  // A minority status: the second commonest of the year.
  const statuses = await q<{ status: string; n: string }>(
    `select status, count(*) as n from accounting_requests where merchant_id = $1 and kind = $2 and country = $3 and created_at >= $4 group by 1 order by 2 desc`,
    [merchantId, call.kind, country, new Date(year.fromMs).toISOString()],
  );
  const status = statuses[1] ?? statuses[0];
  if (status) {
    cases.push({
      call,
      merchantId,
      name: `${label}: status ${status.status} (${fmt((Number(status.n) / Math.max(1, yearRows)) * 100, 1)}%), ${DAYS} days`,
      body: { ...base, range: yearRange, status: status.status },
      rows: Number(status.n),
      sql: handSql(merchantId, call.kind, country, year.fromMs, year.toMs, { status: status.status }),
    });
  }
  const [middle] = await q<{ request_no: string; account_number: string | null }>(
    `select request_no, beneficiary->>'accountNumber' as account_number from accounting_requests
      where merchant_id = $1 and kind = $2 and country = $3 order by id desc offset $4 limit 1`,
    [merchantId, call.kind, country, Math.floor(yearRows / 2)],
  );
  if (middle) {
    cases.push({
      call,
      merchantId,
      name: `${label}: keyword = a request number, ${DAYS} days`,
      body: { ...base, range: yearRange, keyword: middle.request_no },
      rows: 1,
      sql: handSql(merchantId, call.kind, country, year.fromMs, year.toMs, { keyword: middle.request_no }),
    });
    if (middle.account_number) {
      cases.push({
        call,
        merchantId,
        name: `${label}: keyword = a beneficiary account, ${DAYS} days`,
        body: { ...base, range: yearRange, keyword: middle.account_number },
        rows: 1,
        sql: handSql(merchantId, call.kind, country, year.fromMs, year.toMs, { keyword: middle.account_number }),
      });
    }
  }
  const [deepRow] = await q<{ id: number; created_at: string }>(
    `select id, to_char(created_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') as created_at from accounting_requests
      where merchant_id = $1 and kind = $2 and country = $3 and created_at >= $4 and created_at < $5
      order by created_at desc, id desc offset $6 limit 1`,
    [merchantId, call.kind, country, new Date(year.fromMs).toISOString(), new Date(year.toMs).toISOString(), DEPTH * PAGE_SIZE - 1],
  );
  cases.push({
    call,
    merchantId,
    name: `${label}: page ${DEPTH + 1} (${DEPTH} × nextCursor), ${DAYS} days`,
    body: { ...base, range: yearRange },
    rows: yearRows,
    sql: handSql(merchantId, call.kind, country, year.fromMs, year.toMs, {
      before: { createdAt: deepRow?.created_at ?? new Date(0).toISOString(), id: Number(deepRow?.id ?? 0) },
    }),
    deep: true,
  });
  // A small merchant's list: the plan must not walk other merchants' rows to fill its page.
  const [small] = await q<{ merchant_id: number; code: string; country: Country; n: string }>(
    `select r.merchant_id, m.code, r.country, count(*) as n from accounting_requests r join merchants m on m.id = r.merchant_id
      where m.code like 'BENCH-ACC-%' and r.kind = $1 group by 1, 2, 3 order by 4 asc limit 1`,
    [call.kind],
  );
  if (small) {
    const zoneS = COUNTRY_INFO[small.country].timezoneName;
    const todayS = todayIn(zoneS);
    const rangeS = { from: addDays(todayS, -(DAYS - 1)), to: todayS };
    const utc = localDateRangeToUtc(zoneS, rangeS.from, rangeS.to);
    cases.push({
      call,
      merchantId: Number(small.merchant_id),
      name: `${call.label} ${small.code} ${small.country} (small merchant): first page, ${DAYS} days`,
      body: { country: small.country, pageSize: PAGE_SIZE, range: rangeS },
      rows: Number(small.n),
      sql: handSql(Number(small.merchant_id), call.kind, small.country, Date.parse(utc.start), Date.parse(utc.end), {}),
    });
  }
}

// ---- 3. timing ----------------------------------------------------------------------------------

interface Timed {
  p50: number;
  p99: number;
}
const stats = (times: number[]): Timed => {
  const sorted = [...times].sort((a, b) => a - b);
  return { p50: quantile(sorted, 0.5), p99: quantile(sorted, 0.99) };
};
async function timeSql(text: string, params: unknown[]): Promise<number> {
  const start = performance.now();
  await pool.query(text, params);
  return performance.now() - start;
}

/** The statements an API call ran on accounting_requests, recorded from the pg driver. */
interface Recorded {
  text: string;
  values: unknown[];
}
let recording: Recorded[] | null = null;
const originalQuery = pg.Client.prototype.query;
pg.Client.prototype.query = function patchedQuery(this: pg.Client, ...args: unknown[]) {
  if (recording !== null) {
    const [first, second] = args as [unknown, unknown];
    const text = typeof first === 'string' ? first : (first as { text?: string } | null)?.text;
    const values = Array.isArray(second) ? second : ((first as { values?: unknown[] } | null)?.values ?? []);
    if (typeof text === 'string' && /accounting_requests/.test(text)) recording.push({ text, values });
  }
  return (originalQuery as (...a: unknown[]) => unknown).apply(this, args);
} as typeof pg.Client.prototype.query;

interface Result {
  case: Case;
  api: Timed | null;
  sql: Timed;
  /** What the SQL column timed: the API's own statements replayed, or the hand-written page. */
  sqlKind: string;
  statements: number;
  replay: Recorded[];
  listed: number;
  /** Timed calls (fewer than --n when the case hit --case-seconds). */
  n: number;
  apiError?: string;
}
const results: Result[] = [];
let harness: ApiHarness | null = null;
const sessions = new Map<number, Session>();
const ACCOUNTING_CODES = PERMISSION_CODES.filter((c) => c.startsWith('accounting') || c.startsWith('setting:sub-merchant'));
let apiProblem: string | null = values['sql-only'] ? '--sql-only' : null;
if (apiProblem === null) {
  try {
    harness = await openApiHarness(url, 'info');
    for (const id of new Set(cases.map((c) => c.merchantId)))
      sessions.set(id, await harness.user(id, null, ACCOUNTING_CODES, `accounting-${id}`));
  } catch (err) {
    apiProblem = `the API did not start: ${(err as Error).message}`;
  }
}

async function apiCall(c: Case, body: Record<string, unknown>): Promise<{ ms: number; page: RequestPage }> {
  const session = sessions.get(c.merchantId);
  const path = c.call.path;
  if (!harness || !session) throw new Error('no API');
  const res = await harness.post(session, path, body);
  const envelope = JSON.parse(res.body.toString('utf8')) as { code: number; msg?: string; message?: string; data: RequestPage };
  if (envelope.code !== ResultCode.OK) throw new Error(`${path} answered ${envelope.code}: ${envelope.msg ?? envelope.message ?? ''}`);
  return { ms: res.ms, page: envelope.data };
}

for (const c of cases) {
  let body = c.body;
  let api: Timed | null = null;
  let apiError: string | undefined;
  let replay: Recorded[] = [];
  let listed = 0;
  if (harness && apiProblem === null) {
    try {
      if (c.deep) {
        let cursor: string | null = null;
        let reached = 0;
        for (; reached < DEPTH; reached += 1) {
          const { page }: { page: RequestPage } = await apiCall(c, cursor === null ? c.body : { ...c.body, cursor });
          if (page.nextCursor === null) break;
          cursor = page.nextCursor;
        }
        if (reached < DEPTH) throw new Error(`only ${reached} pages`);
        body = { ...c.body, cursor };
      }
      recording = [];
      listed = (await apiCall(c, body)).page.list.length;
      replay = recording;
      recording = null;
      for (let i = 0; i < WARMUP; i += 1) await apiCall(c, body);
    } catch (err) {
      recording = null;
      apiError = (err as Error).message;
      if (/answered 200004|answered 404|HTTP 404|not found/i.test(apiError))
        apiProblem = `the API does not answer ${c.call.path} yet (${apiError})`;
    }
  }
  const sqlKind = replay.length > 0 ? `the API's ${replay.length} statement(s) replayed` : 'hand-written page and capped count';
  const runSql = async () => {
    if (replay.length === 0) return (await timeSql(c.sql.text, c.sql.params)) + (await timeSql(c.sql.countText, c.sql.countParams));
    let ms = 0;
    for (const s of replay) ms += await timeSql(s.text, s.values);
    return ms;
  };
  for (let i = 0; i < WARMUP; i += 1) await runSql();
  const apiTimes: number[] = [];
  const sqlTimes: number[] = [];
  const apiOk = harness !== null && apiProblem === null && apiError === undefined;
  const caseStart = performance.now();
  for (let i = 0; i < N; i += 1) {
    // A slow case stops after --case-seconds (at least 20 calls): the run stays short on a busy machine.
    if (i >= 20 && performance.now() - caseStart > CASE_SECONDS * 1000) break;
    // Interleaved, API first on even calls and SQL first on odd ones, so other work weighs on both alike.
    if (i % 2 === 0 && apiOk) apiTimes.push((await apiCall(c, body)).ms);
    sqlTimes.push(await runSql());
    if (i % 2 === 1 && apiOk) apiTimes.push((await apiCall(c, body)).ms);
  }
  if (apiOk) api = stats(apiTimes);
  if (replay.length === 0 && listed === 0) listed = Math.min(PAGE_SIZE, (await pool.query(c.sql.text, c.sql.params)).rowCount ?? 0);
  const result: Result = { case: c, api, sql: stats(sqlTimes), sqlKind, statements: replay.length, replay, listed, n: sqlTimes.length };
  if (apiError !== undefined) result.apiError = apiError;
  results.push(result);
  console.log(
    `  ${c.name}: API ${api ? `p50 ${fmt(api.p50, 1)} p99 ${fmt(api.p99, 1)} ms` : apiError ? `— (${apiError})` : '—'}; SQL p50 ${fmt(result.sql.p50, 1)} p99 ${fmt(result.sql.p99, 1)} ms (${sqlKind})`,
  );
}
pg.Client.prototype.query = originalQuery;

const explains: string[] = [];
if (values.explain) {
  for (const r of results) {
    const statements =
      r.replay.length > 0
        ? r.replay
        : [
            { text: r.case.sql.text, values: r.case.sql.params },
            { text: r.case.sql.countText, values: r.case.sql.countParams },
          ];
    for (const st of statements) {
      const plan = await q<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${st.text}`, st.values);
      explains.push(`-- ${r.case.name}\n${st.text}\n${plan.map((p) => p['QUERY PLAN']).join('\n')}`);
    }
  }
}
const loadEnd = os.loadavg();
const [{ version } = { version: '?' }] = await q<{ version: string }>('select version()');
if (harness) await harness.close();
await pool.end();

// ---- 4. the figures -----------------------------------------------------------------------------

const TARGET = 50;
const cpu = os.cpus()[0]?.model ?? '?';
console.log(`\nAndes accounting-request list benchmark — ${started.toISOString()} to ${new Date().toISOString()}`);
console.log(
  `machine: ${os.type()} ${os.release()} ${os.arch()}, ${os.cpus().length} × ${cpu}, ${fmt(os.totalmem() / 2 ** 30, 1)} GiB RAM; load average ${loadStart.map((l) => l.toFixed(2)).join(' ')} at start, ${loadEnd.map((l) => l.toFixed(2)).join(' ')} at end`,
);
console.log(`Node ${process.version}; ${version.split(' on ')[0]}`);
console.log(`accounting_requests: ${fmt(Number(tableRows))} rows, ${size} with indexes`);
console.log(
  `method: ${N} timed calls per case after ${WARMUP} warm-up calls, sequential, API and SQL interleaved; page size ${PAGE_SIZE}; API = POST over HTTP keep-alive (send to last byte); SQL = ${apiProblem === null ? 'the statements the API call ran on accounting_requests (page and capped count), replayed one after the other through the same pg driver, times summed (the API runs the two at once on two connections)' : 'a hand-written keyset query of the page and its capped count (limit 10,001) through the pg driver, times summed'}`,
);
if (apiProblem !== null) console.log(`API not timed: ${apiProblem}`);
const w = Math.max(...results.map((r) => r.case.name.length), 4);
console.log(
  `\n${'case'.padEnd(w)}  ${'rows'.padStart(7)}  ${'list'.padStart(4)}  ${'n'.padStart(4)}  ${'API p50'.padStart(7)}  ${'API p99'.padStart(7)}  ${'SQL p50'.padStart(7)}  ${'SQL p99'.padStart(7)}  ${'API/SQL p99'.padStart(11)}  target p99 < ${TARGET} ms`,
);
for (const r of results) {
  const a = r.api;
  const worst = a ? a.p99 : r.sql.p99;
  console.log(
    `${r.case.name.padEnd(w)}  ${fmt(r.case.rows).padStart(7)}  ${String(r.listed).padStart(4)}  ${String(r.n).padStart(4)}  ${(a ? fmt(a.p50, 1) : '—').padStart(7)}  ${(a ? fmt(a.p99, 1) : '—').padStart(7)}  ${fmt(r.sql.p50, 1).padStart(7)}  ${fmt(r.sql.p99, 1).padStart(7)}  ${(a ? fmt(a.p99 / r.sql.p99, 2) : '—').padStart(11)}  ${worst < TARGET ? 'met' : 'NOT MET'}${a ? '' : ' (SQL only)'}`,
  );
}
console.log('(times in ms; rows: requests matching the filter in its range; list: rows on the page; n: timed calls of each path)');
const firsts = new Map(
  results
    .filter((r) => r.case.merchantId === merchantId && r.case.name.includes(`first page, ${DAYS} days`))
    .map((r) => [r.case.call.kind, r]),
);
for (const r of results.filter((x) => x.case.deep)) {
  const f = firsts.get(r.case.call.kind);
  if (!f) continue;
  const ratio = (x: Timed | null, y: Timed | null) => (x && y ? fmt(x.p99 / y.p99, 2) : '—');
  console.log(`deep / first page (p99), ${r.case.call.label}: API ${ratio(r.api, f.api)}, SQL ${ratio(r.sql, f.sql)}`);
}
for (const e of explains) console.log(`\n${e}`);
