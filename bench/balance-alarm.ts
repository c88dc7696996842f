/**
 * Balance-alarm benchmark (issue #15, docs/decisions/0033): what evaluating an account's alarm adds
 * to a posting, against the target of 0.2 ms per posting. On PostgreSQL (`--url`, a database of its
 * own: the bench migrates it, seeds the demo merchants and writes to three of ANDES-DEMO's accounts).
 *
 *   npx tsx bench/balance-alarm.ts --url postgres://…/andes_bench_alarm [--postings 3000] [--rounds 6]
 *
 * The alarm is evaluated inside the statement every posting already runs: the UPDATE of the
 * account's balances reads the alarm's threshold and state in its RETURNING (two primary-key
 * lookups), and the write compares them with the new balance in memory. So:
 *
 * 1. **The statement**: the balance UPDATE as the ledger runs it, with the alarm read and without
 *    it (as it was before alarms), alternated statement by statement in one transaction per round —
 *    the difference is what evaluation adds to every posting, alarm or not.
 * 2. **The posting**: lock + one entry (`lock`, `writeMany`: what the ledger's writers do), moving
 *    money between available and on hold, on three accounts: no alarm; an alarm the balance never
 *    crosses (the steady state); an alarm every posting crosses, down then up (the worst case: each
 *    records an event, every other one posts a notice). Postings run in transactions of a round
 *    each, so the commit's disk flush does not drown the figures; the cases are interleaved round by
 *    round so that the machine's drift falls on all alike.
 */

import { randomBytes } from 'node:crypto';
import { parseArgs } from 'node:util';
import { eq, sql } from 'drizzle-orm';
import { loadConfig } from '../apps/api/src/config.ts';
import { openDatabase } from '../apps/api/src/db/client.ts';
import { balanceAlarmEvents, balanceAlarms } from '../apps/api/src/db/schema/balance-alarms.ts';
import { accounts } from '../apps/api/src/db/schema/ledger.ts';
import { merchants } from '../apps/api/src/db/schema/merchants.ts';
import { users } from '../apps/api/src/db/schema/users.ts';
import { seedDemo } from '../apps/api/src/db/seed/demo.ts';
import { createPasswordHasher } from '../apps/api/src/modules/auth/password-hasher.ts';
import { ALARM_COLUMNS } from '../apps/api/src/modules/ledger/ledger.repository.ts';
import { ensureLocalAccount, lock, systemAccounts, writeMany } from '../apps/api/src/modules/ledger/ledger.service.ts';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    postings: { type: 'string', default: '3000' },
    rounds: { type: 'string', default: '6' },
    help: { type: 'boolean', default: false },
  },
});
if (values.help) {
  console.log('usage: npx tsx bench/balance-alarm.ts --url URL [--postings 3000] [--rounds 6]');
  process.exit(0);
}
const url = values.url ?? process.env.BENCH_DATABASE_URL;
if (!url) {
  console.error('give --url or BENCH_DATABASE_URL (a PostgreSQL database of its own)');
  process.exit(2);
}
const POSTINGS = Number(values.postings);
const ROUNDS = Number(values.rounds);
const TARGET_MS = 0.2;
/** Moved by each posting; the crossing account's threshold sits inside this swing. */
const SWING = 10_000;
const FUNDS = 1_000_000;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits });
console.log(`Andes balance-alarm benchmark — ${new Date().toISOString()}`);

const database = await openDatabase({ kind: 'postgres', url });
await database.migrate();
const db = database.db;
const config = loadConfig({}, process.cwd());
if (await seedDemo(db, createPasswordHasher(config.passwordHashing), new Date())) console.log('seeded the demo merchants');
const [andes] = await db.select({ id: merchants.id }).from(merchants).where(eq(merchants.code, 'ANDES-DEMO'));
const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.username, 'demo.admin'));
if (!andes || !admin) throw new Error('the demo merchant and its admin are needed');

