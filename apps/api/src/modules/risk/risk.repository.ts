import type { ReviewStatus, RiskDecision, RuleType, Subject } from '@andes/contract/risk/enums';
import { and, asc, desc, eq, gt, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { riskDecisions, riskReplays, riskRules, riskRuleVersions, riskSignals } from '../../db/schema/risk.ts';
import { transactions } from '../../db/schema/transactions.ts';
import type { Scope } from '../../http/auth-context.ts';
import type { EngineEvent } from './engine.ts';

/**
 * SQL of risk (docs/decisions/0028): rules and their versions, the pay-ins' signals and decisions,
 * case management and replays. Rules, reviews and replays are the merchant's: every function that
 * reads them takes the caller's scope and reads `scope.merchantId` (the services refuse sub-merchant
 * users before). The rules (what fires, what a review may do) are in the services and the engine.
 */

export type RuleRow = typeof riskRules.$inferSelect;
export type NewRuleRow = typeof riskRules.$inferInsert;
export type RuleVersionRow = typeof riskRuleVersions.$inferSelect;
export type SignalRow = typeof riskSignals.$inferSelect;
export type DecisionRow = typeof riskDecisions.$inferSelect;
export type ReplayRow = typeof riskReplays.$inferSelect;

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);
const count = sql<number>`count(*)::int`.mapWith(Number);

// ---- rules -----------------------------------------------------------------------------------------

