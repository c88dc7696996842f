/**
 * Writes the ledger of the bench transactions (after generate-transactions.ts):
 *
 *   npx tsx bench/generate-ledger.ts --url postgres://postgres@127.0.0.1:5432/andes_bench
 *
 * Every bench account's money events, in time order, through the ledger's own posting rules
 * (apps/api/src/modules/ledger/posting-rules.ts) over balances kept in memory, with their refusals:
 * a settled pay-in is PAYIN_SETTLED (pending) and, once its available date is past, RELEASE; a
 * refund is REFUND when the available balance covers it (else not applied, as the ingestion API
 * refuses it); a chargeback is CHARGEBACK; a settled payout or marketplace order reserves its
 * amount, fee and VAT and settles. A payout the available balance cannot cover is funded first the
 * way merchants fund payouts: a GLOBAL_TOPUP of the merchant's global account and a
 * GLOBAL_TRANSFER_OUT to the local account. Failed payouts move no money and are left out.
 *
 * Entries and postings are streamed with COPY, whole entries per statement, so migration 0015's
 * trigger writes the statement lines and daily balances as it does for every writer; the bucket
 * columns, pending releases and global movements follow. `--check` runs ledger-check after it.
 * Prints the time of each phase and rows per second.
 */
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { parseArgs } from 'node:util';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { localDateOf } from '@andes/contract/common/dates';
import pg from 'pg';
import { from as copyFrom, to as copyTo } from 'pg-copy-streams';
import { openDatabase } from '../apps/api/src/db/client.ts';
import type { EntryKind } from '../apps/api/src/db/schema/ledger.ts';
import { globalAccountNo } from '../apps/api/src/modules/ledger/account-numbers.ts';
import { checkLedger } from '../apps/api/src/modules/ledger/ledger-check.ts';
import {
  type AccountState,
  applyLines,
  type BucketBalances,
  chargedBack,
  EMPTY_BUCKETS,
  type EntryDraft,
  globalToppedUp,
  globalTransferredOut,
  payinSettled,
  payoutReserved,
  payoutSettled,
  RuleRefusal,
  refunded,
  released,
  type SystemAccounts,
} from '../apps/api/src/modules/ledger/posting-rules.ts';

const HELP = `Usage: npx tsx bench/generate-ledger.ts --url postgres://… [--check]

  --url URL    the database generate-transactions.ts filled (BENCH-… merchants, no ledger yet)
  --check      run ledger-check over the whole database afterwards (slow at 10,000,000 rows)
  -h, --help   this text`;

