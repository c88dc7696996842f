/**
 * Fills a PostgreSQL database with N transactions for the list and search benchmarks:
 *
 *   npm run generate -w @andes/bench -- --url postgres://postgres@127.0.0.1:5432/andes_bench --rows 10000000
 *
 * The database is migrated with the app's migrations first. Rows are spread over bench merchants
 * (a few large, many small; some with sub-merchants), their countries, products, statuses and the
 * last year's days with the simulator catalogue's distributions (amounts, success rates, fees and
 * VAT, refunds, chargebacks, cards as BIN and last 4), streamed with COPY (pg-copy-streams). The
 * secondary indexes are dropped for the load and built again after it; daily_transaction_stats is
 * built with INSERT … SELECT … GROUP BY; then VACUUM (ANALYZE). No ledger postings: this is list and search
 * data, not a ledger. Prints rows per second and the time of each phase.
 */
import { parseArgs } from 'node:util';
import { ACCOUNT_TYPES } from '@andes/contract/account/enums';
import { COUNTRIES, COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import type { TransactionStatus } from '@andes/contract/common/enums';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { localAccountNo } from '../apps/api/src/modules/ledger/account-numbers.ts';
import { REVENUE_STATS_FROM_TRANSACTIONS_SQL, stageOfStatus } from '../apps/api/src/modules/ledger/funnel.ts';
import { CATALOGUE, drawAmount, feeOf, type PayinProduct, payoutFeeOf } from '../apps/api/src/simulator/catalogue.ts';
import { timelineSampler } from '../apps/api/src/simulator/history-plan.ts';
import { availableAtOf } from '../apps/api/src/simulator/lifecycle.ts';
import { localDate } from '../apps/api/src/simulator/local-time.ts';
import { cardOf, payerOf } from '../apps/api/src/simulator/parties.ts';
import { hashTag, Rng } from '../apps/api/src/simulator/prng.ts';
import { copyWithIndexesRebuilt } from './bulk-copy.ts';

const HELP = `Usage: npm run generate -w @andes/bench -- --url postgres://… [options]

  --url URL          PostgreSQL database to fill (migrated first); required
  --rows N           transactions to create (default 1000000)
  --merchants N      bench merchants (default 40; about one in five has sub-merchants)
  --days N           days of history ending now (default 365)
  --seed TEXT        seed of the data (default bench)
  -h, --help         this text`;

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    rows: { type: 'string' },
    merchants: { type: 'string' },
    days: { type: 'string' },
    seed: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});
