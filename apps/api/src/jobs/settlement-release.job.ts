import { HOLD_FLAGS } from '@andes/contract/common/enums';
import { and, asc, eq, lte } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Clock } from '../clock.ts';
import type { Db } from '../db/client.ts';
import { pendingReleases } from '../db/schema/ledger.ts';
import { transactions } from '../db/schema/transactions.ts';
import { lock, write } from '../modules/ledger/ledger.service.ts';
import { released } from '../modules/ledger/posting-rules.ts';
import { defineJob, type JobDefinition } from './queue.ts';

/**
 * The settlement release: settled pay-in money whose date has come (a SCHEDULED pending_releases
 * row with `available_at` ≤ now) becomes available (entry RELEASE: PENDING or DEPOSIT_HELD →
 * OWED first, then AVAILABLE), except while its transaction is on hold — that row waits for the
 * unhold. Each release is its own small database transaction: the account row is locked first
 * (the lock order of every writer), then the release row `FOR UPDATE SKIP LOCKED`, so several API
 * processes can run the job at once and a release happens exactly once.
 */

/** Releases looked at per query. */
export const SETTLEMENT_RELEASE_BATCH = 200;

export interface ReleaseRun {
  /** Releases done (entries written or, for an emptied deposit, rows closed). */
  released: number;
  /** Cents made available (or paid against OWED). */
  amount: number;
}

type Candidate = { id: number; accountId: number };

async function dueCandidates(db: Db, now: Date, limit: number): Promise<Candidate[]> {
  return db
    .select({ id: pendingReleases.id, accountId: pendingReleases.accountId })
    .from(pendingReleases)
    .innerJoin(transactions, eq(transactions.id, pendingReleases.transactionId))
    .where(
      and(eq(pendingReleases.state, 'SCHEDULED'), lte(pendingReleases.availableAt, now), eq(transactions.holdStatus, HOLD_FLAGS.UNHOLD)),
    )
    .orderBy(asc(pendingReleases.availableAt), asc(pendingReleases.id))
    .limit(limit);
}

/**
 * Releases one due row; 0 when it is no longer due (released by another process, on hold since,
 * or held by a process working on it right now).
 */
async function releaseOne(db: Db, candidate: Candidate, now: Date): Promise<{ done: boolean; amount: number }> {
  return db.transaction(async (tx) => {
    const locked = await lock(tx, [candidate.accountId]);
    const [row] = await tx
      .select({
        id: pendingReleases.id,
        transactionId: pendingReleases.transactionId,
        bucket: pendingReleases.bucket,
        amount: pendingReleases.amount,
        availableAt: pendingReleases.availableAt,
      })
      .from(pendingReleases)
      .where(and(eq(pendingReleases.id, candidate.id), eq(pendingReleases.state, 'SCHEDULED'), lte(pendingReleases.availableAt, now)))
      .for('update', { skipLocked: true });
    if (!row) return { done: false, amount: 0 };
    const [t] = await tx.select({ holdStatus: transactions.holdStatus }).from(transactions).where(eq(transactions.id, row.transactionId));
    if (!t || t.holdStatus !== HOLD_FLAGS.UNHOLD) return { done: false, amount: 0 };
    const account = locked.get(candidate.accountId);
    if (!account) throw new Error(`account ${candidate.accountId} not locked`);
    // PENDING always covers its scheduled releases; a deposit may have been taken by chargebacks.
    const amount = Math.min(row.amount, Math.max(0, account.balances[row.bucket]));
    const draft = released(account, amount, row.bucket);
    await write(tx, { kind: draft.kind, transactionId: row.transactionId, effectiveAt: row.availableAt }, draft.lines, locked);
    await tx.update(pendingReleases).set({ state: 'RELEASED', releasedAt: now, amount }).where(eq(pendingReleases.id, row.id));
    return { done: true, amount };
  });
}

/**
 * Releases up to `limit` due rows now (the clock's now), oldest first. Safe to run in several
 * processes at once. The amount of a released row becomes what was actually released.
 */
export async function releaseDue(db: Db, clock: Clock, limit = SETTLEMENT_RELEASE_BATCH): Promise<ReleaseRun> {
  const run: ReleaseRun = { released: 0, amount: 0 };
  const now = clock();
  while (run.released < limit) {
    const candidates = await dueCandidates(db, now, Math.min(SETTLEMENT_RELEASE_BATCH, limit - run.released));
    if (candidates.length === 0) break;
    let progressed = false;
    for (const c of candidates) {
      const r = await releaseOne(db, c, now);
      if (!r.done) continue;
      progressed = true;
      run.released += 1;
      run.amount += r.amount;
      if (run.released >= limit) break;
    }
    // Every candidate was taken by another process (or put on hold): let it finish.
    if (!progressed) break;
  }
  return run;
}

/**
 * The recurring job: every minute (and once when a worker starts), release everything due, batch
 * after batch. One run at a time across all processes; each release is also safe on its own.
 */
export function settlementReleaseJob(deps: { db: Db; clock: Clock; log: FastifyBaseLogger }): JobDefinition {
  return defineJob({
    name: 'settlement-release',
    cron: '* * * * *',
    runAtStart: true,
    singleton: true,
    retryLimit: 3,
    retryDelaySeconds: 10,
    expireInSeconds: 15 * 60,
    async run() {
      const total: ReleaseRun = { released: 0, amount: 0 };
      for (;;) {
        const r = await releaseDue(deps.db, deps.clock);
        total.released += r.released;
        total.amount += r.amount;
        if (r.released < SETTLEMENT_RELEASE_BATCH) break;
      }
      if (total.released > 0) deps.log.info(total, 'settlement release');
    },
  });
}
