import type { CaseStatus } from '@andes/contract/common/enums';
import { and, asc, desc, eq, gt, gte, ilike, inArray, isNull, lt, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { leaseRows } from '../../db/lease.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { supportCaseReplies, supportCases } from '../../db/schema/support.ts';
import { transactionExportLinks } from '../../db/schema/transaction-exports.ts';
import { transactions } from '../../db/schema/transactions.ts';
import type { Scope } from '../../http/auth-context.ts';

/**
 * SQL of support cases (docs/decisions/0029): the case rows and their thread, the list and the
 * counts, the transaction a case is about, the provider's queue. Every read of merchant data takes
 * the caller's scope; the rules (which status, who may) are in the services.
 */

export type CaseRow = typeof supportCases.$inferSelect;
export type NewCaseRow = typeof supportCases.$inferInsert;
export type ReplyRow = typeof supportCaseReplies.$inferSelect;
export type NewReplyRow = typeof supportCaseReplies.$inferInsert;
export type CaseChanges = Partial<Omit<NewCaseRow, 'id' | 'merchantId' | 'caseNo' | 'idempotencyKey' | 'createdAt'>>;

const sub = alias(merchants, 'sub');

/** A case with what the screens show of its sub-merchant and transaction. */
export interface CaseView {
  c: CaseRow;
  subMerchantName: string | null;
  transactionUniqueId: string | null;
}

/** The caller's scope: a sub-merchant user sees only their sub-merchant's cases. */
function scopeWhere(scope: Scope): SQL | undefined {
  return and(
    eq(supportCases.merchantId, scope.merchantId),
    scope.subMerchantId === null ? undefined : eq(supportCases.subMerchantId, scope.subMerchantId),
  );
}

function viewQuery(db: Db) {
  return db
    .select({ c: supportCases, subMerchantName: sub.name, transactionUniqueId: transactions.uniqueId })
    .from(supportCases)
    .leftJoin(sub, eq(sub.id, supportCases.subMerchantId))
    .leftJoin(transactions, eq(transactions.id, supportCases.transactionId));
}

export async function findScoped(db: Db, scope: Scope, id: number): Promise<CaseView | null> {
  const rows = await viewQuery(db)
    .where(and(scopeWhere(scope), eq(supportCases.id, id)))
    .limit(1);
  return rows[0] ?? null;
}

export async function findView(db: Db, id: number): Promise<CaseView | null> {
  const rows = await viewQuery(db).where(eq(supportCases.id, id)).limit(1);
  return rows[0] ?? null;
}

export async function findByKey(db: Db, merchantId: number, idempotencyKey: string): Promise<CaseRow | null> {
  const rows = await db
    .select()
    .from(supportCases)
    .where(and(eq(supportCases.merchantId, merchantId), eq(supportCases.idempotencyKey, idempotencyKey)))
    .limit(1);
  return rows[0] ?? null;
}

export async function lockById(db: Db, id: number): Promise<CaseRow | null> {
  const rows = await db.select().from(supportCases).where(eq(supportCases.id, id)).limit(1).for('update');
  return rows[0] ?? null;
}

export async function lockByCaseNo(db: Db, caseNo: string): Promise<CaseRow | null> {
  const rows = await db.select().from(supportCases).where(eq(supportCases.caseNo, caseNo)).limit(1).for('update');
  return rows[0] ?? null;
}

/** Inserts a case unless the merchant used its idempotency key already (then null). */
export async function insertCase(db: Db, row: NewCaseRow): Promise<CaseRow | null> {
  const rows = await db
    .insert(supportCases)
    .values(row)
    .onConflictDoNothing({ target: [supportCases.merchantId, supportCases.idempotencyKey] })
    .returning();
  return rows[0] ?? null;
}

/**
 * Changes a case when it still has the status and version read (`from`); answers the row after,
 * or null when someone changed it in between. The version goes up with every change.
 */
export async function updateCase(
  db: Db,
  row: Pick<CaseRow, 'id' | 'version'>,
  from: readonly CaseStatus[],
  changes: CaseChanges,
  now: Date,
): Promise<CaseRow | null> {
  const rows = await db
    .update(supportCases)
    .set({ ...changes, version: sql`${supportCases.version} + 1`, updatedAt: now })
    .where(and(eq(supportCases.id, row.id), eq(supportCases.version, row.version), inArray(supportCases.status, [...from])))
    .returning();
  return rows[0] ?? null;
}

/** Inserts a thread row; null when its request key was used on the case already. */
export async function insertReply(db: Db, row: NewReplyRow): Promise<ReplyRow | null> {
  const rows = await db.insert(supportCaseReplies).values(row).onConflictDoNothing().returning();
  return rows[0] ?? null;
}

export async function findReplyByKey(db: Db, caseId: number, requestKey: string): Promise<ReplyRow | null> {
  const rows = await db
    .select()
    .from(supportCaseReplies)
    .where(and(eq(supportCaseReplies.caseId, caseId), eq(supportCaseReplies.requestKey, requestKey)))
    .limit(1);
  return rows[0] ?? null;
}

/** Every file of a case's thread (the replies' appendices), for the file download's check. */
export async function replyFiles(db: Db, caseId: number): Promise<ReplyRow['appendices']> {
  const rows = await db
    .select({ appendices: supportCaseReplies.appendices })
    .from(supportCaseReplies)
    .where(and(eq(supportCaseReplies.caseId, caseId), sql`jsonb_array_length(${supportCaseReplies.appendices}) > 0`));
  return rows.flatMap((r) => r.appendices);
}

export interface ReplyKey {
  id: number;
}

/** A page of a thread in id order (ascending: oldest first), one row more than asked. */
export async function replyPage(db: Db, caseId: number, newestFirst: boolean, after: ReplyKey | null, limit: number): Promise<ReplyRow[]> {
  const cursor = after === null ? undefined : newestFirst ? lt(supportCaseReplies.id, after.id) : gt(supportCaseReplies.id, after.id);
  return db
    .select()
    .from(supportCaseReplies)
    .where(and(eq(supportCaseReplies.caseId, caseId), cursor))
    .orderBy(newestFirst ? desc(supportCaseReplies.id) : asc(supportCaseReplies.id))
    .limit(limit);
}

export async function countReplies(db: Db, caseId: number, cap: number): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(supportCaseReplies)
    .where(eq(supportCaseReplies.caseId, caseId))
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return row?.n ?? 0;
}

