/**
 * Batch payment links (issue #15, docs/decisions/0035): a 5,000-row payment-link file through the
 * real calls of the API — validated as a dry run (the JSON check and the batch tool's dry run, each
 * row checked and its reference looked up) and generated (every link in one database transaction,
 * a few multi-row INSERTs, the tokens sealed, the result file with each link's URL) — against the
 * target of 5 s. Each run uses a file of its own (fresh references), so runs never repeat each
 * other's links. The app runs in-process (buildApp, `inject`: the multipart form, the session, the
 * permission, the handler and the answer's bytes, without a socket).
 *
 *   npx tsx bench/payment-link-batch.ts                       # embedded PGlite (in memory)
 *   createdb -h 127.0.0.1 -U postgres andes_bench_links
 *   npx tsx bench/payment-link-batch.ts --url postgres://postgres@127.0.0.1:5432/andes_bench_links [--rows 5000] [--runs 3]
 *   dropdb -h 127.0.0.1 -U postgres andes_bench_links
 *
 * It migrates the database and seeds the demo merchants when it is empty. Do not point it at a
 * database whose data you care about.
 */
import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { BATCH_RESULT_HEADERS } from '@andes/contract/common/batch';
import { ResultCode } from '@andes/contract/common/envelope';
import { paymentLinkBatchCheck, paymentLinkBatchGenerate } from '@andes/contract/payment-link/endpoints';
import type { PaymentLinkBatchCheck } from '@andes/contract/payment-link/schemas';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { merchants } from '../apps/api/src/db/schema/merchants.ts';
import { paymentLinks } from '../apps/api/src/db/schema/payment-links.ts';
import { users } from '../apps/api/src/db/schema/users.ts';
import { seedDemo } from '../apps/api/src/db/seed/demo.ts';
import { createPasswordHasher } from '../apps/api/src/modules/auth/password-hasher.ts';
import { paymentLinkBatchSpec } from '../apps/api/src/modules/payment-link/payment-link.batch.ts';
import { injectFile } from './multipart.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    rows: { type: 'string', default: '5000' },
    runs: { type: 'string', default: '3' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log('usage: npx tsx bench/payment-link-batch.ts [--url URL] [--rows 5000] [--runs 3]   (no --url: embedded PGlite)');
  process.exit(0);
}
const url = values.url ?? process.env.BENCH_DATABASE_URL ?? null;
const ROWS = Number(values.rows);
const RUNS = Number(values.runs);
const TARGET_MS = 5_000;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });

// ---- the database and the app ----------------------------------------------------------------------

const database = await openDatabase(url ? { kind: 'postgres', url } : { kind: 'pglite', dataDir: null });
await database.migrate();
const db = database.db;
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
const app: FastifyInstance = await buildApp({
  config,
  db,
  jobs: false,
  ...(process.env.BENCH_LOG_LEVEL ? {} : { logStream: { write: () => undefined } }),
});
await app.ready();

const [andes] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, 'ANDES-DEMO'));
if (!andes) throw new Error('no ANDES-DEMO');
const tag = randomBytes(4).toString('hex');
const now = new Date();
const [user] = await db
  .insert(users)
  .values({
    merchantId: andes.id,
    username: `bench.links.${tag}`,
    displayName: 'Bench links',
    email: null,
    passwordHash: await hasher.hash(randomBytes(18).toString('base64url')),
    userType: 1,
    superAdmin: true,
    state: 1,
    mustChangePassword: false,
    passwordChangedAt: now,
    createdAt: now,
    updatedAt: now,
  })
  .returning({ id: users.id });
if (!user) throw new Error('bench user not created');
const token = (
  await app.andes.sessions.create({ userId: user.id, merchantId: andes.id, ip: '127.0.0.1', userAgent: 'andes-bench', mfaPending: false })
).token;

function form(path: string, fields: Record<string, string>, file: Buffer) {
  return injectFile(app, path, token, fields, file, 'bench-links.xlsx');
}

// ---- the file ------------------------------------------------------------------------------------

