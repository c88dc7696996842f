import type { ChargebackStatus } from '@andes/contract/common/enums';
import { CHARGEBACK_ACTION_PERMISSIONS, type ChargebackReasonCode } from '@andes/contract/risk/enums';
import { and, asc, desc, eq, gt, gte, inArray, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { leaseRows } from '../../db/lease.ts';
import { merchantAreas, merchants } from '../../db/schema/merchants.ts';
import { chargebackHistory, chargebacks } from '../../db/schema/risk.ts';
import { transactions } from '../../db/schema/transactions.ts';
import { rolePermissions, roles, userRoles, users } from '../../db/schema/users.ts';
import type { Scope } from '../../http/auth-context.ts';

/**
 * SQL of chargeback defence (docs/decisions/0028): the chargeback rows and their history, the
 * list and the board, the provider's queue and the reminders. Every read of merchant data takes
 * the caller's scope; the rules (which transition, which bucket) are in the services.
 */

export type ChargebackRow = typeof chargebacks.$inferSelect;
export type NewChargebackRow = typeof chargebacks.$inferInsert;
export type ChargebackChanges = Partial<Omit<NewChargebackRow, 'id' | 'merchantId' | 'transactionId' | 'payinId' | 'uniqueId'>>;
export type HistoryEvent = (typeof chargebackHistory.$inferInsert)['event'];

const payin = alias(transactions, 'payin');
const sub = alias(merchants, 'sub');

/** A chargeback with what the screens show of its pay-in and sub-merchant. */
export interface ChargebackView {
  cb: ChargebackRow;
  payinUniqueId: string;
  merchantReference: string;
  productType: string;
  payinAmount: number;
  cardBin: string | null;
  cardLast4: string | null;
  subMerchantName: string | null;
}

/** The caller's scope: a sub-merchant user sees only their sub-merchant's chargebacks. */
function scopeWhere(scope: Scope): SQL | undefined {
  return and(
    eq(chargebacks.merchantId, scope.merchantId),
    scope.subMerchantId === null ? undefined : eq(chargebacks.subMerchantId, scope.subMerchantId),
  );
}

const viewColumns = {
  cb: chargebacks,
  payinUniqueId: payin.uniqueId,
  merchantReference: payin.merchantReference,
  productType: payin.productType,
  payinAmount: payin.amount,
  cardBin: payin.cardBin,
  cardLast4: payin.cardLast4,
  subMerchantName: sub.name,
};

function viewQuery(db: Db) {
  return db
    .select(viewColumns)
    .from(chargebacks)
    .innerJoin(payin, eq(payin.id, chargebacks.payinId))
    .leftJoin(sub, eq(sub.id, chargebacks.subMerchantId));
}

// ---- one chargeback ------------------------------------------------------------------------------

export async function findScoped(db: Db, scope: Scope, id: number): Promise<ChargebackView | null> {
  const rows = await viewQuery(db)
    .where(and(eq(chargebacks.id, id), scopeWhere(scope)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findView(db: Db, id: number): Promise<ChargebackView | null> {
  const rows = await viewQuery(db).where(eq(chargebacks.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The chargeback, locked for the rest of the transaction. */
export async function lockById(db: Db, id: number): Promise<ChargebackRow | null> {
  const rows = await db.select().from(chargebacks).where(eq(chargebacks.id, id)).limit(1).for('update');
  return rows[0] ?? null;
}

/** The chargeback of this CHARGE_BACK transaction unique id, locked (the platform's outcome events). */
export async function lockByUniqueId(db: Db, uniqueId: string): Promise<ChargebackRow | null> {
  const rows = await db
    .select({ cb: chargebacks })
    .from(chargebacks)
    .innerJoin(transactions, eq(transactions.id, chargebacks.transactionId))
    .where(eq(transactions.uniqueId, uniqueId))
    .limit(1)
    .for('update', { of: chargebacks });
  return rows[0]?.cb ?? null;
}

/** A transaction row by id, locked for the rest of the transaction (a won chargeback's pay-in). */
export async function lockTransactionById(db: Db, id: number) {
  const rows = await db.select().from(transactions).where(eq(transactions.id, id)).limit(1).for('update');
  return rows[0] ?? null;
}

export async function insertChargeback(db: Db, row: NewChargebackRow): Promise<ChargebackRow> {
  const [inserted] = await db.insert(chargebacks).values(row).returning();
  if (!inserted) throw new Error('chargebacks: the insert returned nothing');
  return inserted;
}

/** Changes the chargeback only while it is still `from` (and `extra` holds); null when it moved on. */
export async function updateFrom(
  db: Db,
  id: number,
  from: readonly ChargebackStatus[],
  changes: ChargebackChanges,
  extra?: SQL,
): Promise<ChargebackRow | null> {
  const rows = await db
    .update(chargebacks)
    .set(changes)
    .where(and(eq(chargebacks.id, id), inArray(chargebacks.status, [...from]), extra))
    .returning();
  return rows[0] ?? null;
}

// ---- history -------------------------------------------------------------------------------------

export interface NewHistory {
  chargebackId: number;
  event: HistoryEvent;
  status: ChargebackStatus;
  at: Date;
  byUserId: number | null;
  byName: string | null;
  note: string | null;
}

export async function insertHistory(db: Db, rows: readonly NewHistory[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(chargebackHistory).values([...rows]);
}

export async function historyOf(db: Db, chargebackId: number) {
  return db.select().from(chargebackHistory).where(eq(chargebackHistory.chargebackId, chargebackId)).orderBy(asc(chargebackHistory.id));
}

// ---- lists ---------------------------------------------------------------------------------------

export interface ChargebackListFilter {
  country: string;
  status?: ChargebackStatus;
  reasonCode?: ChargebackReasonCode;
  /** Disputed in [start, end). */
  start?: Date;
  end?: Date;
  /** Open ones whose deadline is in [from, to) (a board bucket). */
  deadline?: { from: Date | null; to: Date | null };
  keyword?: string;
}

/** Where a page starts: the last row of the previous one (dispute date, or deadline within a bucket). */
export interface ChargebackKey {
  at: Date;
  id: number;
}

function listWhere(scope: Scope, f: ChargebackListFilter, after: ChargebackKey | null): SQL | undefined {
  const byDeadline = f.deadline !== undefined;
  return and(
    scopeWhere(scope),
    eq(chargebacks.country, f.country),
    f.status === undefined ? undefined : eq(chargebacks.status, f.status),
    byDeadline ? eq(chargebacks.status, 'CHARGE_BACK') : undefined,
    f.deadline?.from ? gte(chargebacks.deadline, f.deadline.from) : undefined,
    f.deadline?.to ? lt(chargebacks.deadline, f.deadline.to) : undefined,
    f.reasonCode === undefined ? undefined : eq(chargebacks.reasonCode, f.reasonCode),
    f.start === undefined ? undefined : gte(chargebacks.disputeDate, f.start),
    f.end === undefined ? undefined : lt(chargebacks.disputeDate, f.end),
    f.keyword === undefined
      ? undefined
      : or(
          eq(chargebacks.uniqueId, f.keyword),
          inArray(
            chargebacks.payinId,
            sql`(select ${transactions.id} from ${transactions} where ${transactions.merchantId} = ${scope.merchantId}
                  and (${transactions.uniqueId} = ${f.keyword} or ${transactions.merchantReference} = ${f.keyword}))`,
          ),
        ),
    after === null
      ? undefined
      : byDeadline
        ? sql`(${chargebacks.deadline}, ${chargebacks.id}) > (${after.at}, ${after.id})`
        : sql`(${chargebacks.disputeDate}, ${chargebacks.id}) < (${after.at}, ${after.id})`,
  );
}

/**
 * One page: newest dispute first along chargebacks_list_idx (merchant, country, dispute date, id)
 * read backwards; within a bucket, nearest deadline first along chargebacks_open_idx.
 */
export function listQuery(db: Db, scope: Scope, f: ChargebackListFilter, after: ChargebackKey | null, limit: number) {
  const order =
    f.deadline !== undefined ? [asc(chargebacks.deadline), asc(chargebacks.id)] : [desc(chargebacks.disputeDate), desc(chargebacks.id)];
  return viewQuery(db)
    .where(listWhere(scope, f, after))
    .orderBy(...order)
    .limit(limit);
}

export async function countChargebacks(db: Db, scope: Scope, f: ChargebackListFilter, cap: number): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(
    db
      .select({ one: sql`1` })
      .from(chargebacks)
      .where(listWhere(scope, f, null))
      .limit(cap + 1)
      .as('matching'),
  );
  return rows[0]?.n ?? 0;
}

// ---- summary -------------------------------------------------------------------------------------

const int8 = (expr: SQL) => sql<number>`coalesce(${expr}, 0)::int8`.mapWith(Number);

export async function statusTotals(db: Db, scope: Scope, country: string) {
  return db
    .select({ status: chargebacks.status, count: int8(sql`count(*)`), amount: int8(sql`sum(${chargebacks.amount})`) })
    .from(chargebacks)
    .where(and(scopeWhere(scope), eq(chargebacks.country, country)))
    .groupBy(chargebacks.status);
}

/** The open chargebacks per board bucket (instant bounds from deadline.ts bucketBounds). */
export async function boardTotals(db: Db, scope: Scope, country: string, b: { now: Date; tomorrow: Date; weekEnd: Date }) {
  const bucket = sql<string>`case when ${chargebacks.deadline} < ${b.now} then 'OVERDUE'
    when ${chargebacks.deadline} < ${b.tomorrow} then 'TODAY'
    when ${chargebacks.deadline} < ${b.weekEnd} then 'THIS_WEEK' else 'LATER' end`;
  return (
    db
      .select({ bucket, count: int8(sql`count(*)`), amount: int8(sql`sum(${chargebacks.amount})`) })
      .from(chargebacks)
      .where(and(scopeWhere(scope), eq(chargebacks.country, country), eq(chargebacks.status, 'CHARGE_BACK')))
      // By position: the bucket expression's parameters are bound again in a GROUP BY of its text.
      .groupBy(sql`1`)
  );
}

// ---- the provider's queue --------------------------------------------------------------------------

/** Leases up to `limit` defences waiting for the provider (db/lease.ts: oldest first, never one to two pollers). */
export async function leaseWaiting(db: Db, now: Date, leasedUntil: Date, limit: number): Promise<ChargebackRow[]> {
  const waiting = eq(chargebacks.awaitingProvider, true);
  return leaseRows(
    db,
    { table: chargebacks, waiting, key: 'id', order: ['id'], lease: 'providerLeaseUntil', attempts: 'providerAttempts' },
    now,
    leasedUntil,
    limit,
  );
}

export async function payinUniqueIds(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: transactions.id, uniqueId: transactions.uniqueId })
    .from(transactions)
    .where(inArray(transactions.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.uniqueId]));
}

// ---- reminders -----------------------------------------------------------------------------------

/**
 * Claims the open chargebacks due for a reminder and marks them in the same statement (so two
 * workers never both claim one): the `days`-day reminder of those whose deadline is within
 * (now + after, now + days] and who have not had it (nor, for the 3-day one, the 1-day one).
 */
export async function claimReminders(db: Db, days: 1 | 3, now: Date, afterMs: number, limit: number): Promise<ChargebackRow[]> {
  const column = days === 1 ? chargebacks.reminded1At : chargebacks.reminded3At;
  const until = new Date(now.getTime() + days * 86_400_000);
  const from = new Date(now.getTime() + afterMs);
  const due = db
    .select({ id: chargebacks.id })
    .from(chargebacks)
    .where(
      and(
        eq(chargebacks.status, 'CHARGE_BACK'),
        isNull(column),
        days === 3 ? isNull(chargebacks.reminded1At) : undefined,
        gt(chargebacks.deadline, from),
        lte(chargebacks.deadline, until),
      ),
    )
    .orderBy(asc(chargebacks.deadline))
    .limit(limit);
  return db
    .update(chargebacks)
    .set(days === 1 ? { reminded1At: now } : { reminded3At: now })
    .where(and(inArray(chargebacks.id, due), eq(chargebacks.status, 'CHARGE_BACK'), isNull(column)))
    .returning();
}

export interface Recipient {
  email: string;
  name: string;
  language: (typeof users.$inferSelect)['language'];
}

/**
 * The merchant's users who may defend its chargebacks of `country`: active merchant users (not a
 * sub-merchant's) with an e-mail, holding `risk:chargeback:defense` through an enabled role (or
 * super admins), the country among their authorised ones.
 */
export async function defenders(db: Db, merchantId: number, country: string): Promise<Recipient[]> {
  const holds = sql`(${users.superAdmin} or exists (
      select 1 from ${userRoles}
      join ${roles} on ${roles.id} = ${userRoles.roleId} and ${roles.merchantId} = ${users.merchantId} and ${roles.state} = 1
      join ${rolePermissions} on ${rolePermissions.roleId} = ${roles.id} and ${rolePermissions.code} = ${CHARGEBACK_ACTION_PERMISSIONS.DEFEND}
      where ${userRoles.userId} = ${users.id}))`;
  const rows = await db
    .select({ email: users.email, name: users.displayName, username: users.username, language: users.language })
    .from(users)
    .where(
      and(
        eq(users.merchantId, merchantId),
        isNull(users.subMerchantId),
        eq(users.state, 1),
        sql`${users.email} is not null and ${users.email} <> ''`,
        or(isNull(users.countries), sql`${country} = any(${users.countries})`),
        sql`exists (select 1 from ${merchantAreas} where ${merchantAreas.merchantId} = ${merchantId} and ${merchantAreas.country} = ${country})`,
        holds,
      ),
    )
    .orderBy(asc(users.id));
  return rows.map((r) => ({ email: r.email as string, name: r.name.trim() === '' ? r.username : r.name, language: r.language }));
}
