import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { globalMovements, pendingReleases } from '../../db/schema/ledger.ts';
import { merchantAreas, merchants } from '../../db/schema/merchants.ts';
import { payouts } from '../../db/schema/payouts.ts';
import { payoutOutbox, platformEvents } from '../../db/schema/platform.ts';
import { transactions } from '../../db/schema/transactions.ts';
import { funnelColumnsFor, stageOfStatus } from '../ledger/funnel.ts';

/** SQL of the ingestion API: the idempotency record, transactions, releases, global movements. */

export type TransactionRow = typeof transactions.$inferSelect;
export type NewTransactionRow = typeof transactions.$inferInsert;
export type ReleaseRow = typeof pendingReleases.$inferSelect;
export type EventOutcomeValue = 'APPLIED' | 'PARKED' | 'STALE';

export interface MerchantRow {
  id: number;
  code: string;
  parentId: number | null;
}

export async function findMerchantByCode(db: Db, code: string): Promise<MerchantRow | null> {
  const rows = await db
    .select({ id: merchants.id, code: merchants.code, parentId: merchants.parentId })
    .from(merchants)
    .where(eq(merchants.code, code))
    .limit(1);
  return rows[0] ?? null;
}

export async function findMerchantCodes(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: merchants.id, code: merchants.code })
    .from(merchants)
    .where(inArray(merchants.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.code]));
}

/** True when the merchant (or sub-merchant) is set up in the country (merchant_areas). */
export async function holderHasCountry(db: Db, holderId: number, country: string): Promise<boolean> {
  const rows = await db
    .select({ country: merchantAreas.country })
    .from(merchantAreas)
    .where(and(eq(merchantAreas.merchantId, holderId), eq(merchantAreas.country, country)))
    .limit(1);
  return rows.length > 0;
}

// ---- idempotency record ------------------------------------------------------------------------

export interface NewEvent {
  eventId: string;
  type: string;
  merchantId: number;
  subject: string;
  payload: unknown;
  payloadHash: string;
  occurredAt: Date;
  receivedAt: Date;
}

/**
 * Records the event id as APPLIED (the outcome is corrected before commit when it is not). False
 * when the id exists: ON CONFLICT waits for a concurrent transaction holding the same id, so a
 * false here means the other one committed and its row can be read.
 */
export async function insertEvent(db: Db, e: NewEvent): Promise<boolean> {
  const rows = await db
    .insert(platformEvents)
    .values({ ...e, outcome: 'APPLIED', appliedAt: e.receivedAt })
    .onConflictDoNothing({ target: platformEvents.eventId })
    .returning({ eventId: platformEvents.eventId });
  return rows.length > 0;
}

export async function findEvent(db: Db, eventId: string): Promise<{ payloadHash: string; outcome: EventOutcomeValue } | null> {
  const rows = await db
    .select({ payloadHash: platformEvents.payloadHash, outcome: platformEvents.outcome })
    .from(platformEvents)
    .where(eq(platformEvents.eventId, eventId))
    .limit(1);
  return rows[0] ?? null;
}

export async function setEventOutcome(db: Db, eventId: string, outcome: EventOutcomeValue, appliedAt: Date | null): Promise<void> {
  await db.update(platformEvents).set({ outcome, appliedAt }).where(eq(platformEvents.eventId, eventId));
}

/** Events parked for a subject, oldest first, locked. */
export async function parkedEvents(db: Db, subject: string): Promise<{ eventId: string; merchantId: number; payload: unknown }[]> {
  return db
    .select({ eventId: platformEvents.eventId, merchantId: platformEvents.merchantId, payload: platformEvents.payload })
    .from(platformEvents)
    .where(and(eq(platformEvents.subject, subject), eq(platformEvents.outcome, 'PARKED')))
    .orderBy(asc(platformEvents.occurredAt), asc(platformEvents.eventId))
    .for('update');
}

/**
 * Serialises every event about one transaction until the end of the database transaction (an
 * advisory lock on the unique id): a status event and the creation of its transaction can never
 * miss each other (one parks while the other looks for parked events).
 */