/** The latest merchant-side thread row of a case (what the provider answers). */
export async function lastMerchantRows(db: Db, caseIds: readonly number[]): Promise<Map<number, ReplyRow>> {
  if (caseIds.length === 0) return new Map();
  const rows = await db
    .selectDistinctOn([supportCaseReplies.caseId])
    .from(supportCaseReplies)
    .where(and(inArray(supportCaseReplies.caseId, [...caseIds]), eq(supportCaseReplies.side, 'MERCHANT')))
    .orderBy(supportCaseReplies.caseId, desc(supportCaseReplies.id));
  return new Map(rows.map((r) => [r.caseId, r]));
}

// ---- the list -----------------------------------------------------------------------------------

export interface CaseListFilter {
  country: string;
  status?: CaseStatus | undefined;
  caseType?: string | undefined;
  start?: Date | undefined;
  end?: Date | undefined;
  keyword?: string | undefined;
}

export interface CaseKey {
  at: Date;
  id: number;
}

function filterWhere(scope: Scope, f: CaseListFilter): SQL | undefined {
  const keyword = f.keyword;
  return and(
    scopeWhere(scope),
    eq(supportCases.country, f.country),
    f.status === undefined ? undefined : eq(supportCases.status, f.status),
    f.caseType === undefined ? undefined : eq(supportCases.caseType, f.caseType),
    f.start === undefined ? undefined : gte(supportCases.createdAt, f.start),
    f.end === undefined ? undefined : lt(supportCases.createdAt, f.end),
    keyword === undefined
      ? undefined
      : or(
          eq(supportCases.caseNo, keyword.toUpperCase()),
          eq(supportCases.transactionKey, keyword),
          eq(supportCases.e2eId, keyword),
          ilike(supportCases.title, `%${keyword.replace(/[\\%_]/g, (c) => `\\${c}`)}%`),
        ),
  );
}

/** Newest first; one row more than `limit` asks for when there is more. */
export async function listQuery(db: Db, scope: Scope, f: CaseListFilter, after: CaseKey | null, limit: number): Promise<CaseView[]> {
  const cursor =
    after === null
      ? undefined
      : or(lt(supportCases.createdAt, after.at), and(eq(supportCases.createdAt, after.at), lt(supportCases.id, after.id)));
  return viewQuery(db)
    .where(and(filterWhere(scope, f), cursor))
    .orderBy(desc(supportCases.createdAt), desc(supportCases.id))
    .limit(limit);
}

export async function countCases(db: Db, scope: Scope, f: CaseListFilter, cap: number): Promise<number> {
  const inner = db
    .select({ one: sql`1` })
    .from(supportCases)
    .where(filterWhere(scope, f))
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(inner);
  return row?.n ?? 0;
}

export async function statusCounts(
  db: Db,
  scope: Scope,
  f: Omit<CaseListFilter, 'status' | 'keyword'>,
): Promise<{ status: string; count: number; awaiting: number }[]> {
  return db
    .select({
      status: supportCases.status,
      count: sql<number>`count(*)::int`,
      awaiting: sql<number>`count(*) filter (where ${supportCases.awaitingProvider} and ${supportCases.status} <> 'CLOSED')::int`,
    })
    .from(supportCases)
    .where(filterWhere(scope, f))
    .groupBy(supportCases.status);
}

