import type { PayoutStatus, PayoutTab } from '@andes/contract/payout/enums';
import { and, asc, desc, eq, gte, inArray, isNull, lte, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts } from '../../db/schema/ledger.ts';
import { type PAYOUT_CODE_PURPOSES, payoutBatches, payouts, payoutVerifyCodes } from '../../db/schema/payouts.ts';
import { platformEvents } from '../../db/schema/platform.ts';
import { merchantProducts, transactions } from '../../db/schema/transactions.ts';
import { users } from '../../db/schema/users.ts';
import type { Scope } from '../../http/auth-context.ts';
import { funnelColumnsFor } from '../ledger/funnel.ts';

/**
 * The payouts' SQL (docs/decisions/0025). Every read of payouts takes the caller's scope: the
 * merchant's payouts, and for a sub-merchant user only their sub-merchant's.
 */

export type PayoutRow = typeof payouts.$inferSelect;
export type BatchRow = typeof payoutBatches.$inferSelect;
export type NewBatchRow = typeof payoutBatches.$inferInsert;
export type CodeRow = typeof payoutVerifyCodes.$inferSelect;
export type CodePurpose = (typeof PAYOUT_CODE_PURPOSES)[number];

/** Rows per INSERT statement: a statement takes at most 65,535 parameters (transactions have about 20 columns set). */
const ROWS_PER_INSERT = 1_000;

export function scopeWhere(scope: Scope): SQL | undefined {
  return and(
    eq(payouts.merchantId, scope.merchantId),
    scope.subMerchantId === null ? undefined : eq(payouts.subMerchantId, scope.subMerchantId),
  );
}

// ---- users ---------------------------------------------------------------------------------------

export interface UserContact {
  id: number;
  name: string;
  email: string | null;
  language: 'en' | 'zh-CN';
}

export async function findUserContact(db: Db, userId: number): Promise<UserContact | null> {
  const [row] = await db
    .select({ id: users.id, name: users.displayName, username: users.username, email: users.email, language: users.language })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) return null;
  return { id: row.id, name: row.name.trim() === '' ? row.username : row.name, email: row.email, language: row.language };
}

// ---- pricing and balance -------------------------------------------------------------------------

export interface Pricing {
  feeBps: number;
  feeFixed: number;
  vatBps: number;
}

/** The merchant's open payout products in a country, by product type, with their price. */
export async function payoutPricing(db: Db, merchantId: number, country: string): Promise<Map<string, Pricing>> {
  const rows = await db
    .select({
      productType: merchantProducts.productType,
      feeBps: merchantProducts.feeBps,
      feeFixed: merchantProducts.feeFixed,
      vatBps: merchantProducts.vatBps,
    })
    .from(merchantProducts)
    .where(
      and(
        eq(merchantProducts.merchantId, merchantId),
        eq(merchantProducts.country, country),
        eq(merchantProducts.product, 'payout'),
        eq(merchantProducts.open, 1),
      ),
    );
  return new Map(rows.map((r) => [r.productType, { feeBps: r.feeBps, feeFixed: r.feeFixed, vatBps: r.vatBps }]));
}

/** The available and reserved money of a holder's payout account in a country (zeros before it exists). */
export async function payoutAccountBalance(db: Db, holderId: number, country: string): Promise<{ available: number; reserved: number }> {
  const [row] = await db
    .select({ available: accounts.available, reserved: accounts.reserved })
    .from(accounts)
    .where(
      and(
        eq(accounts.kind, 'MERCHANT'),
        eq(accounts.holderId, holderId),
        eq(accounts.country, country),
        eq(accounts.accountType, 'PAY_OUT'),
      ),
    )
    .limit(1);
  return row ?? { available: 0, reserved: 0 };
}

// ---- references and duplicates -------------------------------------------------------------------

/**
 * The references among `references` already used by a payout of the merchant (the dashboard's or
 * the platform's), those of the batch `exceptBatch` aside (a repeated request reads its file again).
 */