/** The three accounts (BRL, all three: the same statements on the same currency). */
const cases = [
  { name: 'no alarm', account: await ensureLocalAccount(db, andes.id, 'BR', 'PAY_IN'), threshold: null },
  { name: 'alarm, quiet', account: await ensureLocalAccount(db, andes.id, 'BR', 'PAY_OUT'), threshold: 1 },
  { name: 'alarm, crossing', account: await ensureLocalAccount(db, andes.id, 'BR', 'MARKET_PLACE'), threshold: 0 },
] as const;
const { clearing } = await systemAccounts(db, 'BRL');

// Each account starts with FUNDS available (a credit from the provider's clearing account, as a
// settled pay-in would make) and nothing on hold; the alarms are set as the cases say.
const tag = randomBytes(3).toString('hex');
for (const c of cases) {
  await db.delete(balanceAlarms).where(eq(balanceAlarms.accountId, c.account.id));
  await db.transaction(async (tx) => {
    const locked = await lock(tx, [c.account.id]);
    const state = locked.get(c.account.id);
    if (!state) throw new Error('account not locked');
    const topUp = FUNDS - state.balances.AVAILABLE - state.balances.ON_HOLD;
    const entries = [];
    if (state.balances.ON_HOLD > 0) entries.push(move(c.account.id, -state.balances.ON_HOLD));
    if (topUp > 0) {
      entries.push({
        meta: { kind: 'PAYIN_SETTLED' as const, effectiveAt: new Date() },
        lines: [
          { accountId: c.account.id, bucket: 'AVAILABLE' as const, currency: 'BRL', amount: topUp },
          { accountId: clearing, bucket: 'MAIN' as const, currency: 'BRL', amount: -topUp },
        ],
      });
    }
    await writeMany(tx, entries, locked);
  });
  // The crossing account's threshold is just under FUNDS: holding SWING takes it below, releasing it back.
  const threshold = c.threshold === 0 ? FUNDS - SWING / 2 : c.threshold;
  if (threshold !== null) {
    await db.insert(balanceAlarms).values({
      accountId: c.account.id,
      merchantId: andes.id,
      threshold,
      below: false,
      subscriberIds: [admin.id],
      updatedAt: new Date(),
      updatedBy: admin.id,
      updatedByName: `bench ${tag}`,
    });
  }
}

/** An entry moving `amount` from available to on hold (negative: back). */
function move(accountId: number, amount: number) {
  return {
    meta: { kind: amount > 0 ? ('HOLD' as const) : ('UNHOLD' as const), effectiveAt: new Date() },
    lines: [
      { accountId, bucket: 'AVAILABLE' as const, currency: 'BRL', amount: -amount },
      { accountId, bucket: 'ON_HOLD' as const, currency: 'BRL', amount },
    ],
  };
}

