import type { AccountType } from '@andes/contract/account/enums';
import type { ApprovalState, RequestEvent, RequestKind, RequestStatus } from '@andes/contract/accounting/enums';
import { and, asc, desc, eq, gte, inArray, lt, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { leaseRows } from '../../db/lease.ts';
import { accountingFeeConfigs, accountingRequestHistory, accountingRequests, fxRates } from '../../db/schema/accounting.ts';
import { accounts, ledgerEntries, ledgerPostings } from '../../db/schema/ledger.ts';
import { merchantAreas, merchants } from '../../db/schema/merchants.ts';
import { users } from '../../db/schema/users.ts';
import type { Scope } from '../../http/auth-context.ts';

/**
 * SQL of the accounting requests (docs/decisions/0027): the request rows and their history, the
 * lists, the fee configurations, the indicative rates, the balances the screens show and the
 * provider's queue. The rules (which transition, which posting) are in the services.
 */

export type RequestRow = typeof accountingRequests.$inferSelect;
export type NewRequestRow = typeof accountingRequests.$inferInsert;
export type RequestChanges = Partial<Omit<NewRequestRow, 'id' | 'kind' | 'merchantId' | 'clientRequestId' | 'requestHash'>>;

// ---- one request ---------------------------------------------------------------------------------

/** The condition of the caller's scope: a sub-merchant user sees only the transfers of their sub-merchant. */
function scopeWhere(scope: Scope): SQL | undefined {
  return and(
    eq(accountingRequests.merchantId, scope.merchantId),
    scope.subMerchantId === null
      ? undefined
      : and(eq(accountingRequests.kind, 'SUB_TRANSFER'), eq(accountingRequests.subMerchantId, scope.subMerchantId)),
  );
}

/** A request of `kind` the caller's scope holds, or null (another merchant's is as missing as an unknown id). */
export async function findScoped(db: Db, scope: Scope, kind: RequestKind, id: number): Promise<RequestRow | null> {
  const rows = await db
    .select()
    .from(accountingRequests)
    .where(and(eq(accountingRequests.id, id), eq(accountingRequests.kind, kind), scopeWhere(scope)))
    .limit(1);
  return rows[0] ?? null;
}

/** The request, locked for the rest of the transaction (a merchant's action reads what it decides on under the lock). */
export async function lockById(db: Db, id: number): Promise<RequestRow | null> {
  const rows = await db.select().from(accountingRequests).where(eq(accountingRequests.id, id)).limit(1).for('update');
  return rows[0] ?? null;
}

export async function findById(db: Db, id: number): Promise<RequestRow | null> {
  const rows = await db.select().from(accountingRequests).where(eq(accountingRequests.id, id)).limit(1);
  return rows[0] ?? null;
}

/** The request with this number, locked for the rest of the transaction (the provider's events). */
export async function findByNoForUpdate(db: Db, requestNo: string): Promise<RequestRow | null> {
  const rows = await db.select().from(accountingRequests).where(eq(accountingRequests.requestNo, requestNo)).limit(1).for('update');
  return rows[0] ?? null;
}

export async function findByClientRequest(db: Db, merchantId: number, clientRequestId: string): Promise<RequestRow | null> {
  const rows = await db
    .select()
    .from(accountingRequests)
    .where(and(eq(accountingRequests.merchantId, merchantId), eq(accountingRequests.clientRequestId, clientRequestId)))
    .limit(1);
  return rows[0] ?? null;
}

/** Inserts a request under a provisional number; `setRequestNo` gives it its number once its id is known. */
export async function insertRequest(db: Db, row: NewRequestRow): Promise<RequestRow> {
  const [inserted] = await db.insert(accountingRequests).values(row).returning();
  if (!inserted) throw new Error('accounting_requests: the insert returned nothing');
  return inserted;
}

export async function setRequestNo(db: Db, id: number, requestNo: string): Promise<RequestRow> {
  const [row] = await db.update(accountingRequests).set({ requestNo }).where(eq(accountingRequests.id, id)).returning();
  if (!row) throw new Error(`accounting request ${id} vanished before its number was set`);
  return row;
}

/**
 * The transition's write: changes the request only while it is still in `from` (and, for a
 * four-eyes decision, its approval still `approval`). Null when it moved on meanwhile: the caller
 * answers with the status it finds.
 */
export async function updateFrom(
  db: Db,
  id: number,
  from: RequestStatus,
  changes: RequestChanges,
  approval?: ApprovalState,
): Promise<RequestRow | null> {
  const rows = await db
    .update(accountingRequests)
    .set(changes)
    .where(
      and(
        eq(accountingRequests.id, id),
        eq(accountingRequests.status, from),
        approval === undefined ? undefined : eq(accountingRequests.approvalState, approval),
      ),
    )
    .returning();
  return rows[0] ?? null;
}

// ---- history -------------------------------------------------------------------------------------

export interface NewHistory {
  requestId: number;
  event: RequestEvent;
  status: RequestStatus;
  at: Date;
  byUserId: number | null;
  byName: string | null;
  reason: string | null;
  eventId: string | null;
}

export async function insertHistory(db: Db, rows: readonly NewHistory[]): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(accountingRequestHistory).values([...rows]);
}

