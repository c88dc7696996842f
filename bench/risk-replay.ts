/**
 * Retro performance replay benchmark (issue #13, docs/decisions/0028): a rule replayed over 90 days
 * of one merchant's pay-ins in one country — 1,000,000 of them — against the target of 30 s.
 *
 *   npx tsx bench/risk-replay.ts [--url postgres://…] [--rows 1000000] [--days 90] [--generate auto|always|never] [--keep]
 *
 * Without `--url` (or BENCH_DATABASE_URL, DATABASE_URL) it creates the database `andes_bench_risk`
 * on postgres://postgres@127.0.0.1:5432 and drops it at the end (unless `--keep`).
 *
 * 1. Migrations; the bench merchant BENCH-RISK (BR) and its pay-in account; then `--rows` pay-ins over
 *    `--days` days ending now, with the demo history's rhythm (timelineSampler), drawn from the
 *    simulator's catalogue and parties (products, amounts in cents, payers with documents and
 *    e-mails, cards as BIN and last 4), statuses (settled, failed, charged back), and their risk
 *    signals from the simulator's risk model (IP, device, ML score; fraudster personas reusing an
 *    identity in bursts): `transactions` and `risk_signals` streamed with COPY through bench/bulk-copy.ts
 *    (secondary indexes dropped and rebuilt), then ANALYZE. Skipped when the merchant has its
 *    pay-ins already (`--generate auto`), so a second run times the same data.
 * 2. For each rule — a velocity rule (PERSONA_VELOCITY, different cards per document in a day) and a
 *    list rule (BLOCK, 1,000 documents) — a `risk_replays` row as the replay call writes it, then
 *    `runReplay` (apps/api/src/modules/risk/replay.runner.ts), the function the replay job runs:
 *    the count, the keyset stream of risk_signals joined to the pay-ins in batches of 5,000, the
 *    engine with its replay view, the progress updates, the result. Timed with its peak RSS (sampled
 *    every 50 ms during the replay) and events per second; ratio to the 30 s target.
 */
import os from 'node:os';
import { parseArgs } from 'node:util';
import { COUNTRY_INFO } from '@andes/contract/common/countries';
import type { ReplayResult } from '@andes/contract/risk/schemas';
import { normaliseRiskValue } from '@andes/contract/risk/templates';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { signalValuesOf } from '../apps/api/src/db/seed/demo-risk.ts';
import { localAccountNo } from '../apps/api/src/modules/ledger/account-numbers.ts';
import { runReplay, streamSignals } from '../apps/api/src/modules/risk/replay.runner.ts';
import { CATALOGUE, drawAmount, feeOf } from '../apps/api/src/simulator/catalogue.ts';
import { timelineSampler } from '../apps/api/src/simulator/history-plan.ts';
import { localDate } from '../apps/api/src/simulator/local-time.ts';
import { cardOf, payerOf } from '../apps/api/src/simulator/parties.ts';
import { Rng } from '../apps/api/src/simulator/prng.ts';
import { asPersona, payinRiskOf, personasOf } from '../apps/api/src/simulator/risk.ts';
import { copyWithIndexesRebuilt } from './bulk-copy.ts';

const HELP = `usage: npx tsx bench/risk-replay.ts [options]

  --url URL        PostgreSQL database of its own (or BENCH_DATABASE_URL / DATABASE_URL); default: create andes_bench_risk
  --rows N         pay-ins to generate (default 1000000)
  --days N         days of pay-ins ending now, and the replayed period (default 90)
  --generate WHEN  auto (default: when BENCH-RISK has no pay-ins yet), always, never
  --keep           keep the database this run created
  --seed TEXT      seed of the data (default bench-risk-replay)`;