/** Times `n` postings on an account in one transaction (each: lock, then one entry); answers their milliseconds. */
async function postings(accountId: number, n: number): Promise<number[]> {
  const out: number[] = [];
  await db.transaction(async (tx) => {
    for (let i = 0; i < n; i++) {
      const started = process.hrtime.bigint();
      await writeMany(tx, [move(accountId, i % 2 === 0 ? SWING : -SWING)], await lock(tx, [accountId]));
      out.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
  });
  return out;
}

/** Times the balance UPDATE `n` times each way, alternating: without the alarm read, then with it. */
async function statements(accountId: number, n: number): Promise<{ without: number[]; with: number[] }> {
  const out = { without: [] as number[], with: [] as number[] };
  await db
    .transaction(async (tx) => {
      for (let i = 0; i < n; i++) {
        for (const read of [false, true]) {
          const amount = i % 2 === 0 ? 1 : -1;
          const started = process.hrtime.bigint();
          await tx
            .update(accounts)
            .set({ available: sql`${accounts.available} + ${amount}::int8`, updatedAt: sql`now()` })
            .where(eq(accounts.id, accountId))
            .returning({ id: accounts.id, available: accounts.available, ...(read ? ALARM_COLUMNS : {}) });
          (read ? out.with : out.without).push(Number(process.hrtime.bigint() - started) / 1e6);
        }
      }
      // The net change is zero: roll back anyway, the bench leaves no trace in the balances.
      tx.rollback();
    })
    .catch((err: unknown) => {
      if (!(err instanceof Error && err.message.includes('Rollback'))) throw err;
    });
  return out;
}

// Warm-up: connections, plans and caches, untimed.
for (const c of cases) await postings(c.account.id, 200);
await statements(cases[1].account.id, 200);

const times = new Map<string, number[]>(cases.map((c) => [c.name, []]));
const update = { without: [] as number[], with: [] as number[] };
const perRound = Math.ceil(POSTINGS / ROUNDS / 2) * 2;
const started = Date.now();
for (let r = 0; r < ROUNDS; r++) {
  const s = await statements(cases[1].account.id, perRound);
  update.without.push(...s.without);
  update.with.push(...s.with);
  // A different case first each round.
  const order = cases.map((_, i) => cases[(i + r) % cases.length] as (typeof cases)[number]);
  for (const c of order) (times.get(c.name) as number[]).push(...(await postings(c.account.id, perRound)));
}
const elapsed = (Date.now() - started) / 1000;

const [events] = await db
  .select({
    fired: sql<number>`count(*) filter (where ${balanceAlarmEvents.kind} = 'FIRED')::int`,
    recovered: sql<number>`count(*) filter (where ${balanceAlarmEvents.kind} = 'RECOVERED')::int`,
  })
  .from(balanceAlarmEvents)
  .where(eq(balanceAlarmEvents.accountId, cases[2].account.id));
const pct = (xs: number[], p: number) => {
  const sorted = [...xs].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))] ?? 0;
};
const mean = (xs: number[]) => xs.reduce((a, b) => a + b, 0) / xs.length;
const row = (name: string, xs: number[], added: number | null) =>
  `${name.padEnd(44)}${fmt(mean(xs), 3).padStart(7)} ms ${fmt(pct(xs, 50), 3).padStart(7)} ms ${fmt(pct(xs, 99), 3).padStart(7)} ms ${
    added === null ? '            —' : `${fmt(added, 3).padStart(10)} ms   ${fmt(added / TARGET_MS, 3)}`
  }`;
const header = (what: string) => `${what.padEnd(44)}   mean        p50        p99     added (mean)  added / 0.2 ms`;

console.log(`${fmt(perRound * ROUNDS)} of each in ${ROUNDS} interleaved rounds, ${fmt(elapsed, 1)} s in all`);
console.log(`\n${header('1. the balance UPDATE of a posting')}`);
console.log(row('without the alarm read (before alarms)', update.without, null));
console.log(row('with the alarm read (every posting now)', update.with, mean(update.with) - mean(update.without)));
const base = times.get('no alarm') as number[];
console.log(`\n${header('2. a posting (lock + one entry)')}`);
for (const c of cases) {
  const xs = times.get(c.name) as number[];
  console.log(row(c.name, xs, c.threshold === null ? null : mean(xs) - mean(base)));
}
const added = mean(update.with) - mean(update.without);
const quiet = mean(times.get('alarm, quiet') as number[]) - mean(base);
console.log(
  `\nratio (UPDATE with the read − without) / 0.2 ms: ${fmt(added / TARGET_MS, 3)} (${added < TARGET_MS ? 'met' : 'NOT met'}) — what every posting pays`,
);
console.log(
  `ratio (posting with a quiet alarm − without an alarm) / 0.2 ms: ${fmt(quiet / TARGET_MS, 3)} (${quiet < TARGET_MS ? 'met' : 'NOT met'})`,
);
console.log(
  `crossing account: ${events?.fired ?? 0} firings and ${events?.recovered ?? 0} recoveries recorded since the bench's database was made`,
);
await database.close();
