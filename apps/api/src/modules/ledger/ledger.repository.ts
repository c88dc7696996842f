import type { AccountType } from '@andes/contract/account/enums';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { accounts, type Bucket, type EntryKind, ledgerEntries, ledgerPostings } from '../../db/schema/ledger.ts';
import { merchants } from '../../db/schema/merchants.ts';

/**
 * SQL of the ledger: accounts, entries and postings. The rules of what to write are in
 * posting-rules.ts; the order of locks and the bookkeeping of balances in ledger.service.ts.
 */

/** The maintained balance columns of an account, by bucket. */
export const BUCKET_COLUMNS = {
  AVAILABLE: accounts.available,
  PENDING: accounts.pending,
  ON_HOLD: accounts.onHold,
  RESERVED: accounts.reserved,
  DEPOSIT_HELD: accounts.depositHeld,
  OWED: accounts.owed,
  MAIN: accounts.main,
} as const satisfies Record<Bucket, unknown>;

export type BucketRow = Record<Bucket, number>;

export interface HolderRow {
  id: number;
  code: string;
  parentId: number | null;
}

export async function findHolder(db: Db, holderId: number): Promise<HolderRow | null> {
  const rows = await db
    .select({ id: merchants.id, code: merchants.code, parentId: merchants.parentId })
    .from(merchants)
    .where(eq(merchants.id, holderId))
    .limit(1);
  return rows[0] ?? null;
}

export interface AccountRef {
  id: number;
  currency: string;
}

export async function findLocalAccount(db: Db, holderId: number, country: string, accountType: AccountType): Promise<AccountRef | null> {
  const rows = await db
    .select({ id: accounts.id, currency: accounts.currency })
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
  return rows[0] ?? null;
}

export interface NewLocalAccount {
  holderId: number;
  merchantId: number;
  country: string;
  currency: string;
  accountType: AccountType;
  accountNo: string;
}

/** Inserts the account unless it exists (a concurrent insert wins quietly); null when it existed. */
export async function insertLocalAccount(db: Db, a: NewLocalAccount): Promise<AccountRef | null> {
  const rows = await db
    .insert(accounts)
    .values({ kind: 'MERCHANT', ...a })
    .onConflictDoNothing({
      target: [accounts.holderId, accounts.country, accounts.accountType],
      where: sql`${accounts.kind} = 'MERCHANT'`,
    })
    .returning({ id: accounts.id, currency: accounts.currency });
  return rows[0] ?? null;
}

export async function findGlobalAccount(db: Db, merchantId: number): Promise<AccountRef | null> {
  const rows = await db
    .select({ id: accounts.id, currency: accounts.currency })
    .from(accounts)
    .where(and(eq(accounts.kind, 'GLOBAL'), eq(accounts.holderId, merchantId)))
    .limit(1);
  return rows[0] ?? null;
}

export async function insertGlobalAccount(db: Db, merchantId: number, accountNo: string): Promise<AccountRef | null> {
  const rows = await db
    .insert(accounts)
    .values({ kind: 'GLOBAL', holderId: merchantId, merchantId, currency: 'USD', accountNo })
    .onConflictDoNothing({ target: [accounts.holderId], where: sql`${accounts.kind} = 'GLOBAL'` })
    .returning({ id: accounts.id, currency: accounts.currency });
  return rows[0] ?? null;
}

export async function systemAccountRows(db: Db, currency: string): Promise<{ id: number; code: string | null }[]> {
  return db
    .select({ id: accounts.id, code: accounts.systemCode })
    .from(accounts)
    .where(and(eq(accounts.kind, 'SYSTEM'), eq(accounts.currency, currency)));
}

export interface LockedRow extends BucketRow {
  id: number;
  kind: string;
  currency: string;
}

/** `SELECT … FOR UPDATE` of the accounts, in ascending id order (the lock order of every writer). */
export async function selectForUpdate(db: Db, ids: readonly number[]): Promise<LockedRow[]> {
  if (ids.length === 0) return [];
  return db
    .select({ id: accounts.id, kind: accounts.kind, currency: accounts.currency, ...BUCKET_COLUMNS })
    .from(accounts)
    .where(inArray(accounts.id, [...ids]))
    .orderBy(asc(accounts.id))
    .for('update');
}

/**
 * Adds `delta` to an account's bucket columns in one statement and answers the balances after
 * (the row stays locked until the transaction ends). Throws the check violation of an overdraw.
 */
export async function addToBuckets(db: Db, id: number, delta: Partial<Record<Bucket, number>>): Promise<LockedRow | null> {
  const set: Record<string, unknown> = { updatedAt: sql`now()` };
  const keys: Record<Bucket, keyof typeof accounts.$inferInsert> = {
    AVAILABLE: 'available',
    PENDING: 'pending',
    ON_HOLD: 'onHold',
    RESERVED: 'reserved',
    DEPOSIT_HELD: 'depositHeld',
    OWED: 'owed',
    MAIN: 'main',
  };
  for (const [bucket, amount] of Object.entries(delta) as [Bucket, number][]) {
    if (amount === 0) continue;
    set[keys[bucket]] = sql`${BUCKET_COLUMNS[bucket]} + ${amount}::int8`;
  }
  const rows = await db
    .update(accounts)
    .set(set)
    .where(eq(accounts.id, id))
    .returning({ id: accounts.id, kind: accounts.kind, currency: accounts.currency, ...BUCKET_COLUMNS });
  return rows[0] ?? null;
}

export async function insertEntry(
  db: Db,
  e: { kind: EntryKind; transactionId: number | null; eventId: string | null; effectiveAt: Date },
): Promise<number> {
  const [row] = await db.insert(ledgerEntries).values(e).returning({ id: ledgerEntries.id });
  if (!row) throw new Error('ledger_entries insert returned no row');
  return row.id;
}

export interface PostingRow {
  entryId: number;
  accountId: number;
  bucket: Bucket;
  currency: string;
  amount: number;
  balanceAfter: number;
  effectiveAt: Date;
}

export async function insertPostings(db: Db, rows: readonly PostingRow[]): Promise<void> {
  if (rows.length > 0) await db.insert(ledgerPostings).values([...rows]);
}