const { values: args } = parseArgs({
  options: {
    url: { type: 'string' },
    rows: { type: 'string' },
    days: { type: 'string' },
    generate: { type: 'string' },
    keep: { type: 'boolean' },
    seed: { type: 'string' },
    help: { type: 'boolean', short: 'h' },
  },
  strict: true,
});
if (args.help) {
  console.log(HELP);
  process.exit(0);
}
const ROWS = Number(args.rows ?? 1_000_000);
const DAYS = Number(args.days ?? 90);
const GENERATE = args.generate ?? 'auto';
const SEED = args.seed ?? 'bench-risk-replay';
const TARGET_S = 30;
const COUNTRY = 'BR' as const;
const MERCHANT = 'BENCH-RISK';
if (!Number.isSafeInteger(ROWS) || ROWS < 1 || !Number.isSafeInteger(DAYS) || DAYS < 1 || !['auto', 'always', 'never'].includes(GENERATE)) {
  console.error(HELP);
  process.exit(2);
}

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
const load = () =>
  os
    .loadavg()
    .map((l) => l.toFixed(2))
    .join(' ');
console.log(`Andes risk replay benchmark — ${new Date().toISOString()}`);
console.log(
  `machine: ${os.type()} ${os.release()} ${os.arch()}, ${os.cpus().length} × ${os.cpus()[0]?.model ?? '?'}; load average ${load()} at start; Node ${process.version}`,
);

// ---- the database -------------------------------------------------------------------------------------

let url = args.url ?? process.env.BENCH_DATABASE_URL ?? process.env.DATABASE_URL ?? null;
let created: { admin: string; name: string } | null = null;
if (url === null) {
  const admin = 'postgres://postgres@127.0.0.1:5432/postgres';
  const name = 'andes_bench_risk';
  const c = new pg.Client({ connectionString: admin });
  await c.connect();
  const exists = (await c.query('select 1 from pg_database where datname = $1', [name])).rowCount === 1;
  if (!exists) await c.query(`create database ${name}`);
  await c.end();
  created = { admin, name };
  url = `postgres://postgres@127.0.0.1:5432/${name}`;
  console.log(`database: ${exists ? 'reused' : 'created'} ${name} (${args.keep ? 'kept: --keep' : 'dropped at the end'})`);
}

async function dropCreated(): Promise<void> {
  if (!created || args.keep) return;
  const c = new pg.Client({ connectionString: created.admin });
  await c.connect();
  await c.query(`drop database if exists ${created.name} with (force)`);
  await c.end();
  console.log(`database: dropped ${created.name}`);
}

