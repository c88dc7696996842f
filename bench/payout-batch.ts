/**
 * Batch payouts (issue #11, "Fast and safe"): a 5,000-row payout file through the real calls of
 * the API on PostgreSQL — parsed, validated and dry-run (target < 3 s), then created as one batch
 * with its verification code (target < 5 s) — and, for the figures' sake, approved in one call.
 * Each run uses a file of its own (fresh references and beneficiaries), so runs never repeat each
 * other's payouts. The app runs in-process (buildApp, `inject`: the multipart form, the session,
 * the permission, the handler and the answer's bytes, without a socket). With `--explain` it
 * prints the plans of the payout list (both tabs) on what the runs created.
 *
 *   createdb -h 127.0.0.1 -U postgres andes_payout_bench
 *   npx tsx bench/payout-batch.ts --url postgres://postgres@127.0.0.1:5432/andes_payout_bench [--rows 5000] [--runs 3] [--explain]
 *   dropdb -h 127.0.0.1 -U postgres andes_payout_bench
 *
 * It migrates the database and seeds the demo merchants when it is empty; it funds ANDES-DEMO's BR
 * payout account through the ingestion API. Do not point it at a database whose ledger you care about.
 */
import { randomBytes, randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';
import { ResultCode, TOKEN_HEADER } from '@andes/contract/common/envelope';
import { payoutApprove, payoutBatchCheck, payoutBatchUpload, payoutVerifyCodeSend } from '@andes/contract/payout/endpoints';
import { ingestEvent } from '@andes/contract/platform/endpoints';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import pg from 'pg';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { seedDemo } from '../apps/api/src/db/seed/demo.ts';
import { createPasswordHasher } from '../apps/api/src/modules/auth/password-hasher.ts';
import { payoutBatchSpec } from '../apps/api/src/modules/payout/payout.batch.ts';
import { payoutCountQuery, payoutListQuery } from '../apps/api/src/modules/payout/payout.repository.ts';
import { registerServiceToken } from '../apps/api/src/modules/platform/service-token.ts';
import { injectFile } from './multipart.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    rows: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
    explain: { type: 'boolean', default: false },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log('usage: npx tsx bench/payout-batch.ts --url URL [--rows 5000] [--runs 3] [--explain]');
  process.exit(0);
}
const url = values.url ?? process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('give --url or BENCH_DATABASE_URL (a PostgreSQL database of its own)');
  process.exit(2);
}
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const TARGET_CHECK_MS = 3_000;
const TARGET_CREATE_MS = 5_000;
const PLATFORM_TOKEN = `bench-${randomBytes(24).toString('hex')}`;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

// ---- the database and the app ----------------------------------------------------------------------

const database = await openDatabase({ kind: 'postgres', url });
await database.migrate();
const db = database.db;
const raw = new pg.Pool({ connectionString: url, max: 2 });
const q = async <T extends pg.QueryResultRow>(text: string, params: unknown[] = []) => (await raw.query<T>(text, params)).rows;

const base = loadConfig({}, process.cwd());
const config = {
  ...base,
  databaseUrl: url,
  demo: false,
  jobs: false,
  logLevel: (process.env.BENCH_LOG_LEVEL ?? 'silent') as 'silent',
  webDist: '/nonexistent/andes-bench-no-web',
  secretKey: randomBytes(32).toString('base64'),
  platform: { ...base.platform, simulator: false, demoHistory: 0 },
};
const hasher = createPasswordHasher(config.passwordHashing);
if (await seedDemo(db, hasher, new Date())) console.log('seeded the demo merchants');
await registerServiceToken(db, 'platform', PLATFORM_TOKEN);
const app: FastifyInstance = await buildApp({
  config,
  db,
  jobs: false,
  ...(process.env.BENCH_LOG_LEVEL ? {} : { logStream: { write: () => undefined } }),
});
await app.ready();