const { values } = parseArgs({
  options: { url: { type: 'string' }, check: { type: 'boolean' }, help: { type: 'boolean', short: 'h' } },
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

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
const started = performance.now();
let phaseStarted = started;
function phase(name: string, extra = ''): void {
  const now = performance.now();
  console.log(`${name.padEnd(34)} ${seconds(now - phaseStarted).padStart(9)}${extra ? `  ${extra}` : ''}`);
  phaseStarted = now;
}

/** Local currency per USD of the funding transfers (whole-cent results; the bench needs a rate, not the day's). */
const USD_RATE: Readonly<Record<string, number>> = { USD: 1, BRL: 5, MXN: 18, COP: 4_000, CLP: 900, PEN: 4, ZAR: 18 };

const pool = new pg.Pool({ connectionString: url, max: 2 });
const client = await pool.connect();
const q = async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[];

const [{ n: already } = { n: 0 }] = await q<{ n: number }>(
  `select count(*)::int as n from ledger_entries e join transactions t on t.id = e.transaction_id
    join merchants m on m.id = t.merchant_id where m.code like 'BENCH-%' limit 1`,
);
if (already > 0) {
  console.error('The bench transactions already have a ledger: generate a fresh database (dropdb, createdb, generate) first.');
  process.exit(2);
}

// ---- accounts --------------------------------------------------------------------------------------

interface Account extends AccountState {
  merchantId: number;
  country: Country | null;
}
const merchants = await q<{ id: number; code: string }>(`select id, code from merchants where code like 'BENCH-%' and parent_id is null`);
await q(
  `insert into accounts (kind, holder_id, merchant_id, currency, account_no)
   select 'GLOBAL', id, id, 'USD', no from unnest($1::int[], $2::text[]) as u(id, no) on conflict do nothing`,
  [merchants.map((m) => m.id), merchants.map((m) => globalAccountNo(m.code))],
);
const accountRows = await q<{ id: number; kind: string; merchant_id: number; country: Country | null; currency: string }>(
  `select a.id, a.kind, a.merchant_id, a.country, a.currency from accounts a join merchants m on m.id = a.holder_id
    where m.code like 'BENCH-%'`,
);
const accounts = new Map<number, Account>(
  accountRows.map((a) => [
    Number(a.id),
    { id: Number(a.id), currency: a.currency, balances: { ...EMPTY_BUCKETS }, merchantId: Number(a.merchant_id), country: a.country },
  ]),
);
const globalOf = new Map(accountRows.filter((a) => a.kind === 'GLOBAL').map((a) => [Number(a.merchant_id), Number(a.id)]));
const systemRows = await q<{ id: number; code: string; currency: string }>(
  `select id, system_code as code, currency from accounts where kind = 'SYSTEM'`,
);
const systemOf = (currency: string): SystemAccounts => {
  const idOf = (code: string) => Number(systemRows.find((r) => r.code === code && r.currency === currency)?.id);
  return { clearing: idOf('CLEARING'), fees: idOf('FEES'), tax: idOf('TAX'), fx: idOf('FX') };
};
const systemMain = new Map<number, number>();
phase('accounts', `${accounts.size} bench accounts (global ones included)`);

// ---- ids and the writer ------------------------------------------------------------------------------

const nextIds = async (table: string) =>
  Number((await q<{ id: string }>(`select nextval(pg_get_serial_sequence('${table}', 'id'))::text as id`))[0]?.id);
let nextEntry = await nextIds('ledger_entries');
let nextPosting = await nextIds('ledger_postings');
let nextMovement = await nextIds('global_movements');

await q('begin');
await q('set local session_replication_role = replica').catch(() => undefined);

const field = (v: string | number | null) => (v === null ? '\\N' : String(v));
let entryLines: string[] = [];
let postingLines: string[] = [];
const releaseLines: string[] = [];
const movementLines: string[] = [];
let entries = 0;
let postings = 0;
let copyMs = 0;

async function copy(table: string, columns: string, lines: string[]): Promise<void> {
  if (lines.length === 0) return;
  const t0 = performance.now();
  const stream = client.query(copyFrom(`copy ${table} (${columns}) from stdin`));
  // In pieces: millions of lines are more than one string can hold.
  function* pieces() {
    for (let i = 0; i < lines.length; i += 10_000) yield `${lines.slice(i, i + 10_000).join('\n')}\n`;
  }
  await pipeline(Readable.from(pieces()), stream);
  copyMs += performance.now() - t0;
}

/** Writes what is buffered: entries first (postings reference them), then their postings, whole entries (the trigger's unit). */
async function flush(): Promise<void> {
  await copy('ledger_entries', 'id, kind, transaction_id, event_id, effective_at, created_at', entryLines);
  await copy('ledger_postings', 'id, entry_id, account_id, bucket, currency, amount, balance_after, effective_at', postingLines);
  entryLines = [];
  postingLines = [];
}

const bucketBalance = new Map<string, number>();
/** The accounts' balances as the rules see them (the same objects: applyLines updates them in place). */
const balancesById = new Map<number, BucketBalances>([...accounts].map(([id, a]) => [id, a.balances]));
function post(kind: EntryKind, draft: EntryDraft, at: number, transactionId: number | null): void {
  const entryId = nextEntry++;
  const when = new Date(at).toISOString();
  entryLines.push([entryId, kind, transactionId, null, when, when].map(field).join('\t'));
  applyLines(balancesById, draft.lines);
  for (const l of draft.lines) {
    const key = `${l.accountId}:${l.bucket}`;
    const after = (bucketBalance.get(key) ?? 0) + l.amount;
    bucketBalance.set(key, after);
    if (l.bucket === 'MAIN') systemMain.set(l.accountId, (systemMain.get(l.accountId) ?? 0) + l.amount);
    postingLines.push([nextPosting++, entryId, l.accountId, l.bucket, l.currency, l.amount, after, when].map(field).join('\t'));
    postings += 1;
  }
  entries += 1;
}

// ---- the events --------------------------------------------------------------------------------------

interface Event {
  at: number;
  order: number;
  apply: () => void;
}

/** Postings buffered before they are written (between two events: whole entries). */
const FLUSH_POSTINGS = 200_000;

/** A local account's events, in time order, through the rules. */
async function run(events: Event[]): Promise<void> {
  events.sort((a, b) => a.at - b.at || a.order - b.order);
  for (const e of events) {
    e.apply();
    if (postingLines.length >= FLUSH_POSTINGS) await flush();
  }
}

let refused = 0;
let funded = 0;
const now = Date.now();
const byAccount = new Map<number, Event[]>();
const eventsOf = (accountId: number) => {
  let list = byAccount.get(accountId);
  if (!list) {
    list = [];
    byAccount.set(accountId, list);
  }
  return list;
};

/** Funds a local account from the merchant's global account so that AVAILABLE covers `need`. */
function fund(account: Account, need: number, at: number): void {
  const gap = need - account.balances.AVAILABLE;
  if (gap <= 0) return;
  const globalId = globalOf.get(account.merchantId);
  const global = globalId === undefined ? undefined : accounts.get(globalId);
  if (!global) throw new Error(`no global account of merchant ${account.merchantId}`);
  const rate = USD_RATE[account.currency] ?? 1;
  // A month of payouts at a time: ten times the gap, in whole US dollars.
  const usd = Math.ceil((gap * 10) / rate / 100) * 100;
  const target = usd * rate;
  const start = global.balances.AVAILABLE;
  post('GLOBAL_TOPUP', globalToppedUp(global, systemOf('USD'), usd), at, null);
  post('GLOBAL_TRANSFER_OUT', globalTransferredOut(global, account, systemOf('USD'), systemOf(account.currency), usd, target), at, null);
  const reference = `BENCH-FUND-${nextMovement}`;
  const when = new Date(at).toISOString();
  movementLines.push(
    [nextMovement++, account.merchantId, global.id, 'TOPUP', `${reference}-IN`, usd, null, null, null, null, start, start + usd, null, when]
      .map(field)
      .join('\t'),
  );
  movementLines.push(
    [
      nextMovement++,
      account.merchantId,
      global.id,
      'TRANSFER_OUT',
      `${reference}-OUT`,
      -usd,
      account.id,
      target,
      account.currency,
      String(rate),
      start + usd,
      start,
      null,
      when,
    ]
      .map(field)
      .join('\t'),
  );
  funded += 1;
}

function applyDraft(kind: EntryKind, make: () => EntryDraft, at: number, transactionId: number): boolean {
  try {
    post(kind, make(), at, transactionId);
    return true;
  } catch (err) {
    if (err instanceof RuleRefusal) {
      refused += 1;
      return false;
    }
    throw err;
  }
}

const readStarted = performance.now();
let read = 0;
const source = client.query(
  copyTo(`copy (
    select t.id, t.account_id, t.transaction_type, t.amount, t.fee, t.vat, t.status, t.country, t.merchant_id,
           extract(epoch from t.created_at) * 1000, extract(epoch from t.settled_at) * 1000, extract(epoch from t.available_at) * 1000
      from transactions t join merchants m on m.id = t.merchant_id
     where m.code like 'BENCH-%'
       and (t.settled_at is not null or t.transaction_type in ('REFUND', 'CHARGE_BACK'))
  ) to stdout`),
);
let rest = '';
for await (const chunk of source as AsyncIterable<Buffer>) {
  const text = rest + chunk.toString('utf8');
  const lines = text.split('\n');
  rest = lines.pop() ?? '';
  for (const line of lines) {
    const [id, accountId, type, amount, fee, vat, , country, , createdAt, settledAt, availableAt] = line.split('\t');
    const txId = Number(id);
    const account = accounts.get(Number(accountId));
    if (!account) continue;
    const a = Number(amount);
    const f = Number(fee);
    const v = Number(vat);
    const events = eventsOf(account.id);
    read += 1;
    const order = read;
    if (type === 'PAY_IN') {
      const settled = Number(settledAt);
      const available = availableAt === '\\N' ? null : Number(availableAt);
      const sys = systemOf(account.currency);
      events.push({
        at: settled,
        order,
        apply: () => void applyDraft('PAYIN_SETTLED', () => payinSettled(account, sys, a, f, v, 0), settled, txId),
      });
      const net = a - f - v;
      const due = available !== null && available <= now;
      if (available !== null && net > 0) {
        const availableDate = localDateOf(COUNTRY_INFO[country as Country].timezoneName, available);
        releaseLines.push(
          [
            txId,
            account.id,
            account.merchantId,
            country ?? '',
            'PENDING',
            net,
            new Date(available).toISOString(),
            availableDate,
            due ? 'RELEASED' : 'SCHEDULED',
            due ? new Date(available).toISOString() : null,
          ]
            .map(field)
            .join('\t'),
        );
        if (due)
          events.push({ at: available, order, apply: () => void applyDraft('RELEASE', () => released(account, net), available, txId) });
      }
    } else if (type === 'REFUND') {
      const at = Number(createdAt);
      const sys = systemOf(account.currency);
      events.push({ at, order, apply: () => void applyDraft('REFUND', () => refunded(account, sys, a), at, txId) });
    } else if (type === 'CHARGE_BACK') {
      const at = Number(createdAt);
      const sys = systemOf(account.currency);
      events.push({ at, order, apply: () => void applyDraft('CHARGEBACK', () => chargedBack(account, sys, a, f, 0), at, txId) });
    } else {
      const at = Number(createdAt);
      const done = Number(settledAt);
      const sys = systemOf(account.currency);
      events.push({
        at,
        order,
        apply: () => {
          fund(account, a + f + v, at);
          if (applyDraft('PAYOUT_RESERVED', () => payoutReserved(account, a, f + v), at, txId)) {
            applyDraft('PAYOUT_SETTLED', () => payoutSettled(account, sys, a, f, v, a + f + v), done, txId);
          }
        },
      });
    }
  }
}
phase('read the transactions', `${read.toLocaleString('en')} money transactions in ${seconds(performance.now() - readStarted)}`);

// Account by account (a merchant's global account is shared: its fundings come in account order,
// booked at the latest booking time, as a late event is).
for (const [accountId, events] of [...byAccount].sort((x, y) => x[0] - y[0])) {
  await run(events);
  byAccount.delete(accountId);
}
await flush();
phase(
  'entries and postings',
  `${entries.toLocaleString('en')} entries, ${postings.toLocaleString('en')} postings (COPY with the statement trigger ${seconds(copyMs)}, ${Math.round(postings / (copyMs / 1000)).toLocaleString('en')} postings/s)`,
);

await copy(
  'pending_releases',
  'transaction_id, account_id, merchant_id, country, bucket, amount, available_at, available_date, state, released_at',
  releaseLines,
);
await copy(
  'global_movements',
  'id, merchant_id, account_id, business_type, reference, amount, target_account_id, target_amount, target_currency, exchange_rate, start_balance, end_balance, event_id, occurred_at',
  movementLines,
);
const merchantSide = [...accounts.values()];
await q(
  `update accounts a set available = v.available, pending = v.pending, on_hold = v.on_hold, reserved = v.reserved,
          deposit_held = v.deposit_held, owed = v.owed, updated_at = now()
     from unnest($1::int[], $2::bigint[], $3::bigint[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[])
          as v(id, available, pending, on_hold, reserved, deposit_held, owed)
    where a.id = v.id`,
  [
    merchantSide.map((a) => a.id),
    merchantSide.map((a) => a.balances.AVAILABLE),
    merchantSide.map((a) => a.balances.PENDING),
    merchantSide.map((a) => a.balances.ON_HOLD),
    merchantSide.map((a) => a.balances.RESERVED),
    merchantSide.map((a) => a.balances.DEPOSIT_HELD),
    merchantSide.map((a) => a.balances.OWED),
  ],
);
await q(`update accounts a set main = a.main + v.delta from unnest($1::int[], $2::bigint[]) as v(id, delta) where a.id = v.id`, [
  [...systemMain.keys()],
  [...systemMain.values()],
]);
for (const table of ['ledger_entries', 'ledger_postings', 'global_movements']) {
  await q(`select setval(pg_get_serial_sequence('${table}', 'id'), (select coalesce(max(id), 1) from ${table}))`);
}
await q('commit');
phase(
  'releases, movements, balances',
  `${releaseLines.length.toLocaleString('en')} releases, ${funded.toLocaleString('en')} fundings, ${refused.toLocaleString('en')} refused (refunds the available balance did not cover)`,
);

await q(
  'vacuum (analyze) ledger_entries, ledger_postings, statement_lines, account_daily_balances, pending_releases, global_movements, accounts',
);
phase('vacuum (analyze)');
const [sizes] = await q<{ lines: number; days: number }>(
  `select (select count(*) from statement_lines)::int8 as lines, (select count(*) from account_daily_balances)::int8 as days`,
);
console.log(`statement lines ${Number(sizes?.lines).toLocaleString('en')}, daily rows ${Number(sizes?.days).toLocaleString('en')}`);
client.release();
await pool.end();

if (values.check) {
  const database = await openDatabase({ kind: 'postgres', url });
  const violations = await checkLedger(database.db);
  phase('ledger-check', violations.length === 0 ? 'consistent' : `${violations.length} violations, first: ${violations[0]?.message}`);
  await database.close();
  if (violations.length > 0) process.exit(1);
}
console.log(`total ${seconds(performance.now() - started)}`);