export async function lockSubject(db: Db, subject: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`andes.transaction:${subject}`}, 0))`);
}

// ---- transactions ------------------------------------------------------------------------------

export async function findTransactionForUpdate(db: Db, uniqueId: string): Promise<TransactionRow | null> {
  const rows = await db.select().from(transactions).where(eq(transactions.uniqueId, uniqueId)).limit(1).for('update');
  return rows[0] ?? null;
}

export async function findTransactionById(db: Db, id: number): Promise<TransactionRow | null> {
  const rows = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findTransactionsById(db: Db, ids: readonly number[]): Promise<TransactionRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(transactions)
    .where(inArray(transactions.id, [...ids]));
}

export async function transactionExists(db: Db, uniqueId: string): Promise<boolean> {
  const rows = await db.select({ id: transactions.id }).from(transactions).where(eq(transactions.uniqueId, uniqueId)).limit(1);
  return rows.length > 0;
}

export async function insertTransaction(db: Db, row: NewTransactionRow): Promise<TransactionRow> {
  // The funnel stage its status implies (docs/decisions/0031): a refund or chargeback row is born settled.
  const stage = row.status === undefined ? 0 : stageOfStatus(row.status);
  const funnel = { funnelStage: stage, authorisedAt: stage === 3 ? (row.settledAt ?? row.statusAt) : null };
  const [created] = await db
    .insert(transactions)
    .values({ ...funnel, ...row })
    .returning();
  if (!created) throw new Error('transactions insert returned no row');
  return created;
}

/**
 * Updates the transaction if its status is still `expectedStatus` (the row is locked: it is). Setting
 * a status sets the funnel columns with it (ledger/funnel.ts).
 */
export async function updateTransaction(
  db: Db,
  id: number,
  expectedStatus: string,
  set: Partial<NewTransactionRow>,
): Promise<TransactionRow> {
  // A status reached raises the funnel stage with it (docs/decisions/0031); it never falls.
  const funnel = set.status === undefined ? {} : funnelColumnsFor(set.status, set.statusAt ?? new Date(), set.settledAt);
  const [row] = await db
    .update(transactions)
    .set({ ...set, ...funnel, updatedAt: sql`now()` })
    .where(and(eq(transactions.id, id), sql`${transactions.status} = ${expectedStatus}`))
    .returning();
  if (!row) throw new Error(`transaction ${id} is no longer ${expectedStatus}`);
  return row;
}

/**
 * The issuer authorised the payment (docs/decisions/0031): the funnel stage becomes at least
 * authorised (2) and `authorised_at` is set when unset; the status stays. Conditional on the status
 * read (the row is locked).
 */
export async function authoriseTransaction(db: Db, id: number, expectedStatus: string, at: Date): Promise<TransactionRow> {
  const [row] = await db
    .update(transactions)
    .set({
      funnelStage: sql`greatest(${transactions.funnelStage}, 2)`,
      authorisedAt: sql`coalesce(${transactions.authorisedAt}, ${at.toISOString()}::timestamptz)`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(transactions.id, id), sql`${transactions.status} = ${expectedStatus}`))
    .returning();
  if (!row) throw new Error(`transaction ${id} is no longer ${expectedStatus}`);
  return row;
}

/** The approval of a payout created in the dashboard; null for the platform's own payouts. */
export async function approvalOf(db: Db, transactionId: number): Promise<string | null> {
  const rows = await db
    .select({ approvalStatus: payouts.approvalStatus })
    .from(payouts)
    .where(eq(payouts.transactionId, transactionId))
    .limit(1);
  return rows[0]?.approvalStatus ?? null;
}

// ---- settlement releases -----------------------------------------------------------------------

export async function releasesOf(db: Db, transactionId: number): Promise<ReleaseRow[]> {
  return db.select().from(pendingReleases).where(eq(pendingReleases.transactionId, transactionId)).orderBy(asc(pendingReleases.id));
}

export async function insertReleases(db: Db, rows: (typeof pendingReleases.$inferInsert)[]): Promise<void> {
  if (rows.length > 0) await db.insert(pendingReleases).values(rows);
}

export async function updateScheduledRelease(db: Db, id: number, set: Partial<typeof pendingReleases.$inferInsert>): Promise<void> {
  await db
    .update(pendingReleases)
    .set(set)
    .where(and(eq(pendingReleases.id, id), eq(pendingReleases.state, 'SCHEDULED')));
}

// ---- global movements --------------------------------------------------------------------------

export async function referenceUsed(db: Db, merchantId: number, reference: string): Promise<boolean> {
  const rows = await db
    .select({ id: globalMovements.id })
    .from(globalMovements)
    .where(and(eq(globalMovements.merchantId, merchantId), eq(globalMovements.reference, reference)))
    .limit(1);
  return rows.length > 0;
}

export async function insertGlobalMovement(db: Db, row: typeof globalMovements.$inferInsert): Promise<void> {
  await db.insert(globalMovements).values(row);
}

// ---- outbox ------------------------------------------------------------------------------------

/** The platform answered for the payout: it is no longer offered. */
export async function markOutboxAccepted(db: Db, transactionId: number, at: Date): Promise<void> {
  await db
    .update(payoutOutbox)
    .set({ acceptedAt: at })
    .where(and(eq(payoutOutbox.transactionId, transactionId), isNull(payoutOutbox.acceptedAt)));
}