if (values.help) {
  console.log(HELP);
  process.exit(0);
}
const url = values.url ?? process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error(`--url is required\n\n${HELP}`);
  process.exit(2);
}
const ROWS = Number(values.rows ?? 1_000_000);
const MERCHANTS = Number(values.merchants ?? 40);
const DAYS = Number(values.days ?? 365);
const SEED = values.seed ?? 'bench';
if (
  !Number.isSafeInteger(ROWS) ||
  ROWS < 1 ||
  !Number.isSafeInteger(MERCHANTS) ||
  MERCHANTS < 1 ||
  !Number.isSafeInteger(DAYS) ||
  DAYS < 1
) {
  console.error(`--rows, --merchants and --days are whole numbers above 0\n\n${HELP}`);
  process.exit(2);
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const started = performance.now();
let phaseStarted = started;
function phase(name: string, extra = ''): void {
  const now = performance.now();
  console.log(`${name.padEnd(34)} ${seconds(now - phaseStarted).padStart(9)}${extra ? `  ${extra}` : ''}`);
  phaseStarted = now;
}

// ---- 1. migrate, merchants, accounts ---------------------------------------------------------------

const database = await openDatabase({ kind: 'postgres', url });
await database.migrate();
await database.close();
phase('migrations');

const pool = new pg.Pool({ connectionString: url, max: 2 });
const client = await pool.connect();
const q = async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[];

interface Holder {
  merchantId: number;
  holderId: number;
  code: string;
  sub: boolean;
  countries: Country[];
  weight: number;
}

const rng = new Rng(SEED);
const holders: Holder[] = [];
const merchantRows: { code: string; name: string; parent: string | null; countries: Country[]; weight: number }[] = [];
for (let i = 1; i <= MERCHANTS; i += 1) {
  const code = `BENCH-${String(i).padStart(4, '0')}`;
  // A few large merchants, many small ones (Zipf-like shares), in one to seven countries.
  const n = Math.min(COUNTRIES.length, 1 + Math.floor(rng.next() * rng.next() * COUNTRIES.length));
  const countries = [...COUNTRIES].sort(() => rng.next() - 0.5).slice(0, i === 1 ? COUNTRIES.length : n) as Country[];
  merchantRows.push({ code, name: `Bench Merchant ${i}`, parent: null, countries, weight: 1 / i });
  if (rng.chance(0.2) || i === 1) {
    for (let s = 1; s <= rng.int(1, 3); s += 1) {
      const subCountries = countries.filter(() => rng.chance(0.6));
      merchantRows.push({
        code: `${code}-S${s}`,
        name: `Bench Merchant ${i} Sub ${s}`,
        parent: code,
        countries: subCountries.length > 0 ? subCountries : countries.slice(0, 1),
        weight: 0.3 / i,
      });
    }
  }
}

await q('begin');
for (const m of merchantRows) {
  const [row] = await q<{ id: number }>(
    `insert into merchants (code, name, parent_id) values ($1, $2, (select id from merchants where code = $3))
     on conflict (code) do update set name = excluded.name returning id`,
    [m.code, m.name, m.parent],
  );
  const id = Number(row?.id);
  await q(`insert into merchant_areas (merchant_id, country) select $1, unnest($2::text[]) on conflict do nothing`, [id, m.countries]);
  const [parent] = m.parent ? await q<{ id: number }>('select id from merchants where code = $1', [m.parent]) : [{ id }];
  holders.push({
    merchantId: Number(parent?.id),
    holderId: id,
    code: m.code,
    sub: m.parent !== null,
    countries: m.countries,
    weight: m.weight,
  });
}
const accountKeys = holders.flatMap((h) => h.countries.flatMap((c) => ACCOUNT_TYPES.map((t) => ({ h, c, t }))));
await q(
  `insert into accounts (kind, holder_id, merchant_id, country, currency, account_type, account_no)
   select 'MERCHANT', * from unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[], $6::text[]) on conflict do nothing`,
  [
    accountKeys.map((k) => k.h.holderId),
    accountKeys.map((k) => k.h.merchantId),
    accountKeys.map((k) => k.c),
    accountKeys.map((k) => COUNTRY_INFO[k.c].currency),
    accountKeys.map((k) => k.t),
    accountKeys.map((k) => localAccountNo(k.h.code, k.c, k.t)),
  ],
);
await q('commit');
const accountRows = await q<{ id: number; holder_id: number; country: string; account_type: string }>(
  `select id, holder_id, country, account_type from accounts where kind = 'MERCHANT' and holder_id = any($1::int[])`,
  [holders.map((h) => h.holderId)],
);
const accountOf = new Map(accountRows.map((a) => [`${a.holder_id}|${a.country}|${a.account_type}`, Number(a.id)]));
phase('merchants and accounts', `${merchantRows.length} merchants and sub-merchants, ${accountRows.length} accounts`);

// ---- 2. the rows ------------------------------------------------------------------------------

const now = Date.now();
interface Stream {
  holder: Holder;
  country: Country;
  weight: number;
  sample: (r: Rng) => number;
}
const streams: Stream[] = holders.flatMap((h) =>
  h.countries.map((country) => ({
    holder: h,
    country,
    weight: h.weight * CATALOGUE[country].weight,
    sample: timelineSampler(country, now, DAYS),
  })),
);
const runTag = hashTag(`${SEED}/${now}`, 4);

const COLUMNS = [
  'id',
  'unique_id',
  'merchant_id',
  'sub_merchant_id',
  'account_id',
  'transaction_type',
  'product',
  'product_type',
  'country',
  'currency',
  'amount',
  'fee',
  'vat',
  'status',
  'status_reason',
  'refund_status',
  'refunded_amount',
  'refund_time',
  'charged_back_amount',
  'related_transaction_id',
  'merchant_reference',
  'account_name',
  'payer',
  'beneficiary',
  'card',
  'card_bin',
  'card_last4',
  'e2e_id',
  'payment_link_id',
  'store_platform',
  'store_shop_domain',
  'store_order_id',
  'store_order_name',
  'created_at',
  'created_date',
  'settled_at',
  'available_at',
  'status_at',
  'updated_at',
  'funnel_stage',
  'authorised_at',
];
const STATUS_AT = COLUMNS.indexOf('status');
const SETTLED_AT = COLUMNS.indexOf('settled_at');
const STATUS_TIME_AT = COLUMNS.indexOf('status_at');

/** Revenue assurance's funnel columns of a row (ledger/funnel.ts rules): the stage its status implies; settled ones authorised when they settled. */
function withFunnel(row: Value[]): Value[] {
  const stage = stageOfStatus(row[STATUS_AT] as TransactionStatus);
  return [...row, stage, stage === 3 ? (row[SETTLED_AT] ?? row[STATUS_TIME_AT] ?? null) : null];
}

type Value = string | number | null | object;
function field(v: Value): string {
  if (v === null) return '\\N';
  const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
  return /[\\\t\n\r]/.test(text) ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : text;
}
const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());