/** A rule of the merchant, deleted or not (null for another merchant's). */
export async function findRule(db: Db, scope: Scope, id: number): Promise<RuleRow | null> {
  const rows = await db
    .select()
    .from(riskRules)
    .where(and(eq(riskRules.id, id), eq(riskRules.merchantId, scope.merchantId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findRuleByRequest(db: Db, scope: Scope, clientRequestId: string): Promise<RuleRow | null> {
  const rows = await db
    .select()
    .from(riskRules)
    .where(and(eq(riskRules.merchantId, scope.merchantId), eq(riskRules.clientRequestId, clientRequestId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertRule(db: Db, row: NewRuleRow): Promise<RuleRow> {
  const [inserted] = await db.insert(riskRules).values(row).returning();
  if (!inserted) throw new Error('risk_rules: the insert returned nothing');
  return inserted;
}

/** Writes the rule's state as version `row.version` (ADDED, UPDATED or DELETED). */
export async function insertRuleVersion(
  db: Db,
  row: RuleRow,
  change: RuleVersionRow['change'],
  by: { userId: number; name: string },
  at: Date,
): Promise<void> {
  await db.insert(riskRuleVersions).values({
    ruleId: row.id,
    version: row.version,
    change,
    name: row.name,
    threshold: row.threshold,
    duration: row.duration,
    score: row.score,
    enabled: row.enabled,
    values: row.values,
    sendToCaseManagement: row.sendToCaseManagement,
    byUserId: by.userId,
    byName: by.name,
    at,
  });
}

export type RuleChanges = Pick<NewRuleRow, 'name' | 'threshold' | 'duration' | 'score' | 'enabled' | 'values' | 'sendToCaseManagement'>;

/**
 * The next version of a rule, only while `version` is its current one and it is not deleted (null
 * otherwise: someone changed or deleted it meanwhile). `deletedAt` deletes it.
 */
export async function updateRuleAtVersion(
  db: Db,
  scope: Scope,
  id: number,
  version: number,
  changes: Partial<RuleChanges> & { updatedBy: number; updatedByName: string; updatedAt: Date; deletedAt?: Date },
): Promise<RuleRow | null> {
  const rows = await db
    .update(riskRules)
    .set({ ...changes, version: sql`${riskRules.version} + 1` })
    .where(
      and(eq(riskRules.id, id), eq(riskRules.merchantId, scope.merchantId), eq(riskRules.version, version), isNull(riskRules.deletedAt)),
    )
    .returning();
  return rows[0] ?? null;
}

/**
 * Serialises the changes that enable rules of one merchant and country (transaction-scoped advisory
 * lock), so two of them at once cannot both pass the ENABLED_RULES_MAX check.
 */
export async function lockRuleSet(db: Db, merchantId: number, country: string): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`risk-rules:${merchantId}:${country}`}))`);
}

export async function countEnabled(db: Db, merchantId: number, country: string): Promise<number> {
  const [row] = await db
    .select({ n: count })
    .from(riskRules)
    .where(
      and(eq(riskRules.merchantId, merchantId), eq(riskRules.country, country), isNull(riskRules.deletedAt), eq(riskRules.enabled, true)),
    );
  return row?.n ?? 0;
}

/** The enabled rules of a merchant and country (risk_rules_enabled_idx), in id order. */
export async function enabledRules(db: Db, merchantId: number, country: string): Promise<RuleRow[]> {
  return db
    .select()
    .from(riskRules)
    .where(
      and(eq(riskRules.merchantId, merchantId), eq(riskRules.country, country), isNull(riskRules.deletedAt), eq(riskRules.enabled, true)),
    )
    .orderBy(asc(riskRules.id));
}

/** Rules per type of a country (not deleted), and how many are enabled. */
export async function ruleCountsOf(db: Db, scope: Scope, country: string): Promise<{ type: RuleType; total: number; enabled: number }[]> {
  return db
    .select({
      type: riskRules.type,
      total: count,
      enabled: sql<number>`(count(*) filter (where ${riskRules.enabled}))::int`.mapWith(Number),
    })
    .from(riskRules)
    .where(and(eq(riskRules.merchantId, scope.merchantId), eq(riskRules.country, country), isNull(riskRules.deletedAt)))
    .groupBy(riskRules.type);
}

export interface RuleListFilter {
  country: string;
  type: RuleType;
  enabled?: boolean;
  /** Matches a name (contains, case-insensitive) … */
  keyword?: string;
  /** … or one of the values, as the engine compares them (the keyword normalised per subject). */
  keywordValues?: readonly string[];
}

function ruleListWhere(scope: Scope, f: RuleListFilter, afterId: number | null): SQL | undefined {
  const byValue =
    f.keywordValues && f.keywordValues.length > 0
      ? sql`${riskRules.values} ?| ${sql.raw('array[')}${sql.join(
          f.keywordValues.map((v) => sql`${v}`),
          sql`, `,
        )}${sql.raw(']::text[]')}`
      : undefined;
  return and(
    eq(riskRules.merchantId, scope.merchantId),
    eq(riskRules.country, f.country),
    eq(riskRules.type, f.type),
    isNull(riskRules.deletedAt),
    f.enabled === undefined ? undefined : eq(riskRules.enabled, f.enabled),
    f.keyword === undefined ? undefined : or(sql`${riskRules.name} ilike ${`%${escapeLike(f.keyword)}%`}`, byValue),
    afterId === null ? undefined : lt(riskRules.id, afterId),
  );
}

/** One page of rules, newest first: risk_rules_list_idx read backwards from the cursor. */
export function ruleListQuery(db: Db, scope: Scope, f: RuleListFilter, afterId: number | null, limit: number) {
  return db
    .select()
    .from(riskRules)
    .where(ruleListWhere(scope, f, afterId))
    .orderBy(desc(riskRules.id))
    .limit(limit);
}

export async function countRules(db: Db, scope: Scope, f: RuleListFilter, cap: number): Promise<number> {
  const [row] = await db.select({ n: count }).from(
    db
      .select({ one: sql`1` })
      .from(riskRules)
      .where(ruleListWhere(scope, f, null))
      .limit(cap + 1)
      .as('matching'),
  );
  return row?.n ?? 0;
}

export async function versionsOf(db: Db, ruleId: number): Promise<RuleVersionRow[]> {
  return db.select().from(riskRuleVersions).where(eq(riskRuleVersions.ruleId, ruleId)).orderBy(asc(riskRuleVersions.version));
}

// ---- signals ---------------------------------------------------------------------------------------

export async function insertSignal(db: Db, row: typeof riskSignals.$inferInsert): Promise<void> {
  await db.insert(riskSignals).values(row).onConflictDoNothing();
}

export function eventOfSignal(row: Omit<SignalRow, 'merchantId' | 'country'>): EngineEvent {
  return {
    transactionId: row.transactionId,
    createdAt: row.createdAt.getTime(),
    amount: row.amount,
    document: row.document,
    email: row.email,
    emailDomain: row.emailDomain,
    card: row.card,
    bin: row.bin,
    ip: row.ip,
    device: row.device,
    score: row.score,
    authenticated: row.authenticated,
    failedAt: row.failedAt?.getTime() ?? null,
    chargedBackAt: row.chargedBackAt?.getTime() ?? null,
  };
}

const SIGNAL_COLUMN = {
  DOCUMENT: riskSignals.document,
  EMAIL: riskSignals.email,
  EMAIL_DOMAIN: riskSignals.emailDomain,
  CARD: riskSignals.card,
  BIN: riskSignals.bin,
  IP: riskSignals.ip,
  DEVICE: riskSignals.device,
} as const;

/**
 * The merchant's pay-ins of the country that share one of `subjects` with the pay-in, each subject
 * within its own longest window `(t − seconds, t]`: one query, each arm on the subject's partial
 * index (merchant, subject, created_at), OR-ed in a bitmap. The pay-in's own row may be included
 * (the live view ignores it).
 */
export async function priorSignals(
  db: Db,
  merchantId: number,
  country: string,
  event: EngineEvent,
  subjects: readonly { subject: Subject; value: string; seconds: number }[],
): Promise<EngineEvent[]> {
  if (subjects.length === 0) return [];
  const t = new Date(event.createdAt);
  const rows = await db
    .select()
    .from(riskSignals)
    .where(
      and(
        eq(riskSignals.merchantId, merchantId),
        eq(riskSignals.country, country),
        lte(riskSignals.createdAt, t),
        or(
          ...subjects.map((s) =>
            and(eq(SIGNAL_COLUMN[s.subject], s.value), gt(riskSignals.createdAt, new Date(event.createdAt - s.seconds * 1000))),
          ),
        ),
      ),
    );
  return rows.map(eventOfSignal);
}

/** The pay-in failed or was rejected at `at` (the earliest report wins, whatever the order they arrive in). */
export async function markSignalFailed(db: Db, transactionId: number, at: Date): Promise<void> {
  await db
    .update(riskSignals)
    .set({ failedAt: sql`least(coalesce(${riskSignals.failedAt}, ${at}), ${at})` })
    .where(eq(riskSignals.transactionId, transactionId));
}

/** The pay-in was charged back at `at` (the earliest chargeback wins). */
export async function markSignalChargedBack(db: Db, transactionId: number, at: Date): Promise<void> {
  await db
    .update(riskSignals)
    .set({ chargedBackAt: sql`least(coalesce(${riskSignals.chargedBackAt}, ${at}), ${at})` })
    .where(eq(riskSignals.transactionId, transactionId));
}

export interface StreamedSignal extends EngineEvent {
  /** The platform settled it (approved), whatever happened after. */
  settled: boolean;
}

/**
 * One batch of a replay's stream: the merchant's pay-ins of the country created in [from, to),
 * after `after` in creation order — a range of risk_signals_replay_idx — with whether each was
 * settled (a primary-key probe of transactions per row).
 */
export async function signalBatch(
  db: Db,
  merchantId: number,
  country: string,
  from: Date,
  to: Date,
  after: { createdAt: Date; transactionId: number } | null,
  limit: number,
): Promise<(StreamedSignal & { createdAtDate: Date })[]> {
  const rows = await db
    .select({ s: riskSignals, settledAt: transactions.settledAt })
    .from(riskSignals)
    .innerJoin(transactions, eq(transactions.id, riskSignals.transactionId))
    .where(
      and(
        eq(riskSignals.merchantId, merchantId),
        eq(riskSignals.country, country),
        after === null
          ? sql`${riskSignals.createdAt} >= ${from}`
          : sql`(${riskSignals.createdAt}, ${riskSignals.transactionId}) > (${after.createdAt}, ${after.transactionId})`,
        lt(riskSignals.createdAt, to),
      ),
    )
    .orderBy(asc(riskSignals.createdAt), asc(riskSignals.transactionId))
    .limit(limit);
  return rows.map((r) => ({ ...eventOfSignal(r.s), settled: r.settledAt !== null, createdAtDate: r.s.createdAt }));
}

/** Pay-ins of the merchant and country created in [from, to) (a replay's total). */
export async function countSignals(db: Db, merchantId: number, country: string, from: Date, to: Date): Promise<number> {
  const [row] = await db
    .select({ n: count })
    .from(riskSignals)
    .where(
      and(
        eq(riskSignals.merchantId, merchantId),
        eq(riskSignals.country, country),
        sql`${riskSignals.createdAt} >= ${from}`,
        lt(riskSignals.createdAt, to),
      ),
    );
  return row?.n ?? 0;
}

/** Per BIN of the period: pay-ins and those charged back (the recommendations' BIN list). */
export async function binChargebacks(
  db: Db,
  merchantId: number,
  country: string,
  from: Date,
  to: Date,
): Promise<{ bin: string; payins: number; chargebacks: number }[]> {
  return db
    .select({
      bin: sql<string>`${riskSignals.bin}`,
      payins: count,
      chargebacks: sql<number>`(count(*) filter (where ${riskSignals.chargedBackAt} is not null))::int`.mapWith(Number),
    })
    .from(riskSignals)
    .where(
      and(
        eq(riskSignals.merchantId, merchantId),
        eq(riskSignals.country, country),
        sql`${riskSignals.createdAt} >= ${from}`,
        lt(riskSignals.createdAt, to),
        isNotNull(riskSignals.bin),
      ),
    )
    .groupBy(riskSignals.bin);
}

/** Unique ids of transactions (a replay's sample). */
export async function uniqueIdsOf(db: Db, merchantId: number, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: transactions.id, uniqueId: transactions.uniqueId })
    .from(transactions)
    .where(and(eq(transactions.merchantId, merchantId), inArray(transactions.id, [...ids])));
  return new Map(rows.map((r) => [r.id, r.uniqueId]));
}

// ---- decisions and case management ---------------------------------------------------------------

export async function insertDecision(db: Db, row: typeof riskDecisions.$inferInsert): Promise<DecisionRow> {
  const [inserted] = await db.insert(riskDecisions).values(row).onConflictDoNothing().returning();
  if (inserted) return inserted;
  const found = await decisionOf(db, row.transactionId);
  if (!found) throw new Error(`risk decision of ${row.transactionId} neither inserted nor found`);
  return found;
}

/** A transaction's decision (callers have checked the transaction is the caller's). */
export async function decisionOf(db: Db, transactionId: number): Promise<DecisionRow | null> {
  const rows = await db.select().from(riskDecisions).where(eq(riskDecisions.transactionId, transactionId)).limit(1);
  return rows[0] ?? null;
}

/** The decision of the merchant's pay-in with this unique id (the platform's read). */
export async function decisionByUniqueId(db: Db, merchantId: number, uniqueId: string): Promise<DecisionRow | null> {
  const rows = await db
    .select({ d: riskDecisions })
    .from(transactions)
    .innerJoin(riskDecisions, eq(riskDecisions.transactionId, transactions.id))
    .where(and(eq(transactions.uniqueId, uniqueId), eq(transactions.merchantId, merchantId)))
    .limit(1);
  return rows[0]?.d ?? null;
}

const reviewColumns = {
  d: riskDecisions,
  uniqueId: transactions.uniqueId,
  merchantReference: transactions.merchantReference,
  currency: transactions.currency,
  productType: transactions.productType,
  amount: transactions.amount,
  createdAt: transactions.createdAt,
  status: transactions.status,
  payer: transactions.payer,
  cardBin: transactions.cardBin,
  cardLast4: transactions.cardLast4,
};

export interface ReviewRow {
  d: DecisionRow;
  uniqueId: string;
  merchantReference: string;
  currency: string;
  productType: string;
  amount: number;
  createdAt: Date;
  status: string;
  payer: { name?: string; email?: string } | null;
  cardBin: string | null;
  cardLast4: string | null;
}

/** A pay-in of the merchant in case management (sent to review), with its transaction's columns. */
export async function findReview(db: Db, scope: Scope, transactionId: number): Promise<ReviewRow | null> {
  const rows = await db
    .select(reviewColumns)
    .from(riskDecisions)
    .innerJoin(transactions, eq(transactions.id, riskDecisions.transactionId))
    .where(
      and(
        eq(riskDecisions.transactionId, transactionId),
        eq(riskDecisions.merchantId, scope.merchantId),
        isNotNull(riskDecisions.reviewStatus),
      ),
    )
    .limit(1);
  return (rows[0] as ReviewRow | undefined) ?? null;
}

export interface ReviewListFilter {
  country: string;
  status: ReviewStatus;
  /** Sent to review (evaluated) in [start, end). */
  start?: Date;
  end?: Date;
  /** A unique id or merchant reference (exact). */
  keyword?: string;
}

export interface ReviewKey {
  evaluatedAt: Date;
  transactionId: number;
}

function reviewWhere(db: Db, scope: Scope, f: ReviewListFilter, after: ReviewKey | null): SQL | undefined {
  return and(
    eq(riskDecisions.merchantId, scope.merchantId),
    eq(riskDecisions.country, f.country),
    eq(riskDecisions.reviewStatus, f.status),
    f.start === undefined ? undefined : sql`${riskDecisions.evaluatedAt} >= ${f.start}`,
    f.end === undefined ? undefined : lt(riskDecisions.evaluatedAt, f.end),
    // The keyword's pay-ins first (unique id, merchant reference: their own indexes), then their decisions by key.
    f.keyword === undefined
      ? undefined
      : inArray(
          riskDecisions.transactionId,
          db
            .select({ id: transactions.id })
            .from(transactions)
            .where(
              and(
                eq(transactions.merchantId, scope.merchantId),
                or(eq(transactions.uniqueId, f.keyword), eq(transactions.merchantReference, f.keyword)),
              ),
            ),
        ),
    after === null
      ? undefined
      : sql`(${riskDecisions.evaluatedAt}, ${riskDecisions.transactionId}) < (${after.evaluatedAt}, ${after.transactionId})`,
  );
}

/**
 * One page of case management, newest first: risk_decisions_review_idx (merchant, country, status,
 * evaluated_at, transaction_id) read backwards from the cursor, each row's transaction by its key.
 */
export async function reviewListQuery(
  db: Db,
  scope: Scope,
  f: ReviewListFilter,
  after: ReviewKey | null,
  limit: number,
): Promise<ReviewRow[]> {
  const rows = await db
    .select(reviewColumns)
    .from(riskDecisions)
    .innerJoin(transactions, eq(transactions.id, riskDecisions.transactionId))
    .where(reviewWhere(db, scope, f, after))
    .orderBy(desc(riskDecisions.evaluatedAt), desc(riskDecisions.transactionId))
    .limit(limit);
  return rows as ReviewRow[];
}

export async function countReviews(db: Db, scope: Scope, f: ReviewListFilter, cap: number): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(riskDecisions)
    .where(reviewWhere(db, scope, f, null))
    .limit(cap + 1)
    .as('matching');
  const [row] = await db.select({ n: count }).from(inner);
  return row?.n ?? 0;
}

/** Decides a review only while it is PENDING and not expired (null otherwise: decided or expired meanwhile). */
export async function decideReview(
  db: Db,
  scope: Scope,
  transactionId: number,
  outcome: {
    status: Exclude<ReviewStatus, 'PENDING'>;
    finalDecision: RiskDecision;
    by: number;
    byName: string;
    note: string | null;
    at: Date;
  },
): Promise<DecisionRow | null> {
  const rows = await db
    .update(riskDecisions)
    .set({
      reviewStatus: outcome.status,
      finalDecision: outcome.finalDecision,
      reviewedBy: outcome.by,
      reviewedByName: outcome.byName,
      reviewedAt: outcome.at,
      reviewNote: outcome.note,
    })
    .where(
      and(
        eq(riskDecisions.transactionId, transactionId),
        eq(riskDecisions.merchantId, scope.merchantId),
        eq(riskDecisions.reviewStatus, 'PENDING'),
        gt(riskDecisions.reviewExpiresAt, outcome.at),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

// ---- replays ---------------------------------------------------------------------------------------

export async function insertReplay(db: Db, row: typeof riskReplays.$inferInsert): Promise<ReplayRow> {
  const [inserted] = await db.insert(riskReplays).values(row).returning();
  if (!inserted) throw new Error('risk_replays: the insert returned nothing');
  return inserted;
}

export async function findReplay(db: Db, scope: Scope, id: number): Promise<ReplayRow | null> {
  const rows = await db
    .select()
    .from(riskReplays)
    .where(and(eq(riskReplays.id, id), eq(riskReplays.merchantId, scope.merchantId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The replay the job runs (no caller: the job's data names it). */
export async function replayById(db: Db, id: number): Promise<ReplayRow | null> {
  const rows = await db.select().from(riskReplays).where(eq(riskReplays.id, id)).limit(1);
  return rows[0] ?? null;
}

function replayWhere(scope: Scope, country: string, ruleId: number | undefined, afterId: number | null): SQL | undefined {
  return and(
    eq(riskReplays.merchantId, scope.merchantId),
    eq(riskReplays.country, country),
    ruleId === undefined ? undefined : eq(riskReplays.ruleId, ruleId),
    afterId === null ? undefined : lt(riskReplays.id, afterId),
  );
}

/** One page of replays, newest first: risk_replays_list_idx read backwards from the cursor. */
export function replayListQuery(db: Db, scope: Scope, country: string, ruleId: number | undefined, afterId: number | null, limit: number) {
  return db
    .select()
    .from(riskReplays)
    .where(replayWhere(scope, country, ruleId, afterId))
    .orderBy(desc(riskReplays.id))
    .limit(limit);
}

export async function countReplays(db: Db, scope: Scope, country: string, ruleId: number | undefined, cap: number): Promise<number> {
  const [row] = await db.select({ n: count }).from(
    db
      .select({ one: sql`1` })
      .from(riskReplays)
      .where(replayWhere(scope, country, ruleId, null))
      .limit(cap + 1)
      .as('matching'),
  );
  return row?.n ?? 0;
}

/** Starts (or, after a lost attempt, restarts) a replay: only while it is PENDING or RUNNING. */
export async function startReplay(db: Db, id: number, total: number, at: Date): Promise<ReplayRow | null> {
  const rows = await db
    .update(riskReplays)
    .set({ status: 'RUNNING', processed: 0, total, startedAt: at })
    .where(and(eq(riskReplays.id, id), inArray(riskReplays.status, ['PENDING', 'RUNNING'])))
    .returning();
  return rows[0] ?? null;
}

export async function replayProgress(db: Db, id: number, processed: number): Promise<void> {
  await db
    .update(riskReplays)
    .set({ processed })
    .where(and(eq(riskReplays.id, id), eq(riskReplays.status, 'RUNNING')));
}

export async function finishReplay(
  db: Db,
  id: number,
  outcome: { status: 'COMPLETE' | 'FAIL'; processed?: number; result?: ReplayRow['result']; error?: string; at: Date },
): Promise<void> {
  await db
    .update(riskReplays)
    .set({
      status: outcome.status,
      ...(outcome.processed === undefined ? {} : { processed: outcome.processed }),
      result: outcome.result ?? null,
      error: outcome.error ?? null,
      finishedAt: outcome.at,
    })
    .where(and(eq(riskReplays.id, id), inArray(riskReplays.status, ['PENDING', 'RUNNING'])));
}