/** A BR file as a merchant fills the template in: PIX, BOLETO, TED and card rows (some in installments), each reference its own. */
async function linkFile(run: number): Promise<Buffer> {
  const spec = paymentLinkBatchSpec('BR', []);
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet(spec.sheetName);
  sheet.addRow(spec.columns.map((c) => (c.required ? `${c.header} *` : c.header)));
  for (let i = 0; i < ROWS; i += 1) {
    const kind = i % 4;
    const productType = ['PIX', 'BOLETO', 'CARD', 'TED'][kind] as string;
    const amount = kind === 3 ? 20_000 + ((i * 7_919) % 1_000_000) : 2_000 + ((i * 7_919) % 190_000);
    const cells: Record<string, string> = {
      productType,
      amount: (amount / 100).toFixed(2),
      description: `Bench order ${run}-${i}`,
      merchantReference: `BL-${tag}-${run}-${i}`,
      expiryHours: String([24, 72, 168][i % 3]),
      installments: kind === 2 && amount >= 3 * 500 ? '3' : '',
    };
    sheet.addRow(spec.columns.map((c) => cells[c.key] ?? null));
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

// ---- the runs ------------------------------------------------------------------------------------

const ms = (from: bigint) => Number(process.hrtime.bigint() - from) / 1e6;
const results: { check: number; dryRun: number; generate: number }[] = [];
for (let run = 1; run <= RUNS; run += 1) {
  const file = await linkFile(run);
  const requestId = `bench-${tag}-${run}`;

  let t0 = process.hrtime.bigint();
  const check = await form(paymentLinkBatchCheck.path, { country: 'BR' }, file);
  const checkMs = ms(t0);
  const checked = check.json() as { code: number; msg: string; data: PaymentLinkBatchCheck };
  if (checked.code !== ResultCode.OK || checked.data.ok !== ROWS)
    throw new Error(`check: ${checked.code} ${checked.msg} ${JSON.stringify(checked.data?.rows?.slice(0, 3))}`);

  t0 = process.hrtime.bigint();
  const dry = await form(paymentLinkBatchGenerate.path, { country: 'BR', dryRun: 'true' }, file);
  const dryMs = ms(t0);
  if (dry.statusCode !== 200 || Number(dry.headers[BATCH_RESULT_HEADERS.ok]) !== ROWS)
    throw new Error(`dry run: ${dry.statusCode} ${dry.body.slice(0, 300)}`);

  const before = (await db.select({ n: sql<number>`count(*)::int` }).from(paymentLinks))[0]?.n ?? 0;
  t0 = process.hrtime.bigint();
  const made = await form(paymentLinkBatchGenerate.path, { country: 'BR', requestId }, file);
  const generateMs = ms(t0);
  if (made.statusCode !== 200 || Number(made.headers[BATCH_RESULT_HEADERS.ok]) !== ROWS)
    throw new Error(`generate: ${made.statusCode} ${made.body.slice(0, 300)}`);
  const after = (await db.select({ n: sql<number>`count(*)::int` }).from(paymentLinks))[0]?.n ?? 0;
  if (after - before !== ROWS) throw new Error(`generate made ${after - before} links, not ${ROWS}`);
  results.push({ check: checkMs, dryRun: dryMs, generate: generateMs });
  console.log(
    `run ${run}: JSON check ${fmt(checkMs)} ms, dry run (result file) ${fmt(dryMs)} ms, generation ${fmt(generateMs)} ms (${fmt(ROWS)} links, ${fmt(made.rawPayload.length)} bytes of result)`,
  );
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? 0;
};
const check = median(results.map((r) => r.check));
const dryRun = median(results.map((r) => r.dryRun));
const generate = median(results.map((r) => r.generate));
console.log('');
console.log(`${fmt(ROWS)} rows, ${RUNS} runs, ${url ? 'PostgreSQL' : 'PGlite (embedded, in memory)'}, Node ${process.version}; medians:`);
console.log(`  validation (JSON check)          ${fmt(check).padStart(7)} ms   ratio to 5 s: ${fmt(check / TARGET_MS, 3)}`);
console.log(`  validation (dry run, xlsx)       ${fmt(dryRun).padStart(7)} ms   ratio to 5 s: ${fmt(dryRun / TARGET_MS, 3)}`);
console.log(`  generation (one transaction)     ${fmt(generate).padStart(7)} ms   ratio to 5 s: ${fmt(generate / TARGET_MS, 3)}`);
console.log(
  `  dry run + generation             ${fmt(dryRun + generate).padStart(7)} ms   ratio to 5 s: ${fmt((dryRun + generate) / TARGET_MS, 3)} (${dryRun + generate < TARGET_MS ? 'met' : 'NOT met'})`,
);

await app.close();
await database.close();