export async function referencesUsed(
  db: Db,
  merchantId: number,
  references: readonly string[],
  exceptBatch: number | null = null,
): Promise<Set<string>> {
  if (references.length === 0) return new Set();
  const list = [...new Set(references)];
  const fromPayouts = await db
    .select({ reference: payouts.merchantReference })
    .from(payouts)
    .where(
      and(
        eq(payouts.merchantId, merchantId),
        inArray(payouts.merchantReference, list),
        exceptBatch === null ? undefined : ne(payouts.batchId, exceptBatch),
      ),
    );
  const fromTransactions = await db
    .select({ reference: transactions.merchantReference })
    .from(transactions)
    .where(
      and(
        eq(transactions.merchantId, merchantId),
        inArray(transactions.merchantReference, list),
        eq(transactions.transactionType, 'PAY_OUT'),
        exceptBatch === null
          ? undefined
          : sql`not exists (select 1 from ${payouts} where ${payouts.transactionId} = ${transactions.id} and ${payouts.batchId} = ${exceptBatch})`,
      ),
    );
  return new Set([...fromPayouts, ...fromTransactions].map((r) => r.reference));
}

export interface DuplicateCandidate {
  beneficiaryKey: string;
  amount: number;
  uniqueId: string;
  createdAt: Date;
  approvalStatus: string;
  transactionStatus: string;
}

/**
 * The caller's payouts in the country, created since `since`, to one of the beneficiaries and
 * still pending, waiting, in progress or settled (the amounts are compared by the caller).
 */
export async function duplicateCandidates(
  db: Db,
  scope: Scope,
  country: string,
  keys: readonly string[],
  since: Date,
  exceptBatch: number | null = null,
): Promise<DuplicateCandidate[]> {
  if (keys.length === 0) return [];
  return db
    .select({
      beneficiaryKey: payouts.beneficiaryKey,
      amount: payouts.amount,
      uniqueId: transactions.uniqueId,
      createdAt: payouts.createdAt,
      approvalStatus: payouts.approvalStatus,
      transactionStatus: transactions.status,
    })
    .from(payouts)
    .innerJoin(transactions, eq(transactions.id, payouts.transactionId))
    .where(
      and(
        scopeWhere(scope),
        eq(payouts.country, country),
        inArray(payouts.beneficiaryKey, [...new Set(keys)]),
        gte(payouts.createdAt, since),
        exceptBatch === null ? undefined : ne(payouts.batchId, exceptBatch),
        or(
          eq(payouts.approvalStatus, 'PENDING'),
          and(
            eq(payouts.approvalStatus, 'APPROVED'),
            inArray(transactions.status, ['INITIAL_STATUS', 'CREATED', 'IN_PROGRESS', 'SETTLED']),
          ),
        ),
      ),
    )
    .orderBy(asc(payouts.createdAt), asc(payouts.id));
}

// ---- batches -------------------------------------------------------------------------------------

export async function findBatchByRequest(db: Db, merchantId: number, requestId: string): Promise<BatchRow | null> {
  const [row] = await db
    .select()
    .from(payoutBatches)
    .where(and(eq(payoutBatches.merchantId, merchantId), eq(payoutBatches.requestId, requestId)))
    .limit(1);
  return row ?? null;
}

/** Inserts the batch unless its request id was used (a concurrent insert of it waits, then loses): null then. */
export async function insertBatch(db: Db, row: NewBatchRow): Promise<BatchRow | null> {
  const [created] = await db
    .insert(payoutBatches)
    .values(row)
    .onConflictDoNothing({ target: [payoutBatches.merchantId, payoutBatches.requestId] })
    .returning();
  return created ?? null;
}

/** Rows of `rows` as the JSON array a bulk INSERT reads (jsonb_to_recordset): instants as ISO texts. */
function jsonRows(rows: readonly Record<string, unknown>[]): string {
  return JSON.stringify(rows, (_key, value) => (value instanceof Date ? value.toISOString() : value));
}

/** A new payout's transaction: the columns the dashboard sets (the others keep their defaults). */
export interface NewPayoutTransaction {
  uniqueId: string;
  merchantId: number;
  subMerchantId: number | null;
  accountId: number;
  productType: string;
  country: string;
  currency: string;
  amount: number;
  merchantReference: string;
  accountName: string;
  beneficiary: unknown;
  createdAt: Date;
  createdDate: string;
  statusAt: Date;
}

/**
 * Inserts PAY_OUT transactions (status CREATED) in bulk: one statement per ROWS_PER_INSERT rows,
 * read from one JSON parameter (jsonb_to_recordset) — about ten times faster than a multi-row
 * VALUES of the table's 45 columns, on PostgreSQL and PGlite alike. Their ids, in order.
 */
