/**
 * What every signed-in call pays before its own work (issue 5 item 8, decision 0014): p50 and p99
 * of N sequential cheap signed-in calls through the real API, and the database statements each
 * call sends, counted at the driver (every `pg.Client#query`, transactions' BEGIN/COMMIT included).
 *
 * It creates a scratch database on the given PostgreSQL server, migrates it, writes the demo
 * merchants and users (no transaction history: the lists are empty, so a list call is almost only
 * its fixed cost), starts the app on 127.0.0.1 (real HTTP, one keep-alive connection), signs the
 * demo users in and times, per case, N calls after a warm-up. The database is dropped at the end.
 *
 *   npx tsx apps/api/scripts/auth-overhead.ts --url postgres://postgres@127.0.0.1:5432/postgres --n 2000
 *
 * Cases: the current-user call of a super admin, of a role user and of a sub-merchant user, and the
 * pay-in list of one country (the country check of the list) for the role and sub-merchant users.
 */
import { randomBytes } from 'node:crypto';
import http from 'node:http';
import { parseArgs } from 'node:util';
import { currentUserInfo, login } from '@andes/contract/auth/endpoints';
import { REFRESH_TOKEN_HEADER, ResultCode, TOKEN_HEADER } from '@andes/contract/common/envelope';
import { transactionPage } from '@andes/contract/transaction/endpoints';
import pg from 'pg';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { DEMO_SIGN_INS, type DemoUserKey, seedDemo } from '../src/db/seed/demo.ts';
import { createPasswordHasher } from '../src/modules/auth/password-hasher.ts';

const print = (line: string) => process.stdout.write(`${line}\n`);