export async function historyOf(db: Db, requestId: number) {
  return db
    .select()
    .from(accountingRequestHistory)
    .where(eq(accountingRequestHistory.requestId, requestId))
    .orderBy(asc(accountingRequestHistory.id));
}

// ---- lists ---------------------------------------------------------------------------------------

export interface RequestListFilter {
  kind: RequestKind;
  country: string;
  status?: RequestStatus;
  mode?: string;
  /** Created in [start, end). */
  start: Date;
  end: Date;
  /** A request number (exact or prefix; upper case). */
  keyword?: string;
  /** Withdrawals: a beneficiary account number (exact) matches too. */
  beneficiaryKeyword?: string;
  subMerchantId?: number;
}

const escapeLike = (s: string) => s.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Where a page starts: after the last row of the previous one, newest first. */
export interface RequestKey {
  createdAt: Date;
  id: number;
}

function listWhere(scope: Scope, f: RequestListFilter, after: RequestKey | null): SQL | undefined {
  return and(
    scopeWhere(scope),
    eq(accountingRequests.kind, f.kind),
    eq(accountingRequests.country, f.country),
    f.status === undefined ? undefined : eq(accountingRequests.status, f.status),
    f.mode === undefined ? undefined : eq(accountingRequests.mode, f.mode),
    f.subMerchantId === undefined ? undefined : eq(accountingRequests.subMerchantId, f.subMerchantId),
    gte(accountingRequests.createdAt, f.start),
    lt(accountingRequests.createdAt, f.end),
    f.keyword === undefined
      ? undefined
      : or(
          sql`${accountingRequests.requestNo} like ${`${escapeLike(f.keyword)}%`}`,
          f.beneficiaryKeyword === undefined
            ? undefined
            : sql`${accountingRequests.beneficiary} ->> 'accountNumber' = ${f.beneficiaryKeyword}`,
        ),
    after === null ? undefined : sql`(${accountingRequests.createdAt}, ${accountingRequests.id}) < (${after.createdAt}, ${after.id})`,
  );
}

/**
 * One page, newest first: keyset on (created_at, id), read backwards along
 * accounting_requests_list_idx (status_list_idx with a status; sub_list_idx for a sub-merchant
 * user) from the cursor or the end of the date range — the merchant, kind and country lead, the
 * creation time follows, so the date range and the cursor are one range of the index and the plan
 * needs no sort whatever the filters.
 */
export function listQuery(db: Db, scope: Scope, f: RequestListFilter, after: RequestKey | null, limit: number) {
  return db
    .select()
    .from(accountingRequests)
    .where(listWhere(scope, f, after))
    .orderBy(desc(accountingRequests.createdAt), desc(accountingRequests.id))
    .limit(limit);
}

export async function countRequests(db: Db, scope: Scope, f: RequestListFilter, cap: number): Promise<number> {
  const rows = await db.select({ n: sql<number>`count(*)::int`.mapWith(Number) }).from(
    db
      .select({ one: sql`1` })
      .from(accountingRequests)
      .where(listWhere(scope, f, null))
      .limit(cap + 1)
      .as('matching'),
  );
  return rows[0]?.n ?? 0;
}

// ---- people and merchants ------------------------------------------------------------------------

/** The name a user is shown by (the display name, else the username). */
export async function userName(db: Db, userId: number): Promise<string | null> {
  const [row] = await db.select({ name: users.displayName, username: users.username }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row) return null;
  return row.name.trim() === '' ? row.username : row.name;
}

export interface MerchantInfo {
  id: number;
  code: string;
  name: string;
  parentId: number | null;
}

export async function merchantsById(db: Db, ids: readonly number[]): Promise<Map<number, MerchantInfo>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: merchants.id, code: merchants.code, name: merchants.name, parentId: merchants.parentId })
    .from(merchants)
    .where(inArray(merchants.id, [...new Set(ids)]));
  return new Map(rows.map((r) => [r.id, r]));
}

export async function hasCountry(db: Db, holderId: number, country: string): Promise<boolean> {
  const rows = await db
    .select({ one: sql`1` })
    .from(merchantAreas)
    .where(and(eq(merchantAreas.merchantId, holderId), eq(merchantAreas.country, country)))
    .limit(1);
  return rows.length > 0;
}

// ---- balances ------------------------------------------------------------------------------------

export interface Balance {
  accountId: number | null;
  available: number;
  reserved: number;
}

