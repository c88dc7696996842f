/**
 * Revenue assurance's charts at 10,000,000 transactions of one merchant (issue #14 "Fast and
 * safe"; docs/decisions/0031). One run:
 *
 * 1. migrates the database and makes the merchant `BENCH-RA` (Brazil) with one sub-merchant and
 *    their accounts (again on a second run unless `--reuse`: the merchant's rows are replaced);
 * 2. writes `--rows` transactions with one set-based `INSERT … SELECT … FROM generate_series`
 *    (secondary indexes dropped for the load and built again from their own definitions): pay-ins
 *    and payouts over the last `--days` local days, cards (some with a network token, approved more
 *    often), PIX and boleto, every funnel stage (abandoned, declined with reasons, authorised,
 *    settled, refunded), the funnel columns as ledger/funnel.ts says;
 * 3. builds daily_transaction_stats and revenue_daily_stats of the merchant with the GROUP BY the
 *    figures check proves, then VACUUM (ANALYZE);
 * 4. through the real API (api-harness.ts), times every chart call `--calls` times for the merchant
 *    user and for the sub-merchant user over the whole window, and prints p50 / p95 / max and the
 *    ratio of p95 to the 150 ms target; EXPLAIN (ANALYZE, BUFFERS) of every query the calls make.
 *
 * No timing assertion: it prints the figures of the run.
 *
 *   createdb -h 127.0.0.1 -U postgres andes_bench_ra
 *   npx tsx bench/revenue-assurance.ts --url postgres://postgres@127.0.0.1:5432/andes_bench_ra [--rows 10000000] [--reuse]
 */
import { parseArgs } from 'node:util';
import { ACCOUNT_TYPES } from '@andes/contract/account/enums';
import { addMonths, todayIn } from '@andes/contract/common/dates';
import type { Endpoint } from '@andes/contract/common/define-endpoint';
import {
  approvalFunnel,
  approvalTrendDaily,
  approvalTrendMonthly,
  approvalTrendWeekly,
  failReasonRanking,
  tokenizationStatistics,
  volumeSuccessCurve,
} from '@andes/contract/revenue-assurance/endpoints';
import pg from 'pg';
import { openDatabase } from '../apps/api/src/db/client.ts';
import type { Scope } from '../apps/api/src/http/auth-context.ts';
import { localAccountNo } from '../apps/api/src/modules/ledger/account-numbers.ts';
import { REVENUE_STATS_FROM_TRANSACTIONS_SQL } from '../apps/api/src/modules/ledger/funnel.ts';
import { failReasonQuery, type RevenueFilter, revenueCellsQuery } from '../apps/api/src/modules/revenue-assurance/revenue.repository.ts';
import { openApiHarness, type Session } from './api-harness.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    rows: { type: 'string', default: '10000000' },
    days: { type: 'string', default: '150' },
    calls: { type: 'string', default: '40' },
    reuse: { type: 'boolean', default: false },
  },
});
const url = values.url ?? process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('--url is required (or BENCH_DATABASE_URL)');
  process.exit(2);
}
const ROWS = Number(values.rows);
const DAYS = Number(values.days);
const CALLS = Number(values.calls);
const TARGET_MS = 150;
const ZONE = 'America/Sao_Paulo';

const started = performance.now();
let phaseStarted = started;
const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
function phase(name: string, detail = ''): void {
  const now = performance.now();
  console.log(`${name}: ${seconds(now - phaseStarted)}${detail ? ` — ${detail}` : ''}`);
  phaseStarted = now;
}

// ---- 1. migrate, merchant, accounts ----------------------------------------------------------------

const database = await openDatabase({ kind: 'postgres', url });
await database.migrate();
await database.close();
const pool = new pg.Pool({ connectionString: url, max: 2 });
const q = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await pool.query<T>(text, params)).rows;

async function merchantId(code: string, name: string, parent: number | null): Promise<number> {
  const [row] = await q<{ id: number }>(
    `insert into merchants (code, name, parent_id) values ($1, $2, $3)
     on conflict (code) do update set name = excluded.name returning id`,
    [code, name, parent],
  );
  const id = Number(row?.id);
  await q(`insert into merchant_areas (merchant_id, country) values ($1, 'BR') on conflict do nothing`, [id]);
  await q(
    `insert into accounts (kind, holder_id, merchant_id, country, currency, account_type, account_no)
     select 'MERCHANT', $1, $2, 'BR', 'BRL', t, n from unnest($3::text[], $4::text[]) as u(t, n) on conflict do nothing`,
    [id, parent ?? id, [...ACCOUNT_TYPES], ACCOUNT_TYPES.map((t) => localAccountNo(code, 'BR', t))],
  );
  return id;
}
const mid = await merchantId('BENCH-RA', 'Bench Revenue Assurance', null);
const sid = await merchantId('BENCH-RA-S1', 'Bench Revenue Assurance Sub 1', mid);
const accounts = await q<{ id: number; holder_id: number; account_type: string }>(
  `select id, holder_id, account_type from accounts where kind = 'MERCHANT' and holder_id = any($1::int[]) and country = 'BR'`,
  [[mid, sid]],
);
const accountOf = (holder: number, type: string) => Number(accounts.find((a) => a.holder_id === holder && a.account_type === type)?.id);
phase('merchant and accounts', `merchant ${mid}, sub-merchant ${sid}`);