const { values } = parseArgs({
  options: {
    url: { type: 'string', default: process.env.AUTH_BENCH_ADMIN_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres' },
    n: { type: 'string', default: '2000' },
    warmup: { type: 'string', default: '200' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  print(`usage: tsx apps/api/scripts/auth-overhead.ts [--url ADMIN_URL] [--n N] [--warmup N]

  --url URL     a PostgreSQL server (any database on it; a scratch database is created and dropped)
  --n N         timed calls per case, sequential (default 2000)
  --warmup N    untimed calls per case first (default 200)`);
  process.exit(0);
}
const N = Number(values.n);
const WARMUP = Number(values.warmup);
if (!Number.isInteger(N) || N < 1 || !Number.isInteger(WARMUP) || WARMUP < 0) throw new Error('--n and --warmup are whole numbers');

// Count every statement the app sends: pg.Pool#query and transactions both end in Client#query.
const statements = new Map<string, number>();
let counting = false;
let firstOfCall: { text: string; params: unknown[] } | null = null;
const clientQuery = pg.Client.prototype.query as (...args: unknown[]) => unknown;
(pg.Client.prototype as unknown as { query: (...args: unknown[]) => unknown }).query = function (this: pg.Client, ...args: unknown[]) {
  if (counting) {
    const first = args[0];
    const text = typeof first === 'string' ? first : ((first as { text?: string } | undefined)?.text ?? '?');
    const key = text.replace(/\s+/g, ' ').trim().slice(0, 90);
    statements.set(key, (statements.get(key) ?? 0) + 1);
    // Keep the first statement of a call (the session read) to show its plan at the end.
    if (firstOfCall === null) {
      const params = Array.isArray(args[1]) ? args[1] : ((first as { values?: unknown[] } | undefined)?.values ?? []);
      firstOfCall = { text, params };
    }
  }
  return clientQuery.apply(this, args);
};

const adminUrl = new URL(values.url);
const name = `andes_authbench_${randomBytes(4).toString('hex')}`;
const admin = new pg.Client({ connectionString: adminUrl.toString() });
await admin.connect();
await admin.query(`create database ${name}`);
await admin.end();
const dbUrl = new URL(adminUrl);
dbUrl.pathname = `/${name}`;

async function dropScratch(): Promise<void> {
  const c = new pg.Client({ connectionString: adminUrl.toString() });
  await c.connect();
  try {
    // pool.end() resolves before the server has seen every connection close: wait for them, so the
    // forced drop does not cut one off mid-close.
    for (let i = 0; i < 50; i += 1) {
      const open = await c.query<{ n: number }>('select count(*)::int as n from pg_stat_activity where datname = $1', [name]);
      if ((open.rows[0]?.n ?? 0) === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    await c.query(`drop database if exists ${name} with (force)`);
  } finally {
    await c.end();
  }
}

const database = await openDatabase({ kind: 'postgres', url: dbUrl.toString() });
try {
  await database.migrate();
  const base = loadConfig({}, process.cwd());
  const config = {
    ...base,
    databaseUrl: dbUrl.toString(),
    demo: false,
    jobs: false,
    logLevel: 'silent' as const,
    webDist: '/nonexistent/andes-auth-bench-no-web',
    secretKey: randomBytes(32).toString('base64'),
    loginRateLimitPerMinute: 10_000,
    passwordHashing: { memoryCost: 1024, timeCost: 1, parallelism: 1 },
    platform: { ...base.platform, simulator: false, demoHistory: 0 },
  };
  const hasher = createPasswordHasher(config.passwordHashing);
  await seedDemo(database.db, hasher, new Date());
  const app = await buildApp({ config, db: database.db, hasher, jobs: false, logStream: { write: () => undefined } });
  await app.listen({ host: '127.0.0.1', port: 0 });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('the API did not listen on a TCP port');
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

  function call(path: string, body: unknown, token: string | null): Promise<{ code: number; refresh: string | null }> {
    const payload = JSON.stringify(body);
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: address && typeof address !== 'string' ? address.port : 0,
          method: 'POST',
          path,
          agent,
          headers: {
            'content-type': 'application/json',
            'content-length': Buffer.byteLength(payload),
            ...(token ? { [TOKEN_HEADER]: token } : {}),
          },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            try {
              const json = JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code: number; data?: { token?: string } };
              const refresh = res.headers[REFRESH_TOKEN_HEADER];
              resolve({ code: json.code, refresh: typeof refresh === 'string' ? refresh : (json.data?.token ?? null) });
            } catch (err) {
              reject(err);
            }
          });
        },
      );
      req.on('error', reject);
      req.end(payload);
    });
  }

  async function signIn(who: DemoUserKey): Promise<string> {
    const u = DEMO_SIGN_INS[who];
    const res = await call(login.path, { username: u.username, password: u.password }, null);
    if (res.code !== ResultCode.OK || res.refresh === null) throw new Error(`sign-in of ${u.username} failed: ${res.code}`);
    return res.refresh;
  }

  const cases: { label: string; who: DemoUserKey; path: string; body: unknown }[] = [
    { label: 'current user, super admin', who: 'admin', path: currentUserInfo.path, body: {} },
    { label: 'current user, role user', who: 'finance', path: currentUserInfo.path, body: {} },
    { label: 'current user, sub-merchant user', who: 'market', path: currentUserInfo.path, body: {} },
    { label: 'pay-in list BR (empty), role user', who: 'finance', path: transactionPage.path, body: { list: 'payin', country: 'BR' } },
    { label: 'pay-in list BR (empty), sub-merchant', who: 'market', path: transactionPage.path, body: { list: 'payin', country: 'BR' } },
  ];

  const pct = (sorted: readonly number[], p: number) =>
    sorted[Math.min(sorted.length, Math.max(1, Math.ceil((p / 100) * sorted.length))) - 1] ?? Number.NaN;
  print(`PostgreSQL ${dbUrl.host}, N=${N} sequential calls per case after ${WARMUP} warm-up calls, real HTTP on 127.0.0.1\n`);
  for (const c of cases) {
    let token = await signIn(c.who);
    const once = async () => {
      const res = await call(c.path, c.body, token);
      if (res.code !== ResultCode.OK) throw new Error(`${c.label}: answered ${res.code}`);
      if (res.refresh) token = res.refresh;
    };
    for (let i = 0; i < WARMUP; i += 1) await once();
    statements.clear();
    counting = true;
    const times: number[] = [];
    for (let i = 0; i < N; i += 1) {
      if (i === N - 1) firstOfCall = null;
      const start = process.hrtime.bigint();
      await once();
      times.push(Number(process.hrtime.bigint() - start) / 1e6);
    }
    counting = false;
    times.sort((a, b) => a - b);
    const total = [...statements.values()].reduce((a, b) => a + b, 0);
    print(
      `${c.label.padEnd(40)} p50 ${pct(times, 50).toFixed(2)} ms  p99 ${pct(times, 99).toFixed(2)} ms  statements/call ${(total / N).toFixed(2)}`,
    );
    for (const [text, n] of [...statements.entries()].sort((a, b) => b[1] - a[1])) {
      print(`    ${(n / N).toFixed(3).padStart(6)} × ${text}`);
    }
  }
  agent.destroy();
  await app.close();
  if (firstOfCall !== null) {
    // The plan of the last call's first statement (the authentication), on this small database.
    const { text, params } = firstOfCall as { text: string; params: unknown[] };
    const c = new pg.Client({ connectionString: dbUrl.toString() });
    await c.connect();
    try {
      const plan = await c.query<{ 'QUERY PLAN': string }>(`explain (analyze, costs off) ${text}`, params);
      print(`\nPlan of the authentication statement of the last call:\n${plan.rows.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}`);
    } finally {
      await c.end();
    }
  }
} finally {
  await database.close();
  await dropScratch();
}