const database = await openDatabase({ kind: 'postgres', url });
try {
  await database.migrate();
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  const client = await pool.connect();
  const q = async <T>(text: string, params: unknown[] = []) => (await client.query(text, params)).rows as T[];
  const [version] = await q<{ v: string }>('select version() as v');
  console.log(`PostgreSQL: ${version?.v.split(',')[0]}`);

  // ---- 1. the merchant and its pay-ins ------------------------------------------------------------------

  const [merchant] = await q<{ id: number }>(
    `insert into merchants (code, name) values ($1, 'Bench Risk Merchant') on conflict (code) do update set name = excluded.name returning id`,
    [MERCHANT],
  );
  const merchantId = Number(merchant?.id);
  await q('insert into merchant_areas (merchant_id, country) values ($1, $2) on conflict do nothing', [merchantId, COUNTRY]);
  await q(
    `insert into accounts (kind, holder_id, merchant_id, country, currency, account_type, account_no)
     values ('MERCHANT', $1, $1, $2, $3, 'PAY_IN', $4) on conflict do nothing`,
    [merchantId, COUNTRY, COUNTRY_INFO[COUNTRY].currency, localAccountNo(MERCHANT, COUNTRY, 'PAY_IN')],
  );
  const [account] = await q<{ id: number }>(
    `select id from accounts where kind = 'MERCHANT' and holder_id = $1 and country = $2 and account_type = 'PAY_IN'`,
    [merchantId, COUNTRY],
  );
  const accountId = Number(account?.id);
  const [existing] = await q<{ n: string }>('select count(*)::text as n from risk_signals where merchant_id = $1', [merchantId]);
  const have = Number(existing?.n ?? 0);
  const generate = GENERATE === 'always' || (GENERATE === 'auto' && have === 0);
  const now = Date.now();

  if (generate) {
    const started = performance.now();
    const catalogue = CATALOGUE[COUNTRY];
    const tz = COUNTRY_INFO[COUNTRY].timezoneName;
    const sample = timelineSampler(COUNTRY, now, DAYS);
    const [first] = await q<{ id: string }>(`select nextval(pg_get_serial_sequence('transactions', 'id'))::text as id`);
    const firstId = Number(first?.id ?? 1);
    const tag = `${now.toString(36).toUpperCase()}`;

    interface Row {
      tx: (string | number | null | object)[];
      signal: (string | number | boolean | null)[];
    }
    const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
    /** Pay-in `i`: its transaction row and its risk_signals row, drawn from its own stream (the same on both passes). */
    function rowOf(i: number): Row {
      const r = new Rng(`${SEED}#${i}`);
      const at = sample(r);
      const p = r.weighted(catalogue.payins);
      const amount = drawAmount(r, p.amount);
      const drawn = payerOf(r, COUNTRY);
      const drawnCard = p.payer === 'card' ? cardOf(r, COUNTRY, drawn.name, at) : undefined;
      const uniqueId = `BR${tag}${i.toString(36).toUpperCase().padStart(8, '0')}`;
      const risk = payinRiskOf(uniqueId, COUNTRY, at);
      const who = asPersona(risk, drawn, drawnCard);
      const ok = r.chance(risk.persona?.successRate ?? p.successRate);
      const failure = ok ? null : r.weighted(p.failures);
      const chargedBack = ok && r.chance(risk.persona && p.payer === 'card' ? risk.persona.chargebackRate : p.chargebackRate);
      const settledAt = ok ? at + r.int(5_000, 600_000) : null;
      const statusAt = settledAt ?? at + r.int(60_000, 3_600_000);
      const chargedBackAt = chargedBack && settledAt !== null ? settledAt + r.int(15, 75) * 86_400_000 : null;
      const status = !ok ? (failure?.status ?? 'FAILED') : chargedBack ? 'CHARGED_BACK' : 'SETTLED';
      const { fee, vat } = ok ? feeOf(amount, p.fee, catalogue.vatBps) : { fee: 0, vat: 0 };
      const id = firstId + i;
      const card = who.card ?? null;
      const v = signalValuesOf(who.payer, card, risk.signals);
      return {
        tx: [
          id,
          uniqueId,
          merchantId,
          accountId,
          'PAY_IN',
          'payin',
          p.productType,
          COUNTRY,
          catalogue.currency,
          amount,
          fee,
          vat,
          status,
          failure ? r.pick(failure.reasons) : null,
          chargedBack ? amount : 0,
          `ORD-${i}`,
          who.accountName ?? null,
          who.payer ?? null,
          card,
          card?.bin ?? null,
          card?.last4 ?? null,
          iso(at),
          localDate(tz, at),
          iso(settledAt),
          iso(statusAt),
          iso(chargedBackAt ?? statusAt),
        ],
        signal: [
          id,
          merchantId,
          COUNTRY,
          iso(at),
          amount,
          v.document,
          v.email,
          v.emailDomain,
          v.card,
          v.bin,
          v.ip,
          v.device,
          v.score,
          v.authenticated,
          status === 'FAILED' || status === 'REJECTED' ? iso(statusAt) : null,
          iso(chargedBackAt),
        ],
      };
    }
    const field = (v: string | number | boolean | null | object): string => {
      if (v === null) return '\\N';
      const text = typeof v === 'object' ? JSON.stringify(v) : String(v);
      return /[\\\t\n\r]/.test(text) ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r') : text;
    };
    async function* copyText(pick: (row: Row) => (string | number | boolean | null | object)[]): AsyncGenerator<string> {
      let lines: string[] = [];
      for (let i = 0; i < ROWS; i += 1) {
        lines.push(pick(rowOf(i)).map(field).join('\t'));
        if (lines.length === 5_000) {
          yield `${lines.join('\n')}\n`;
          lines = [];
        }
      }
      if (lines.length > 0) yield `${lines.join('\n')}\n`;
    }
    const TX_COLUMNS = [
      'id',
      'unique_id',
      'merchant_id',
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
      'charged_back_amount',
      'merchant_reference',
      'account_name',
      'payer',
      'card',
      'card_bin',
      'card_last4',
      'created_at',
      'created_date',
      'settled_at',
      'status_at',
      'updated_at',
    ];
    const SIGNAL_COLUMNS = [
      'transaction_id',
      'merchant_id',
      'country',
      'created_at',
      'amount',
      'document',
      'email',
      'email_domain',
      'card',
      'bin',
      'ip',
      'device',
      'score',
      'authenticated',
      'failed_at',
      'charged_back_at',
    ];
    await q('begin');
    const txLoad = await copyWithIndexesRebuilt(client, 'transactions', TX_COLUMNS, () => copyText((row) => row.tx));
    const afterTx = performance.now();
    const sigLoad = await copyWithIndexesRebuilt(client, 'risk_signals', SIGNAL_COLUMNS, () => copyText((row) => row.signal));
    await q(`select setval(pg_get_serial_sequence('transactions', 'id'), $1)`, [firstId + ROWS - 1]);
    await q('commit');
    const copied = performance.now();
    await q('analyze transactions');
    await q('analyze risk_signals');
    console.log(
      `generated ${fmt(ROWS)} pay-ins over ${DAYS} days: transactions COPY ${fmt(txLoad.copyMs / 1000, 1)} s + ${txLoad.indexCount} indexes ` +
        `(${fmt((afterTx - started) / 1000, 1)} s), risk_signals COPY ${fmt(sigLoad.copyMs / 1000, 1)} s + ${sigLoad.indexCount} indexes ` +
        `(${fmt((copied - afterTx) / 1000, 1)} s), ANALYZE ${fmt((performance.now() - copied) / 1000, 1)} s; ` +
        `${fmt(ROWS / ((txLoad.copyMs + sigLoad.copyMs) / 2 / 1000))} rows/s per table during COPY (FK triggers ${txLoad.triggersOff ? 'off' : 'on'})`,
    );
  } else {
    console.log(`data: ${fmt(have)} pay-ins of ${MERCHANT} already there (--generate always makes more)`);
  }
  const [sizes] = await q<{ n: string; signals: string; from: string; to: string }>(
    `select count(*)::text as n, pg_size_pretty(pg_total_relation_size('risk_signals')) as signals, min(created_at)::text as from, max(created_at)::text as to
       from risk_signals where merchant_id = $1 and country = $2`,
    [merchantId, COUNTRY],
  );
  console.log(
    `risk_signals of ${MERCHANT} ${COUNTRY}: ${fmt(Number(sizes?.n))} rows, ${sizes?.from} – ${sizes?.to}; table ${sizes?.signals} with indexes`,
  );
  client.release();
  await pool.end();

  // ---- 2. the replays -------------------------------------------------------------------------------------

  const docRng = new Rng(`${SEED}/list`);
  const personaDocs = personasOf(COUNTRY).flatMap((p) => {
    const r = normaliseRiskValue('DOCUMENT', p.document);
    return 'value' in r ? [r.value] : [];
  });
  const listed = new Set(personaDocs);
  while (listed.size < 1_000) listed.add(docRng.chars(11));
  const RULES = [
    {
      label: 'velocity: PERSONA_VELOCITY DOCUMENT_DISTINCT_CARD ≥ 3 cards per document in 24 h',
      rule: {
        type: 'PERSONA_VELOCITY',
        template: 'DOCUMENT_DISTINCT_CARD',
        name: 'Three cards per document a day',
        threshold: 3,
        duration: 86_400,
        score: null,
        values: [],
        sendToCaseManagement: false,
        action: 'BLOCK',
      },
    },
    {
      label: 'list: BLOCK DOCUMENT_LIST of 1,000 documents',
      rule: {
        type: 'BLOCK',
        template: 'DOCUMENT_LIST',
        name: 'Known fraud documents',
        threshold: null,
        duration: null,
        score: null,
        values: [...listed],
        sendToCaseManagement: false,
        action: 'BLOCK',
      },
    },
  ] as const;

  const toAt = new Date(now);
  const fromAt = new Date(now - DAYS * 86_400_000);
  const lines: string[] = [];
  for (const { label, rule } of RULES) {
    const inserted = (await database.db.execute(
      sql`insert into risk_replays (merchant_id, country, currency, days, rule, from_at, to_at, created_by, created_by_name)
          values (${merchantId}, ${COUNTRY}, ${COUNTRY_INFO[COUNTRY].currency}, ${DAYS}, ${JSON.stringify(rule)}::jsonb, ${fromAt}, ${toAt}, 0, 'bench')
          returning id`,
    )) as unknown as { rows: { id: number }[] };
    const replayId = Number(inserted.rows[0]?.id);
    if (global.gc) global.gc();
    const rssBefore = process.memoryUsage().rss;
    let peak = rssBefore;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 50);
    const t0 = performance.now();
    await runReplay(database.db, replayId, () => new Date());
    const seconds = (performance.now() - t0) / 1000;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);
    const done = (await database.db.execute(
      sql`select status, processed, total, error, result from risk_replays where id = ${replayId}`,
    )) as unknown as { rows: { status: string; processed: number; total: number; error: string | null; result: ReplayResult | null }[] };
    const row = done.rows[0];
    const res = row?.result;
    const evaluated = res?.evaluated.count ?? 0;
    console.log('');
    console.log(`${label}`);
    console.log(
      `  ${row?.status}${row?.error ? ` (${row.error})` : ''}: ${fmt(evaluated)} pay-ins evaluated (total ${fmt(Number(row?.total))}) in ${fmt(seconds, 1)} s = ${fmt(evaluated / seconds)} pay-ins/s; ` +
        `peak RSS ${fmt(peak / 1048576)} MB (${fmt(rssBefore / 1048576)} MB before)`,
    );
    if (res) {
      console.log(
        `  blocked ${fmt(res.blocked.count)}, reviewed ${fmt(res.reviewed.count)}, of them charged back ${fmt(res.chargedBack.count)} of ${fmt(res.chargebacksInPeriod.count)} chargebacks; ` +
          `approved hit ${fmt(res.approvedHit.count)}; approval rate ${(res.approvalRate * 100).toFixed(2)}% → ${(res.approvalRateWithRule * 100).toFixed(2)}% with the rule`,
      );
    }
    console.log(
      `  ratio ${fmt(seconds, 1)} s / ${TARGET_S} s target: ${(seconds / TARGET_S).toFixed(2)} (${seconds < TARGET_S ? 'met' : 'NOT met'})`,
    );
    lines.push(
      `| ${label} | ${fmt(evaluated)} | ${fmt(seconds, 1)} s | ${fmt(evaluated / seconds)} | ${fmt(peak / 1048576)} MB | ${(seconds / TARGET_S).toFixed(2)} |`,
    );
  }
  // Where the time goes: the replay's stream alone (the same keyset batches, no engine).
  {
    const t0 = performance.now();
    let n = 0;
    for await (const _ of streamSignals(database.db, merchantId, COUNTRY, fromAt, toAt)) n += 1;
    const seconds = (performance.now() - t0) / 1000;
    console.log('');
    console.log(
      `the stream alone (streamSignals, batches of 5,000, no engine): ${fmt(n)} pay-ins in ${fmt(seconds, 1)} s = ${fmt(n / seconds)} pay-ins/s`,
    );
    lines.push(
      `| the stream alone (no engine) | ${fmt(n)} | ${fmt(seconds, 1)} s | ${fmt(n / seconds)} | — | ${(seconds / TARGET_S).toFixed(2)} |`,
    );
  }
  console.log('');
  console.log('| rule | pay-ins | seconds | pay-ins/s | peak RSS | ratio to 30 s |');
  console.log('|---|---:|---:|---:|---:|---:|');
  for (const l of lines) console.log(l);
  console.log(`load average ${load()} at end`);
} finally {
  await database.close();
  await dropCreated();
}