const [firstRow] = await q<{ id: string }>(`select nextval(pg_get_serial_sequence('transactions', 'id'))::text as id`);
let nextId = Number(firstRow?.id ?? 1);
let written = 0;
let created = 0;

function streamCum(): number[] {
  let sum = 0;
  return streams.map((s) => (sum += s.weight));
}
const cum = streamCum();
function pickStream(r: Rng): Stream {
  const x = r.next() * (cum[cum.length - 1] ?? 1);
  let lo = 0;
  let hi = cum.length - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if ((cum[mid] ?? 0) > x) hi = mid;
    else lo = mid + 1;
  }
  return streams[lo] as Stream;
}

/** One created transaction, and its refund or chargeback row when it has one. */
function* rowsOf(index: number): Generator<Value[]> {
  const r = new Rng(`${SEED}#${index}`);
  const stream = pickStream(r);
  const { holder, country } = stream;
  const c = CATALOGUE[country];
  const tz = COUNTRY_INFO[country].timezoneName;
  const at = stream.sample(r);
  const kindRoll = r.next();
  const kind = holder.sub || kindRoll < 0.8 ? 'payin' : kindRoll < 0.93 || c.marketplace.length === 0 ? 'payout' : 'marketplace';
  const id = nextId++;
  const uniqueId = `B${runTag}${country}${index.toString(36).toUpperCase().padStart(8, '0')}`;
  const subId = holder.sub ? holder.holderId : null;
  const accountType = kind === 'payin' ? 'PAY_IN' : kind === 'payout' ? 'PAY_OUT' : 'MARKET_PLACE';
  const accountId = accountOf.get(`${holder.holderId}|${country}|${accountType}`) ?? null;
  const createdDate = localDate(tz, at);
  created += 1;
  if (kind === 'payin') {
    const p: PayinProduct = r.weighted(c.payins);
    const amount = drawAmount(r, p.amount);
    const payer = payerOf(r, country);
    const card = p.payer === 'card' ? cardOf(r, country, payer.name, at) : null;
    const recent = now - at < 2 * 3_600_000;
    const ok = r.chance(p.successRate);
    const failure = ok ? null : r.weighted(p.failures);
    const status = recent && r.chance(0.5) ? 'IN_PROGRESS' : ok ? 'SETTLED' : (failure?.status ?? 'FAILED');
    const settledAt = status === 'SETTLED' ? at + r.int(5_000, 600_000) : null;
    const { fee, vat } = status === 'SETTLED' ? feeOf(amount, p.fee, c.vatBps) : { fee: 0, vat: 0 };
    const refund =
      status === 'SETTLED' && r.chance(p.refundRate)
        ? r.chance(0.7)
          ? amount
          : Math.max(p.amount.unit, Math.floor(amount / 2 / p.amount.unit) * p.amount.unit)
        : 0;
    const chargeback = status === 'SETTLED' && refund === 0 && r.chance(p.chargebackRate) ? amount : 0;
    const laterAt = settledAt === null ? null : Math.min(now, settledAt + r.int(1, 30) * 86_400_000);
    const finalStatus = chargeback > 0 ? 'CHARGED_BACK' : refund === amount ? 'REFUNDED' : status;
    const store = r.chance(p.storeShare);
    const link = !store && r.chance(p.linkShare);
    yield [
      id,
      uniqueId,
      holder.merchantId,
      subId,
      accountId,
      'PAY_IN',
      'payin',
      p.productType,
      country,
      c.currency,
      amount,
      fee,
      vat,
      finalStatus,
      failure ? r.pick(failure.reasons) : null,
      refund === 0 ? 'NONE' : refund === amount ? 'FULL' : 'PARTIAL',
      refund,
      refund > 0 ? iso(laterAt) : null,
      chargeback,
      null,
      `ORD-${createdDate.slice(2).replace(/-/g, '')}-${r.chars(6)}`,
      payer.name,
      payer,
      null,
      card,
      card?.bin ?? null,
      card?.last4 ?? null,
      settledAt === null ? null : `${country}${r.chars(20)}`,
      link ? `PL${hashTag(`${holder.code}/${country}/${r.int(0, 39)}`, 10)}` : null,
      store ? (r.chance(0.7) ? 'SHOPIFY' : 'SHOPLAZZA') : null,
      store ? `${holder.code.toLowerCase()}.myshopify.com` : null,
      store ? r.chars(13) : null,
      store ? `#${r.int(1001, 99_999)}` : null,
      iso(at),
      createdDate,
      iso(settledAt),
      settledAt === null ? null : iso(availableAtOf(country, settledAt, p.settlementDays)),
      iso(settledAt ?? at),
      iso(laterAt ?? settledAt ?? at),
    ];
    if (refund > 0 || chargeback > 0) {
      const relAt = laterAt ?? at;
      const type = refund > 0 ? 'REFUND' : 'CHARGE_BACK';
      yield [
        nextId++,
        `${uniqueId}${refund > 0 ? 'R1' : 'CB'}`,
        holder.merchantId,
        subId,
        accountId,
        type,
        'payin',
        p.productType,
        country,
        c.currency,
        refund > 0 ? refund : chargeback,
        refund > 0 ? 0 : c.chargebackFee,
        0,
        refund > 0 ? 'REFUNDED' : 'CHARGED_BACK',
        null,
        'NONE',
        0,
        null,
        0,
        id,
        `ORD-${createdDate.slice(2).replace(/-/g, '')}`,
        payer.name,
        payer,
        null,
        card,
        card?.bin ?? null,
        card?.last4 ?? null,
        null,
        null,
        null,
        null,
        null,
        null,
        iso(relAt),
        localDate(tz, relAt),
        iso(relAt),
        null,
        iso(relAt),
        iso(relAt),
      ];
    }
    return;
  }
  const product = kind === 'payout' ? r.weighted(c.payouts) : r.weighted(c.marketplace);
  const amount = drawAmount(r, product.amount);
  const ok = r.chance(product.successRate);
  const status = now - at < 600_000 ? 'IN_PROGRESS' : ok ? 'SETTLED' : r.chance(0.75) ? 'FAILED' : 'REJECTED';
  const { fee, vat } = status === 'SETTLED' ? payoutFeeOf(amount, product.fee, c.vatBps) : { fee: 0, vat: 0 };
  const doneAt = status === 'IN_PROGRESS' ? null : at + r.int(10_000, 3_600_000);
  const beneficiary = payerOf(r, country);
  yield [
    id,
    uniqueId,
    holder.merchantId,
    subId,
    accountId,
    kind === 'payout' ? 'PAY_OUT' : 'MARKET_PLACE_ORDERS',
    kind,
    product.productType,
    country,
    c.currency,
    amount,
    fee,
    vat,
    status,
    status === 'FAILED' ? 'Invalid beneficiary account' : status === 'REJECTED' ? 'Beneficiary document does not match the account' : null,
    'NONE',
    0,
    null,
    0,
    null,
    `${kind === 'payout' ? 'PO' : 'MKT'}-${createdDate.slice(2).replace(/-/g, '')}-${r.chars(6)}`,
    beneficiary.name,
    null,
    beneficiary,
    null,
    null,
    null,
    status === 'SETTLED' ? `${country}${r.chars(20)}` : null,
    null,
    null,
    null,
    null,
    null,
    iso(at),
    createdDate,
    status === 'SETTLED' ? iso(doneAt) : null,
    null,
    iso(doneAt ?? at),
    iso(doneAt ?? at),
  ];
}