// ---- 2. the rows ------------------------------------------------------------------------------------

const [{ n: existing } = { n: '0' }] = await q<{ n: string }>('select count(*)::text as n from transactions where merchant_id = $1', [mid]);
if (values.reuse && Number(existing) > 0) {
  console.log(`reusing ${Number(existing).toLocaleString('en-US')} transactions of BENCH-RA`);
} else {
  const client = await pool.connect();
  const cq = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await client.query<T>(text, params)).rows;
  await cq('begin');
  await cq(`set local maintenance_work_mem = '512MB'`);
  await cq('delete from revenue_daily_stats where merchant_id = $1', [mid]);
  await cq('delete from daily_transaction_stats where merchant_id = $1', [mid]);
  if (Number(existing) > 0) {
    await cq('delete from transactions where merchant_id = $1', [mid]);
    phase('old rows deleted', `${Number(existing).toLocaleString('en-US')}`);
  }
  await cq('lock table transactions in share row exclusive mode');
  await cq('savepoint replica');
  let triggersOff = true;
  try {
    await cq('set local session_replication_role = replica');
    await cq('release savepoint replica');
  } catch {
    await cq('rollback to savepoint replica');
    triggersOff = false;
  }
  const indexes = await cq<{ name: string; def: string }>(
    `select i.indexname as name, i.indexdef as def from pg_indexes i
      where i.schemaname = current_schema() and i.tablename = 'transactions'
        and not exists (select 1 from pg_constraint c where c.conname = i.indexname)`,
  );
  for (const ix of indexes) await cq(`drop index "${ix.name.replace(/"/g, '""')}"`);
  await cq('select setseed(0.31)');
  // One row per g: r.* are its random draws. Outcome (o): 6% abandoned before submission (stage 0:
  // EXPIRED or CANCELLED), then declines (stage 1: FAILED/REJECTED with a reason), then a few
  // authorised not settled yet (stage 2, IN_PROGRESS), the rest settled (stage 3, 3% refunded).
  // Cards approve 92% with a network token, 84% with the number; PIX 90%, boleto 80%.
  await cq(
    `insert into transactions (unique_id, merchant_id, sub_merchant_id, account_id, transaction_type, product, product_type, country, currency,
                               amount, fee, vat, status, status_reason, merchant_reference, card, card_bin, card_last4,
                               created_at, created_date, settled_at, status_at, updated_at, funnel_stage, authorised_at)
     select 'RA' || lpad(to_hex(g), 12, '0'), $1, case when sub then $2::int end,
            case when payout then (case when sub then $6::int else $5::int end) else (case when sub then $4::int else $3::int end) end,
            case when payout then 'PAY_OUT' else 'PAY_IN' end, case when payout then 'payout' else 'payin' end, product, 'BR', 'BRL',
            amount, 0, 0, status, reason, 'REF-' || g, card, case when card is not null then '453211' end, case when card is not null then '1234' end,
            created_at, to_char(created_at at time zone '${ZONE}', 'YYYY-MM-DD'),
            case when stage = 3 then created_at + interval '30 seconds' end, created_at + interval '30 seconds', created_at + interval '30 seconds',
            stage, case when stage >= 2 then created_at + interval '20 seconds' end
       from (
         select g, sub, payout, product, amount, created_at, card,
                case when o < 0.06 then 0 when o < 0.06 + (1 - ok) * 0.94 then 1 when o < 0.065 + (1 - ok) * 0.94 then 2 else 3 end as stage,
                o, ok, x
           from (
             select g, r.sub, r.payout, r.product, r.amount, r.created_at, r.o, r.x,
                    case when r.product = 'CARD' then jsonb_build_object('brand', 'VISA', 'bin', '453211', 'last4', '1234')
                                                      || case when r.tok then jsonb_build_object('tokenId', 'ntk' || g) else '{}'::jsonb end end as card,
                    case when r.product = 'CARD' then case when r.tok then 0.92 else 0.84 end when r.product = 'PIX' then 0.90 else 0.80 end as ok
               from generate_series(1, $7::int) g
               cross join lateral (
                 select random() < 0.2 as sub, random() < 0.1 as payout,
                        (array['CARD', 'CARD', 'PIX', 'PIX', 'BOLETO'])[1 + floor(random() * 5)::int] as product,
                        (500 + floor(random() * random() * 200000))::int8 as amount,
                        now() - (random() * $8::int) * interval '1 day' as created_at,
                        random() < 0.4 as tok, random() as o, random() as x, g as gg
               ) r
           ) a
       ) b
       cross join lateral (
         select case stage
                  when 0 then case when x < 0.5 then 'EXPIRED' else 'CANCELLED' end
                  when 1 then case when x < 0.7 then 'FAILED' else 'REJECTED' end
                  when 2 then 'IN_PROGRESS'
                  else case when x < 0.03 then 'REFUNDED' else 'SETTLED' end end as status,
                case stage
                  when 0 then case when x < 0.5 then 'Not paid before the due date' end
                  when 1 then (array['Insufficient funds', 'Do not honor', 'Expired card', 'Invalid CVV', 'Issuer unavailable',
                                     'Risk rule: order velocity', '3DS authentication failed', 'Bank timeout'])[1 + floor(x * 8)::int]
                end as reason
       ) s`,
    [mid, sid, accountOf(mid, 'PAY_IN'), accountOf(sid, 'PAY_IN'), accountOf(mid, 'PAY_OUT'), accountOf(sid, 'PAY_OUT'), ROWS, DAYS],
  );
  phase(triggersOff ? 'INSERT … SELECT (FK triggers off)' : 'INSERT … SELECT', `${ROWS.toLocaleString('en-US')} rows`);
  if (triggersOff) await cq('set local session_replication_role = origin');
  for (const ix of indexes) await cq(ix.def);
  phase('indexes rebuilt', `${indexes.length} secondary indexes`);
  await cq(
    `insert into daily_transaction_stats (merchant_id, holder_id, country, stat_date, transaction_type, product_type, status, count, amount, fee, vat)
     select merchant_id, coalesce(sub_merchant_id, merchant_id), country, created_date, transaction_type, product_type, status,
            count(*), sum(amount), sum(fee), sum(vat)
       from transactions where merchant_id = $1
      group by 1, 2, 3, 4, 5, 6, 7`,
    [mid],
  );
  await cq(REVENUE_STATS_FROM_TRANSACTIONS_SQL.replace('where transaction_type in', 'where merchant_id = $1 and transaction_type in'), [
    mid,
  ]);
  await cq('commit');
  client.release();
  phase('daily_transaction_stats and revenue_daily_stats');
  await q('vacuum (analyze) transactions');
  await q('vacuum (analyze) daily_transaction_stats');
  await q('vacuum (analyze) revenue_daily_stats');
  phase('VACUUM (ANALYZE)');
}