const [andes] = await q<{ id: number }>(`select id from merchants where code = 'ANDES-DEMO'`);
if (!andes) throw new Error('no ANDES-DEMO');
const session = async (userId: number) =>
  (await app.andes.sessions.create({ userId, merchantId: andes.id, ip: '127.0.0.1', userAgent: 'andes-bench', mfaPending: false })).token;
const tag = randomBytes(4).toString('hex');
const benchUsers: number[] = [];
const passwordHash = await hasher.hash(randomBytes(18).toString('base64url'));
/** A super admin of ANDES-DEMO made for the bench (one creator per run: a code may be asked for once a minute). */
async function benchUser(name: string, email: string | null): Promise<{ id: number; email: string | null; token: string }> {
  const [row] = await q<{ id: number }>(
    `insert into users (merchant_id, username, display_name, email, password_hash, user_type, super_admin, state, must_change_password,
                        password_changed_at, created_at, updated_at)
     values ($1, $2, $3, $4, $5, 1, true, 1, false, now(), now(), now()) returning id`,
    [andes?.id, `bench.${name}.${tag}`, `Bench ${name}`, email, passwordHash],
  );
  if (!row) throw new Error(`${name} not created`);
  benchUsers.push(row.id);
  return { id: row.id, email, token: await session(row.id) };
}
// The approver: another super admin of ANDES-DEMO (four eyes: never the creator).
const approverToken = (await benchUser('approver', null)).token;

async function inject(path: string, token: string, body: unknown) {
  return app.inject({ method: 'POST', url: path, payload: body as object, headers: { [TOKEN_HEADER]: token } });
}

function form(path: string, token: string, fields: Record<string, string>, file: Buffer) {
  return injectFile(app, path, token, fields, file, 'bench-payouts.xlsx');
}

/** Funds ANDES-DEMO's BR payout account through the ingestion API (a top-up, a transfer out at 5 BRL/USD). */
async function fund(brlCents: number, n: number): Promise<void> {
  const usd = Math.ceil(brlCents / 5);
  const at = new Date().toISOString();
  const events = [
    {
      eventId: `bench-${tag}-${n}-topup`,
      type: 'global.topped_up',
      occurredAt: at,
      merchantCode: 'ANDES-DEMO',
      data: { reference: `BT-${tag}-${n}`, amount: usd },
    },
    {
      eventId: `bench-${tag}-${n}-transfer`,
      type: 'global.transferred_out',
      occurredAt: at,
      merchantCode: 'ANDES-DEMO',
      data: {
        reference: `BX-${tag}-${n}`,
        amount: usd,
        targetCountry: 'BR',
        targetAccountType: 'PAY_OUT',
        targetAmount: brlCents,
        exchangeRate: '5.0',
      },
    },
  ];
  for (const e of events) {
    const res = await app.inject({
      method: 'POST',
      url: ingestEvent.path,
      payload: e,
      headers: { authorization: `Bearer ${PLATFORM_TOKEN}` },
    });
    if (res.json().code !== ResultCode.OK) throw new Error(`funding refused: ${res.body}`);
  }
}

// ---- the file ------------------------------------------------------------------------------------

/** A 5,000-row BR file as a merchant fills the template in: PIX and TED rows, each beneficiary and reference its own. */
async function payoutFile(run: number): Promise<{ bytes: Buffer; total: number }> {
  const spec = payoutBatchSpec('BR');
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(spec.sheetName);
  sheet.addRow(spec.columns.map((c) => (c.required ? `${c.header} *` : c.header)));
  let total = 0;
  const prefix = 100 + Math.floor(Math.random() * 900);
  for (let i = 0; i < ROWS; i += 1) {
    const ted = i % 5 === 4;
    const amount = 10_000 + ((i * 7_919) % 990_000);
    total += amount;
    const cells: Record<string, string> = ted
      ? {
          productType: 'TED',
          bankCode: '001',
          branch: String(1000 + (i % 8000)),
          accountType: 'CHECKING',
          accountNo: `${prefix}${String(i).padStart(5, '0')}-${i % 10}`,
        }
      : { productType: 'PIX', pixKeyType: 'EMAIL', pixKey: `b${run}.${tag}.${i}@example.com` };
    Object.assign(cells, {
      amount: (amount / 100).toFixed(2),
      merchantReference: `BENCH-${tag}-${run}-${i}`,
      name: `Beneficiario ${i}`,
      document: '12345678909',
      email: `b${i}@example.com`,
    });
    sheet.addRow(spec.columns.map((c) => cells[c.key] ?? null));
  }
  return { bytes: Buffer.from(await workbook.xlsx.writeBuffer()), total };
}