export async function insertTransactions(db: Db, rows: readonly NewPayoutTransaction[]): Promise<{ id: number; uniqueId: string }[]> {
  const out: { id: number; uniqueId: string }[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    const result = await db.execute(sql`
      insert into ${transactions} (unique_id, merchant_id, sub_merchant_id, account_id, transaction_type, product, product_type, country,
                                   currency, amount, status, merchant_reference, account_name, beneficiary, created_at, created_date, status_at)
      select r."uniqueId", r."merchantId", r."subMerchantId", r."accountId", 'PAY_OUT', 'payout', r."productType", r.country,
             r.currency, r.amount, 'CREATED', r."merchantReference", r."accountName", r.beneficiary, r."createdAt", r."createdDate", r."statusAt"
        from jsonb_array_elements(${jsonRows(chunk as unknown as Record<string, unknown>[])}::jsonb) with ordinality as e(value, n)
             cross join lateral jsonb_to_record(e.value) as r(
               "uniqueId" text, "merchantId" int4, "subMerchantId" int4, "accountId" int4, "productType" text, country text, currency text,
               amount int8, "merchantReference" text, "accountName" text, beneficiary jsonb, "createdAt" timestamptz, "createdDate" text,
               "statusAt" timestamptz)
       order by e.n
      returning id, unique_id`);
    const created = (result as unknown as { rows: { id: number | string; unique_id: string }[] }).rows;
    const byUniqueId = new Map(created.map((c) => [c.unique_id, Number(c.id)]));
    for (const r of chunk) {
      const id = byUniqueId.get(r.uniqueId);
      if (id === undefined) throw new Error(`transaction ${r.uniqueId} was not inserted`);
      out.push({ id, uniqueId: r.uniqueId });
    }
  }
  return out;
}

/** A new approval row: the columns the creation sets. */
export interface NewPayout {
  batchId: number;
  merchantId: number;
  subMerchantId: number | null;
  transactionId: number;
  country: string;
  productType: string;
  amount: number;
  fee: number;
  vat: number;
  merchantReference: string;
  beneficiaryKey: string;
  rowNumber: number | null;
  createdBy: number;
  createdByName: string;
  expiresAt: Date;
  duplicateConfirmed: boolean;
  createdAt: Date;
}

/** Inserts approval rows in bulk (as insertTransactions); their ids, in order. */
export async function insertPayouts(db: Db, rows: readonly NewPayout[]): Promise<{ id: number; transactionId: number }[]> {
  const out: { id: number; transactionId: number }[] = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT) {
    const chunk = rows.slice(i, i + ROWS_PER_INSERT);
    const result = await db.execute(sql`
      insert into ${payouts} (batch_id, merchant_id, sub_merchant_id, transaction_id, country, product_type, amount, fee, vat,
                              merchant_reference, beneficiary_key, row_number, created_by, created_by_name, expires_at,
                              duplicate_confirmed, created_at)
      select r."batchId", r."merchantId", r."subMerchantId", r."transactionId", r.country, r."productType", r.amount, r.fee, r.vat,
             r."merchantReference", r."beneficiaryKey", r."rowNumber", r."createdBy", r."createdByName", r."expiresAt",
             r."duplicateConfirmed", r."createdAt"
        from jsonb_array_elements(${jsonRows(chunk as unknown as Record<string, unknown>[])}::jsonb) with ordinality as e(value, n)
             cross join lateral jsonb_to_record(e.value) as r(
               "batchId" int4, "merchantId" int4, "subMerchantId" int4, "transactionId" int8, country text, "productType" text,
               amount int8, fee int8, vat int8, "merchantReference" text, "beneficiaryKey" text, "rowNumber" int4, "createdBy" int4,
               "createdByName" text, "expiresAt" timestamptz, "duplicateConfirmed" boolean, "createdAt" timestamptz)
       order by e.n
      returning id, transaction_id`);
    const created = (result as unknown as { rows: { id: number | string; transaction_id: number | string }[] }).rows;
    const byTransaction = new Map(created.map((c) => [Number(c.transaction_id), Number(c.id)]));
    for (const r of chunk) {
      const id = byTransaction.get(r.transactionId);
      if (id === undefined) throw new Error(`payout of transaction ${r.transactionId} was not inserted`);
      out.push({ id, transactionId: r.transactionId });
    }
  }
  return out;
}

// ---- the list ------------------------------------------------------------------------------------