// ---- the transaction a case is about ------------------------------------------------------------

/**
 * The caller's transaction in `country` that a case names: by its unique id or merchant reference
 * (`key`), else by its E2E id; the newest when several share a merchant reference. Scoped like the
 * transaction list (a sub-merchant user: their sub-merchant's only).
 */
export async function matchTransaction(
  db: Db,
  scope: Scope,
  country: string,
  key: string | undefined,
  e2eId: string | undefined,
): Promise<{ id: number; uniqueId: string } | null> {
  const by: SQL[] = [];
  if (key !== undefined) {
    const byKey = or(eq(transactions.uniqueId, key), eq(transactions.merchantReference, key));
    if (byKey) by.push(byKey);
  }
  if (e2eId !== undefined) by.push(eq(transactions.e2eId, e2eId));
  for (const condition of by) {
    const rows = await db
      .select({ id: transactions.id, uniqueId: transactions.uniqueId })
      .from(transactions)
      .where(
        and(
          eq(transactions.merchantId, scope.merchantId),
          scope.subMerchantId === null ? undefined : eq(transactions.subMerchantId, scope.subMerchantId),
          eq(transactions.country, country),
          condition,
        ),
      )
      .orderBy(desc(transactions.createdAt), desc(transactions.id))
      .limit(1);
    if (rows[0]) return rows[0];
  }
  return null;
}

/** An open case about this transaction the caller can see (the duplicate guard), the newest. */
export async function openCaseOf(db: Db, scope: Scope, transactionId: number): Promise<CaseRow | null> {
  const rows = await db
    .select()
    .from(supportCases)
    .where(and(scopeWhere(scope), eq(supportCases.transactionId, transactionId), sql`${supportCases.status} <> 'CLOSED'`))
    .orderBy(desc(supportCases.id))
    .limit(1);
  return rows[0] ?? null;
}

// ---- the provider's queue -----------------------------------------------------------------------

/** Leases cases the provider owes an answer (not CLOSED), oldest first, skipping rows another claim holds. */
export async function leaseWaiting(db: Db, now: Date, leasedUntil: Date, limit: number): Promise<CaseRow[]> {
  const waiting = and(eq(supportCases.awaitingProvider, true), sql`${supportCases.status} <> 'CLOSED'`);
  return leaseRows(
    db,
    { table: supportCases, waiting, key: 'id', order: ['id'], lease: 'providerLeaseUntil', attempts: 'providerAttempts' },
    now,
    leasedUntil,
    limit,
  );
}

export async function transactionUniqueIds(db: Db, ids: readonly number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: transactions.id, uniqueId: transactions.uniqueId })
    .from(transactions)
    .where(inArray(transactions.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r.uniqueId]));
}

// ---- one-time file links (the transaction export links' table, docs/decisions/0029) -------------

/** What a case file's link was issued for (kept in `transaction_export_links.request`). */
export const CASE_FILE_LINK_KIND = 'SUPPORT_CASE_FILE';

export async function insertFileLink(
  db: Db,
  link: { tokenHash: string; userId: number; merchantId: number; caseId: number; fileId: string; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(transactionExportLinks).values({
    tokenHash: link.tokenHash,
    userId: link.userId,
    merchantId: link.merchantId,
    request: { kind: CASE_FILE_LINK_KIND, caseId: link.caseId, fileId: link.fileId },
    createdAt: link.createdAt,
    expiresAt: link.expiresAt,
  });
}

/** Uses a case file's link up (unused, unexpired, of a case file) and answers what it names, or null. */
export async function consumeFileLink(
  db: Db,
  tokenHash: string,
  now: Date,
): Promise<{ userId: number; merchantId: number; caseId: number; fileId: string } | null> {
  const rows = await db
    .update(transactionExportLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(transactionExportLinks.tokenHash, tokenHash),
        isNull(transactionExportLinks.usedAt),
        gt(transactionExportLinks.expiresAt, now),
        sql`${transactionExportLinks.request} ->> 'kind' = ${CASE_FILE_LINK_KIND}`,
      ),
    )
    .returning({
      userId: transactionExportLinks.userId,
      merchantId: transactionExportLinks.merchantId,
      request: transactionExportLinks.request,
    });
  const row = rows[0];
  if (!row) return null;
  const request = row.request as { caseId?: unknown; fileId?: unknown };
  if (typeof request.caseId !== 'number' || typeof request.fileId !== 'string') return null;
  return { userId: row.userId, merchantId: row.merchantId, caseId: request.caseId, fileId: request.fileId };
}

/** Serialises the creation of cases about one transaction (the duplicate guard), until the transaction ends. */
export async function lockTransactionCases(db: Db, transactionId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext(${`support-case:${transactionId}`}))`);
}