// ---- the runs ------------------------------------------------------------------------------------

interface Figures {
  check: number;
  dryRun: number;
  create: number;
  approve: number;
}
const results: Figures[] = [];
const timed = async <T>(work: () => Promise<T>): Promise<{ ms: number; result: T }> => {
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, result };
};

console.log(`payout batch bench: ${fmt(ROWS)} rows per file, ${RUNS} runs, PostgreSQL ${describe(url)}`);
for (let run = 1; run <= RUNS; run += 1) {
  const creator = await benchUser(`creator${run}`, `bench.creator.${tag}.${run}@example.com`);
  const adminToken = creator.token;
  const { bytes, total } = await payoutFile(run);
  // Amount + the fees (1.50 BRL per PIX, 5.00 BRL per TED) and a margin.
  await fund(total + ROWS * 500 + 1_000_000, run);

  const check = await timed(() => form(payoutBatchCheck.path, adminToken, { country: 'BR' }, bytes));
  const checked = check.result.json() as { code: number; msg: string; data: { ok: number; failed: number } };
  if (checked.code !== ResultCode.OK || checked.data.ok !== ROWS)
    throw new Error(`check: ${checked.code} ${checked.msg} ${JSON.stringify(checked.data)}`);

  const dryRun = await timed(() => form(payoutBatchUpload.path, adminToken, { country: 'BR', dryRun: 'true' }, bytes));
  if (dryRun.result.statusCode !== 200 || dryRun.result.headers['x-batch-ok'] !== String(ROWS))
    throw new Error(`dry run: ${dryRun.result.body.slice(0, 300)}`);

  // The code of this file's payouts, from the mail outbox (the mail delivery is the embedded outbox here).
  const sent = await inject(payoutVerifyCodeSend.path, adminToken, { country: 'BR', count: ROWS, amount: total });
  if (sent.json().code !== ResultCode.OK) throw new Error(`verify-code/send: ${sent.body}`);
  const [mail] = await q<{ text: string }>('select text from mail_outbox where "to" = $1 order by id desc limit 1', [creator.email]);
  const code = /verification code is ([0-9]{6})/.exec(mail?.text ?? '')?.[1];
  if (!code) throw new Error('no code mailed');

  const requestId = randomUUID();
  const create = await timed(() => form(payoutBatchUpload.path, adminToken, { country: 'BR', verifyCode: code, requestId }, bytes));
  if (create.result.statusCode !== 200 || create.result.headers['x-batch-ok'] !== String(ROWS)) {
    throw new Error(`create: ${create.result.body.slice(0, 300)}`);
  }
  const [batch] = await q<{ id: number }>('select id from payout_batches where merchant_id = $1 and request_id = $2', [
    andes.id,
    requestId,
  ]);
  // The last run's batch stays PENDING for the plans of the Pending tab (--explain).
  if (values.explain && run === RUNS) {
    console.log(
      `run ${run}: file ${fmt(bytes.length / 1024)} KB; check ${fmt(check.ms)} ms, dry run (result file) ${fmt(dryRun.ms)} ms, ` +
        `create ${fmt(create.ms)} ms (left PENDING)`,
    );
    results.push({ check: check.ms, dryRun: dryRun.ms, create: create.ms, approve: Number.NaN });
    continue;
  }
  const approve = await timed(() => inject(payoutApprove.path, approverToken, { country: 'BR', batchId: batch?.id }));
  const approved = approve.result.json() as { code: number; data: { decided: number } };
  if (approved.code !== ResultCode.OK || approved.data.decided !== ROWS) throw new Error(`approve: ${approve.result.body.slice(0, 300)}`);
  results.push({ check: check.ms, dryRun: dryRun.ms, create: create.ms, approve: approve.ms });
  console.log(
    `run ${run}: file ${fmt(bytes.length / 1024)} KB; check ${fmt(check.ms)} ms, dry run (result file) ${fmt(dryRun.ms)} ms, ` +
      `create ${fmt(create.ms)} ms, approve ${fmt(approve.ms)} ms`,
  );
}