const NO_BALANCE: Balance = { accountId: null, available: 0, reserved: 0 };

/** A holder's local account balance, without creating the account (none yet: zero). */
export async function localBalance(db: Db, holderId: number, country: string, accountType: AccountType): Promise<Balance> {
  const [row] = await db
    .select({ accountId: accounts.id, available: accounts.available, reserved: accounts.reserved })
    .from(accounts)
    .where(
      and(
        eq(accounts.kind, 'MERCHANT'),
        eq(accounts.holderId, holderId),
        eq(accounts.country, country),
        eq(accounts.accountType, accountType),
      ),
    )
    .limit(1);
  return row ?? NO_BALANCE;
}

export async function globalBalance(db: Db, merchantId: number): Promise<Balance> {
  const [row] = await db
    .select({ accountId: accounts.id, available: accounts.available, reserved: accounts.reserved })
    .from(accounts)
    .where(and(eq(accounts.kind, 'GLOBAL'), eq(accounts.holderId, merchantId)))
    .limit(1);
  return row ?? NO_BALANCE;
}

/** What the request holds reserved now: the sum of the RESERVED postings of its entries. */
export async function reservedOf(db: Db, requestId: number): Promise<number> {
  const [row] = await db
    .select({ reserved: sql<string | null>`sum(${ledgerPostings.amount})` })
    .from(ledgerEntries)
    .innerJoin(ledgerPostings, eq(ledgerPostings.entryId, ledgerEntries.id))
    .where(and(eq(ledgerEntries.requestId, requestId), eq(ledgerPostings.bucket, 'RESERVED')));
  return Number(row?.reserved ?? 0);
}

// ---- fee configurations and rates ------------------------------------------------------------------

export type FeeConfigRow = typeof accountingFeeConfigs.$inferSelect;

export async function feeConfigRow(
  db: Db,
  merchantId: number,
  country: string,
  kind: 'TOPUP' | 'WITHDRAWAL',
): Promise<FeeConfigRow | null> {
  const [row] = await db
    .select()
    .from(accountingFeeConfigs)
    .where(
      and(eq(accountingFeeConfigs.merchantId, merchantId), eq(accountingFeeConfigs.country, country), eq(accountingFeeConfigs.kind, kind)),
    )
    .limit(1);
  return row ?? null;
}

/** Sets the withdrawal approval threshold; a merchant without a row gets one with the defaults given. */
export async function upsertApprovalThreshold(db: Db, row: Omit<typeof accountingFeeConfigs.$inferInsert, 'kind'>): Promise<void> {
  await db
    .insert(accountingFeeConfigs)
    .values({ ...row, kind: 'WITHDRAWAL' })
    .onConflictDoUpdate({
      target: [accountingFeeConfigs.merchantId, accountingFeeConfigs.country, accountingFeeConfigs.kind],
      set: { approvalThreshold: row.approvalThreshold ?? null, updatedAt: row.updatedAt },
    });
}

export async function fxRateOf(db: Db, currency: string): Promise<{ rate: string; publishedAt: Date } | null> {
  const [row] = await db
    .select({ rate: fxRates.rate, publishedAt: fxRates.publishedAt })
    .from(fxRates)
    .where(eq(fxRates.currency, currency))
    .limit(1);
  return row ?? null;
}

/** Keeps the latest published rate of a currency (an older publication delivered late changes nothing). */
export async function upsertFxRate(db: Db, currency: string, rate: string, publishedAt: Date): Promise<void> {
  await db
    .insert(fxRates)
    .values({ currency, rate, publishedAt })
    .onConflictDoUpdate({
      target: fxRates.currency,
      set: { rate, publishedAt },
      setWhere: sql`${fxRates.publishedAt} <= ${publishedAt}`,
    });
}

// ---- the provider's queue --------------------------------------------------------------------------

/** Leases up to `limit` requests waiting for the provider (db/lease.ts: oldest first, never one to two pollers). */
export async function leaseWaiting(db: Db, now: Date, leasedUntil: Date, limit: number): Promise<RequestRow[]> {
  const waiting = eq(accountingRequests.awaitingProvider, true);
  return leaseRows(
    db,
    { table: accountingRequests, waiting, key: 'id', order: ['id'], lease: 'providerLeaseUntil', attempts: 'providerAttempts' },
    now,
    leasedUntil,
    limit,
  );
}

/** Exchanges whose quote ran out before the merchant confirmed it (the quote-expiry job). */
export async function expiredQuotes(db: Db, now: Date, limit: number): Promise<RequestRow[]> {
  return db
    .select()
    .from(accountingRequests)
    .where(and(eq(accountingRequests.status, 'WAIT_CONFIRM_CONTRACT'), lt(accountingRequests.rateExpiresAt, now)))
    .orderBy(asc(accountingRequests.rateExpiresAt))
    .limit(limit);
}