/** COPY text, 5,000 rows a chunk. */
async function* copyText(): AsyncGenerator<string> {
  let lines: string[] = [];
  let lastReport = performance.now();
  for (let i = 0; i < ROWS; i += 1) {
    for (const row of rowsOf(i)) {
      lines.push(withFunnel(row).map(field).join('\t'));
      written += 1;
    }
    if (lines.length >= 5_000) {
      yield `${lines.join('\n')}\n`;
      lines = [];
      if (performance.now() - lastReport > 10_000) {
        lastReport = performance.now();
        const s = (lastReport - phaseStarted) / 1000;
        console.log(`  … ${created.toLocaleString('en-US')} transactions (${Math.round(created / s).toLocaleString('en-US')}/s)`);
      }
    }
  }
  if (lines.length > 0) yield `${lines.join('\n')}\n`;
}

await q('begin');
// The rows reference merchants and accounts made above (bulk-copy.ts: FK triggers off where the role may).
phaseStarted = performance.now();
const load = await copyWithIndexesRebuilt(client, 'transactions', COLUMNS, copyText);
const copyMs = load.copyMs;
phase(
  load.triggersOff ? 'COPY transactions (FK triggers off) and indexes rebuilt' : 'COPY transactions and indexes rebuilt',
  `${written.toLocaleString('en-US')} rows (${created.toLocaleString('en-US')} created + refunds/chargebacks), ${Math.round(written / (copyMs / 1000)).toLocaleString('en-US')} rows/s during COPY; ${load.indexCount} secondary indexes`,
);
await q(`select setval(pg_get_serial_sequence('transactions', 'id'), $1)`, [nextId - 1]);
const benchIds = [...new Set(holders.map((h) => h.merchantId))];
await q('delete from daily_transaction_stats where merchant_id = any($1::int[])', [benchIds]);
await q(
  `insert into daily_transaction_stats (merchant_id, holder_id, country, stat_date, transaction_type, product_type, status, count, amount, fee, vat)
   select merchant_id, coalesce(sub_merchant_id, merchant_id), country, created_date, transaction_type, product_type, status,
          count(*), sum(amount), sum(fee), sum(vat)
     from transactions where merchant_id = any($1::int[])
    group by merchant_id, coalesce(sub_merchant_id, merchant_id), country, created_date, transaction_type, product_type, status`,
  [benchIds],
);
await q('delete from revenue_daily_stats where merchant_id = any($1::int[])', [benchIds]);
await q(
  REVENUE_STATS_FROM_TRANSACTIONS_SQL.replace('where transaction_type in', 'where merchant_id = any($1::int[]) and transaction_type in'),
  [benchIds],
);
await q('commit');
phase('daily_transaction_stats and revenue_daily_stats');
// VACUUM as well as ANALYZE: autovacuum visits an insert-only table after a load like this one
// (autovacuum_vacuum_insert_threshold) and sets its visibility map, which the index-only scans of
// the capped counts rely on; the benchmarks measure that steady state, not the minutes before it.
await q('vacuum (analyze) transactions');
await q('vacuum (analyze) daily_transaction_stats');
await q('vacuum (analyze) revenue_daily_stats');
await q('vacuum (analyze) monthly_transaction_counts');
phase('VACUUM (ANALYZE)');
client.release();
await pool.end();
const total = performance.now() - started;
console.log(
  `\n${written.toLocaleString('en-US')} rows in ${seconds(total)} (${Math.round(written / (total / 1000)).toLocaleString('en-US')} rows/s overall, ` +
    `${Math.round(written / (copyMs / 1000)).toLocaleString('en-US')} rows/s during COPY)`,
);