const measured = (k: keyof Figures) => results.map((r) => r[k]).filter((v) => !Number.isNaN(v));
const best = (k: keyof Figures) => Math.min(...measured(k));
const median = (k: keyof Figures) => {
  const sorted = measured(k).sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? 0;
};
console.log('');
console.log('| step | best | median | rows/s (median) | target | median / target |');
console.log('|---|---:|---:|---:|---:|---:|');
for (const [k, label, target] of [
  ['check', 'parse + validate + dry run (JSON check)', TARGET_CHECK_MS],
  ['dryRun', 'parse + validate + dry run (result .xlsx)', TARGET_CHECK_MS],
  ['create', 'create (code, one batch, result .xlsx)', TARGET_CREATE_MS],
  ['approve', 'approve the batch (one call)', null],
] as const) {
  const m = median(k);
  console.log(
    `| ${label} | ${fmt(best(k))} ms | ${fmt(m)} ms | ${fmt((ROWS * 1000) / m)} | ${target === null ? '—' : `${fmt(target)} ms`} | ${target === null ? '—' : fmt(m / target, 2)} |`,
  );
}

// ---- the list's plans ----------------------------------------------------------------------------

if (values.explain) {
  const [{ n } = { n: 0 }] = await q<{ n: string }>('select count(*) as n from payouts');
  console.log(`\nThe payout list's plans (${fmt(Number(n))} payouts in the database):`);
  await q('analyze payouts; analyze transactions; analyze payout_batches');
  const scope = { merchantId: andes.id, subMerchantId: null };
  const explain = async (title: string, query: { sql: string; params: unknown[] }) => {
    const plan = await q<{ 'QUERY PLAN': string }>(`explain (analyze, buffers, costs off) ${query.sql}`, query.params);
    console.log(`\n-- ${title}:\n${plan.map((r) => r['QUERY PLAN']).join('\n')}`);
  };
  for (const tab of ['PENDING', 'APPROVED'] as const) {
    await explain(`tab ${tab}, first page of 20`, payoutListQuery(db, scope, { country: 'BR', tab }, null, 21).toSQL());
    await explain(`tab ${tab}, its count (capped)`, payoutCountQuery(db, scope, { country: 'BR', tab }, 10_001).toSQL());
  }
  // A page deep in the Approved tab: the keyset after its 10,000th row.
  const [deep] = await q<{ created_at: Date; id: number }>(
    `select created_at, id from payouts where merchant_id = $1 and country = 'BR' and approval_status <> 'PENDING'
      order by created_at desc, id desc offset 10000 limit 1`,
    [andes.id],
  );
  if (deep) {
    const after = { at: deep.created_at, id: deep.id };
    await explain(
      'tab APPROVED, the page after row 10,000',
      payoutListQuery(db, scope, { country: 'BR', tab: 'APPROVED' }, after, 21).toSQL(),
    );
  }
}

await q('delete from sessions where user_id = any($1::int[])', [benchUsers]).catch(() => undefined);
await app.close();
await raw.end();
await database.close();

function describe(u: string): string {
  const parsed = new URL(u);
  return `${parsed.hostname}:${parsed.port || 5432}${parsed.pathname}`;
}