const [sizes] = await q<{ tx: string; rev: string; revsize: string }>(
  `select (select count(*) from transactions where merchant_id = $1)::text as tx,
          (select count(*) from revenue_daily_stats where merchant_id = $1)::text as rev,
          pg_size_pretty(pg_total_relation_size('revenue_daily_stats')) as revsize`,
  [mid],
);
console.log(
  `\nBENCH-RA: ${Number(sizes?.tx).toLocaleString('en-US')} transactions; revenue_daily_stats ${Number(sizes?.rev).toLocaleString('en-US')} rows of the merchant (${sizes?.revsize} in all)`,
);

// ---- 3. the calls ------------------------------------------------------------------------------------

const harness = await openApiHarness(url, 'warn');
const codes = ['revenue-assurance:situation-analysis', 'revenue-assurance:tokenization'];
const merchantUser = await harness.user(mid, null, codes, 'ra');
const subUser = await harness.user(mid, sid, codes, 'ra');
const today = todayIn(ZONE);
const range = { from: addMonths(today, -5), to: today };
const base = { country: 'BR', range };

const calls: { name: string; endpoint: Endpoint; body: unknown }[] = [
  { name: 'volume-success daily', endpoint: volumeSuccessCurve, body: { ...base, granularity: 'daily' } },
  { name: 'volume-success weekly', endpoint: volumeSuccessCurve, body: { ...base, granularity: 'weekly' } },
  { name: 'approval-trend daily', endpoint: approvalTrendDaily, body: base },
  { name: 'approval-trend weekly', endpoint: approvalTrendWeekly, body: base },
  { name: 'approval-trend monthly', endpoint: approvalTrendMonthly, body: base },
  { name: 'approval-funnel', endpoint: approvalFunnel, body: base },
  { name: 'fail-reason ranking', endpoint: failReasonRanking, body: { ...base, top: 10 } },
  { name: 'tokenization daily', endpoint: tokenizationStatistics, body: { ...base, granularity: 'daily' } },
];