export interface PayoutListFilter {
  country: string;
  tab?: PayoutTab | undefined;
  keyword?: string | undefined;
  status?: PayoutStatus | undefined;
  productType?: string | undefined;
  batchId?: number | undefined;
  createdFrom?: Date | undefined;
  createdTo?: Date | undefined;
  id?: number | undefined;
}

export interface PayoutKey {
  at: Date;
  id: number;
}

/** `%`, `_` and `\` of a typed text, escaped for LIKE (with the default escape character `\`). */
function likePrefix(text: string): string {
  return `${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The status of the payout screen as a condition on the approval and the transaction (enums.ts PAYOUT_STATUSES). */
function statusWhere(status: PayoutStatus): SQL | undefined {
  switch (status) {
    case 'PENDING':
      return eq(payouts.approvalStatus, 'PENDING');
    case 'WAITING':
      return and(ne(payouts.approvalStatus, 'PENDING'), inArray(transactions.status, ['INITIAL_STATUS', 'CREATED']));
    case 'CANCELLED':
      return and(ne(payouts.approvalStatus, 'PENDING'), inArray(transactions.status, ['CANCELLED', 'EXPIRED']));
    default:
      return and(ne(payouts.approvalStatus, 'PENDING'), eq(transactions.status, status));
  }
}

/** True when the filter reads the transaction (status, keyword): the count joins it then. */
function needsTransaction(f: PayoutListFilter): boolean {
  return (f.status !== undefined && f.status !== 'PENDING') || f.keyword !== undefined;
}

function listWhere(scope: Scope, f: PayoutListFilter): SQL | undefined {
  const keyword = f.keyword;
  const bare = keyword?.replace(/[\s./-]/g, '').toUpperCase();
  return and(
    scopeWhere(scope),
    eq(payouts.country, f.country),
    // Written as the list indexes' predicates, so each tab reads its own partial index.
    f.tab === undefined ? undefined : f.tab === 'PENDING' ? eq(payouts.approvalStatus, 'PENDING') : ne(payouts.approvalStatus, 'PENDING'),
    f.status === undefined ? undefined : statusWhere(f.status),
    f.productType === undefined ? undefined : eq(payouts.productType, f.productType),
    f.batchId === undefined ? undefined : eq(payouts.batchId, f.batchId),
    f.createdFrom === undefined ? undefined : gte(payouts.createdAt, f.createdFrom),
    f.createdTo === undefined ? undefined : lte(payouts.createdAt, f.createdTo),
    f.id === undefined ? undefined : eq(payouts.id, f.id),
    keyword === undefined
      ? undefined
      : or(
          eq(transactions.uniqueId, keyword),
          sql`${payouts.merchantReference} like ${likePrefix(keyword)}`,
          sql`lower(${transactions.beneficiary} ->> 'name') like ${likePrefix(keyword.toLowerCase())}`,
          sql`(${transactions.beneficiary} ->> 'document') like ${likePrefix(bare ?? keyword)}`,
          sql`(${transactions.beneficiary} ->> 'accountNo') like ${likePrefix(bare ?? keyword)}`,
          sql`(${transactions.beneficiary} ->> 'pixKey') like ${likePrefix(keyword)}`,
        ),
  );
}

/** A payout as the screen shows it: its approval, its transaction and its batch. */
export const listColumns = {
  payout: payouts,
  uniqueId: transactions.uniqueId,
  currency: transactions.currency,
  transactionStatus: transactions.status,
  statusReason: transactions.statusReason,
  transactionFee: transactions.fee,
  transactionVat: transactions.vat,
  beneficiary: transactions.beneficiary,
  settledAt: transactions.settledAt,
  fileName: payoutBatches.fileName,
};

export type PayoutListRow = {
  payout: PayoutRow;
  uniqueId: string;
  currency: string;
  transactionStatus: string;
  statusReason: string | null;
  transactionFee: number;
  transactionVat: number;
  beneficiary: unknown;
  settledAt: Date | null;
  fileName: string | null;
};

/**
 * The SELECT of one page (plus one row) of the list, newest first, after the keyset `after`: a row
 * comparison on (created_at, id), so the tab's list index (ascending) is scanned backward from the
 * cursor, without a sort and without reading the rows before it.
 */
export function payoutListQuery(db: Db, scope: Scope, f: PayoutListFilter, after: PayoutKey | null, limit: number) {
  const keyset = after === null ? undefined : sql`(${payouts.createdAt}, ${payouts.id}) < (${after.at}::timestamptz, ${after.id}::int4)`;
  return db
    .select(listColumns)
    .from(payouts)
    .innerJoin(transactions, eq(transactions.id, payouts.transactionId))
    .innerJoin(payoutBatches, eq(payoutBatches.id, payouts.batchId))
    .where(and(listWhere(scope, f), keyset))
    .orderBy(desc(payouts.createdAt), desc(payouts.id))
    .limit(limit);
}

export async function listPayouts(
  db: Db,
  scope: Scope,
  f: PayoutListFilter,
  after: PayoutKey | null,
  limit: number,
): Promise<PayoutListRow[]> {
  return (await payoutListQuery(db, scope, f, after, limit)) as PayoutListRow[];
}

/** The SELECT counting the list, stopping at `cap` rows. */
export function payoutCountQuery(db: Db, scope: Scope, f: PayoutListFilter, cap: number) {
  const base = db.select({ one: sql`1` }).from(payouts);
  const joined = needsTransaction(f) ? base.innerJoin(transactions, eq(transactions.id, payouts.transactionId)) : base;
  const capped = joined.where(listWhere(scope, f)).limit(cap).as('capped');
  return db.select({ n: sql<number>`count(*)::int` }).from(capped);
}

export async function countPayouts(db: Db, scope: Scope, f: PayoutListFilter, cap: number): Promise<number> {
  const [row] = await payoutCountQuery(db, scope, f, cap);
  return Number(row?.n ?? 0);
}

/** The platform's applied reports about a payout, oldest first (its history). */
export async function payoutEvents(
  db: Db,
  merchantId: number,
  uniqueId: string,
): Promise<{ eventId: string; payload: unknown; occurredAt: Date }[]> {
  return db
    .select({ eventId: platformEvents.eventId, payload: platformEvents.payload, occurredAt: platformEvents.occurredAt })
    .from(platformEvents)
    .where(
      and(
        eq(platformEvents.subject, uniqueId),
        eq(platformEvents.merchantId, merchantId),
        eq(platformEvents.type, 'payout.status_changed'),
        eq(platformEvents.outcome, 'APPLIED'),
      ),
    )
    .orderBy(asc(platformEvents.occurredAt), asc(platformEvents.eventId));
}

// ---- decisions -----------------------------------------------------------------------------------

/** A payout as a decision needs it. */
export interface DecisionRow {
  id: number;
  transactionId: number;
  accountId: number;
  uniqueId: string;
  createdBy: number;
  approvalStatus: string;
  amount: number;
  fee: number;
  vat: number;
}

function decisionSelect(db: Db) {
  return db
    .select({
      id: payouts.id,
      transactionId: payouts.transactionId,
      accountId: transactions.accountId,
      uniqueId: transactions.uniqueId,
      createdBy: payouts.createdBy,
      approvalStatus: payouts.approvalStatus,
      amount: payouts.amount,
      fee: payouts.fee,
      vat: payouts.vat,
    })
    .from(payouts)
    .innerJoin(transactions, eq(transactions.id, payouts.transactionId));
}

/** The caller's payouts of the country among `ids`. */
export async function decisionRowsByIds(db: Db, scope: Scope, country: string, ids: readonly number[]): Promise<DecisionRow[]> {
  if (ids.length === 0) return [];
  return decisionSelect(db)
    .where(and(scopeWhere(scope), eq(payouts.country, country), inArray(payouts.id, [...ids])))
    .orderBy(asc(payouts.id));
}

/** The payouts of one of the caller's batches of the country. */
export async function decisionRowsOfBatch(db: Db, scope: Scope, country: string, batchId: number): Promise<DecisionRow[]> {
  return decisionSelect(db)
    .where(and(scopeWhere(scope), eq(payouts.country, country), eq(payouts.batchId, batchId)))
    .orderBy(asc(payouts.id));
}

/** The pending payouts of one of the caller's batches of the country, summed (a count of 0 when none). */
export async function pendingOfBatch(
  db: Db,
  scope: Scope,
  country: string,
  batchId: number,
): Promise<{ count: number; amount: number; fee: number; vat: number }> {
  const [row] = await db
    .select({
      count: sql<string>`count(*)`,
      amount: sql<string>`coalesce(sum(${payouts.amount}), 0)`,
      fee: sql<string>`coalesce(sum(${payouts.fee}), 0)`,
      vat: sql<string>`coalesce(sum(${payouts.vat}), 0)`,
    })
    .from(payouts)
    .where(and(scopeWhere(scope), eq(payouts.country, country), eq(payouts.batchId, batchId), eq(payouts.approvalStatus, 'PENDING')));
  return { count: Number(row?.count ?? 0), amount: Number(row?.amount ?? 0), fee: Number(row?.fee ?? 0), vat: Number(row?.vat ?? 0) };
}

/** PENDING payouts whose approval ran out by `now`, oldest first. */
export async function expiredPayouts(db: Db, now: Date, limit: number): Promise<DecisionRow[]> {
  return decisionSelect(db)
    .where(and(eq(payouts.approvalStatus, 'PENDING'), lte(payouts.expiresAt, now)))
    .orderBy(asc(payouts.expiresAt), asc(payouts.id))
    .limit(limit);
}

/**
 * Decides payouts that are still PENDING (conditional: a payout decided meanwhile is left as it
 * is); answers those it decided.
 */
export async function decide(
  db: Db,
  ids: readonly number[],
  set: {
    approvalStatus: 'APPROVED' | 'REJECTED';
    decidedBy: number | null;
    decidedByName: string | null;
    decidedAt: Date;
    refuseReason: string | null;
  },
): Promise<{ id: number; transactionId: number; fee: number; vat: number }[]> {
  if (ids.length === 0) return [];
  return db
    .update(payouts)
    .set(set)
    .where(and(inArray(payouts.id, [...ids]), eq(payouts.approvalStatus, 'PENDING')))
    .returning({ id: payouts.id, transactionId: payouts.transactionId, fee: payouts.fee, vat: payouts.vat });
}

/** Ends transactions still CREATED (refused or expired before the platform had them); answers the rows after. */
export async function endTransactions(
  db: Db,
  ids: readonly number[],
  set: { status: 'REJECTED' | 'CANCELLED'; statusReason: string; at: Date },
): Promise<(typeof transactions.$inferSelect)[]> {
  if (ids.length === 0) return [];
  return db
    .update(transactions)
    .set({
      status: set.status,
      statusReason: set.statusReason,
      statusAt: set.at,
      ...funnelColumnsFor(set.status, set.at),
      updatedAt: sql`now()`,
    })
    .where(and(inArray(transactions.id, [...ids]), eq(transactions.status, 'CREATED')))
    .returning();
}

export async function transactionsById(db: Db, ids: readonly number[]): Promise<(typeof transactions.$inferSelect)[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(transactions)
    .where(inArray(transactions.id, [...ids]));
}

// ---- verification codes --------------------------------------------------------------------------

/** The user's latest code of a purpose (locked for the rest of the transaction when `lock`). */
export async function latestCode(db: Db, userId: number, purpose: CodePurpose, lock = false): Promise<CodeRow | null> {
  const query = db
    .select()
    .from(payoutVerifyCodes)
    .where(and(eq(payoutVerifyCodes.userId, userId), eq(payoutVerifyCodes.purpose, purpose)))
    .orderBy(desc(payoutVerifyCodes.createdAt), desc(payoutVerifyCodes.id))
    .limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row ?? null;
}

export async function insertCode(db: Db, row: typeof payoutVerifyCodes.$inferInsert): Promise<CodeRow> {
  const [created] = await db.insert(payoutVerifyCodes).values(row).returning();
  if (!created) throw new Error('payout_verify_codes insert returned no row');
  return created;
}

/** Counts a wrong entry; answers the attempts after. */
export async function countWrongCode(db: Db, id: number): Promise<number> {
  const [row] = await db
    .update(payoutVerifyCodes)
    .set({ attempts: sql`${payoutVerifyCodes.attempts} + 1` })
    .where(eq(payoutVerifyCodes.id, id))
    .returning({ attempts: payoutVerifyCodes.attempts });
  return row?.attempts ?? 0;
}

/** Uses the code up, unless it was used already (false then). */
export async function spendCode(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(payoutVerifyCodes)
    .set({ usedAt: at })
    .where(and(eq(payoutVerifyCodes.id, id), isNull(payoutVerifyCodes.usedAt)))
    .returning({ id: payoutVerifyCodes.id });
  return rows.length > 0;
}