const quantile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN;
const results: { who: string; name: string; p50: number; p95: number; max: number }[] = [];
async function time(who: string, session: Session): Promise<void> {
  for (const c of calls) {
    for (let i = 0; i < 3; i += 1) await harness.call(session, c.endpoint.path, c.body);
    const ms: number[] = [];
    for (let i = 0; i < CALLS; i += 1) ms.push((await harness.call(session, c.endpoint.path, c.body)).ms);
    ms.sort((a, b) => a - b);
    results.push({ who, name: c.name, p50: quantile(ms, 0.5), p95: quantile(ms, 0.95), max: ms[ms.length - 1] ?? Number.NaN });
  }
}
await time('merchant', merchantUser);
await time('sub-merchant', subUser);

// Figures of one run, to show what was measured.
const funnel = await harness.call<{
  total: { created: { count: number }; submitted: { count: number }; authorised: { count: number }; settled: { count: number } };
}>(merchantUser, approvalFunnel.path, base);
const tokens = await harness.call<{
  total: { tokenShare: number | null; token: { approvalRate: number | null }; pan: { approvalRate: number | null } };
}>(merchantUser, tokenizationStatistics.path, base);
const f = funnel.data.total;
console.log(
  `\nfunnel ${range.from}..${range.to}: created ${f.created.count.toLocaleString('en-US')} → submitted ${f.submitted.count.toLocaleString('en-US')} → authorised ${f.authorised.count.toLocaleString('en-US')} → settled ${f.settled.count.toLocaleString('en-US')}`,
);
const pct = (v: number | null) => (v === null ? '—' : `${(v * 100).toFixed(2)}%`);
console.log(
  `tokenization: token share ${pct(tokens.data.total.tokenShare)}, approval with token ${pct(tokens.data.total.token.approvalRate)}, without ${pct(tokens.data.total.pan.approvalRate)}`,
);

console.log(`\n${CALLS} calls each (after 3 warm-up calls), whole window ${range.from}..${range.to}, target p95 < ${TARGET_MS} ms:`);
console.log('| user | call | p50 ms | p95 ms | max ms | p95 ÷ target |');
console.log('|---|---|---:|---:|---:|---:|');
for (const r of results) {
  console.log(
    `| ${r.who} | ${r.name} | ${r.p50.toFixed(1)} | ${r.p95.toFixed(1)} | ${r.max.toFixed(1)} | ${(r.p95 / TARGET_MS).toFixed(3)} |`,
  );
}
const worst = Math.max(...results.map((r) => r.p95));
console.log(`worst p95 ${worst.toFixed(1)} ms: ${worst < TARGET_MS ? 'within' : 'OVER'} the ${TARGET_MS} ms target`);

// ---- 4. EXPLAIN every query ----------------------------------------------------------------------------

const merchantScope: Scope = { merchantId: mid, subMerchantId: null } as Scope;
const subScope: Scope = { merchantId: mid, subMerchantId: sid } as Scope;
const filter: RevenueFilter = { country: 'BR', transactionType: 'PAY_IN', from: range.from, to: range.to, productTypes: [] };
const queries = [
  { name: 'days × stages (curve, trend), merchant', query: revenueCellsQuery(harness.db, merchantScope, filter, { date: true }) },
  { name: 'days × stages, sub-merchant', query: revenueCellsQuery(harness.db, subScope, filter, { date: true }) },
  { name: 'product types × stages (funnel), merchant', query: revenueCellsQuery(harness.db, merchantScope, filter, { productType: true }) },
  {
    name: 'days × stages × card kind of card pay-ins (tokenization), merchant',
    query: revenueCellsQuery(harness.db, merchantScope, { ...filter, cardsOnly: true }, { date: true, cardToken: true }),
  },
  {
    name: 'days × stages, one product type, merchant',
    query: revenueCellsQuery(harness.db, merchantScope, { ...filter, productTypes: ['CARD'] }, { date: true }),
  },
  { name: 'fail reasons, merchant', query: failReasonQuery(harness.db, merchantScope, filter) },
  { name: 'fail reasons, sub-merchant', query: failReasonQuery(harness.db, subScope, filter) },
];
for (const { name, query } of queries) {
  const { sql, params } = query.toSQL();
  const plan = await harness.q<{ 'QUERY PLAN': string }>(`explain (analyze, buffers) ${sql}`, params as unknown[]);
  console.log(`\n-- ${name}\n${plan.map((p) => p['QUERY PLAN']).join('\n')}`);
}

await harness.close();
await pool.end();
console.log(`\ntotal ${seconds(performance.now() - started)}`);
