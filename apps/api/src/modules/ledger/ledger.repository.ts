import type { AccountType } from '@andes/contract/account/enums';
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { balanceAlarms } from '../../db/schema/balance-alarms.ts';
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
  /** The balance alarm's threshold (cents) and state, read when AVAILABLE moved (addToBuckets). */
  alarmThreshold?: number | null;
  alarmBelow?: boolean | null;
}

/** `SELECT … FOR NO KEY UPDATE` of the accounts, in ascending id order (the lock order of every writer). */
export async function selectForUpdate(db: Db, ids: readonly number[]): Promise<LockedRow[]> {
  if (ids.length === 0) return [];
  return (
    db
      .select({ id: accounts.id, kind: accounts.kind, currency: accounts.currency, ...BUCKET_COLUMNS })
      .from(accounts)
      .where(inArray(accounts.id, [...ids]))
      .orderBy(asc(accounts.id))
      // NO KEY UPDATE, the lock an UPDATE of the balance columns takes: it serialises the writers of an
      // account, but not the inserts whose foreign key names it (those hold KEY SHARE). With FOR UPDATE,
      // two transactions that had each inserted such a row (an accounting request naming its account)
      // and then locked the account would each wait on the other's KEY SHARE: a deadlock.
      .for('no key update')
  );
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
    .returning({
      id: accounts.id,
      kind: accounts.kind,
      currency: accounts.currency,
      ...BUCKET_COLUMNS,
      // The account's balance alarm, read in the same statement when the available balance moves
      // (a primary-key lookup): the write sees a crossing without another round trip.
      ...(delta.AVAILABLE ? ALARM_COLUMNS : {}),
    });
  return rows[0] ?? null;
}

/** An account's alarm as addToBuckets reads it: null threshold when it has none (or it is off). Exported for bench/balance-alarm.ts. */
export const ALARM_COLUMNS = {
  alarmThreshold: sql<
    number | null
  >`(select ${balanceAlarms.threshold} from ${balanceAlarms} where ${balanceAlarms.accountId} = ${accounts.id})`.mapWith(Number),
  alarmBelow: sql<boolean | null>`(select ${balanceAlarms.below} from ${balanceAlarms} where ${balanceAlarms.accountId} = ${accounts.id})`,
};

/** Beyond this many rows, inserts read one JSON parameter (jsonb_to_recordset): a multi-row VALUES is much slower to build and parse. */
const BULK_FROM = 16;

/** Rows as the JSON array a bulk INSERT reads: instants as ISO texts. */
function jsonRows(rows: readonly object[]): string {
  return JSON.stringify(rows, (_key, value) => (value instanceof Date ? value.toISOString() : value));
}

/** Inserts entries in one statement; their ids in the order given (checked by the caller against the transaction ids). */
export async function insertEntries(
  db: Db,
  rows: readonly { kind: EntryKind; transactionId: number | null; requestId?: number | null; eventId: string | null; effectiveAt: Date }[],
): Promise<{ id: number; transactionId: number | null }[]> {
  if (rows.length === 0) return [];
  if (rows.length < BULK_FROM) {
    return db
      .insert(ledgerEntries)
      .values([...rows])
      .returning({ id: ledgerEntries.id, transactionId: ledgerEntries.transactionId });
  }
  const result = await db.execute(sql`
    insert into ${ledgerEntries} (kind, transaction_id, request_id, event_id, effective_at)
    select r.kind, r."transactionId", r."requestId", r."eventId", r."effectiveAt"
      from jsonb_array_elements(${jsonRows(rows)}::jsonb) with ordinality as e(value, n)
             cross join lateral jsonb_to_record(e.value) as r(kind text, "transactionId" int8, "requestId" int4, "eventId" text, "effectiveAt" timestamptz)
     order by e.n
    returning id, transaction_id`);
  return (result as unknown as { rows: { id: number | string; transaction_id: number | string | null }[] }).rows.map((r) => ({
    id: Number(r.id),
    transactionId: r.transaction_id === null ? null : Number(r.transaction_id),
  }));
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

/** Postings per INSERT statement, at least (a statement ends at an entry's end). */
const POSTINGS_PER_INSERT = 5_000;

/**
 * Where to cut `count` rows into statements of at least `per` rows, never inside an entry: the
 * statement trigger of migration 0015 turns each INSERT's postings into statement lines, and needs
 * an entry's postings together (its fee and VAT split). Answers the ends (exclusive) of the chunks.
 */
export function entryAlignedChunks(count: number, per: number, entryOf: (i: number) => number): number[] {
  const ends: number[] = [];
  let end = 0;
  while (end < count) {
    end = Math.min(count, end + per);
    while (end < count && entryOf(end) === entryOf(end - 1)) end += 1;
    ends.push(end);
  }
  return ends;
}

/** Inserts postings in the order given (their ids follow it: the last of a bucket is its balance), whole entries per statement. */
export async function insertPostings(db: Db, rows: readonly PostingRow[]): Promise<void> {
  if (rows.length === 0) return;
  if (rows.length < BULK_FROM) {
    await db.insert(ledgerPostings).values([...rows]);
    return;
  }
  let start = 0;
  for (const end of entryAlignedChunks(rows.length, POSTINGS_PER_INSERT, (i) => (rows[i] as PostingRow).entryId)) {
    await db.execute(sql`
      insert into ${ledgerPostings} (entry_id, account_id, bucket, currency, amount, balance_after, effective_at)
      select r."entryId", r."accountId", r.bucket, r.currency, r.amount, r."balanceAfter", r."effectiveAt"
        from jsonb_array_elements(${jsonRows(rows.slice(start, end))}::jsonb) with ordinality as e(value, n)
             cross join lateral jsonb_to_record(e.value) as r("entryId" int8, "accountId" int4, bucket text, currency text, amount int8, "balanceAfter" int8, "effectiveAt" timestamptz)
       order by e.n`);
    start = end;
  }
}

/**
 * What each transaction's reservation holds now: the sum of the RESERVED postings of its entries
 * (PAYOUT_RESERVED adds, PAYOUT_SETTLED and PAYOUT_RETURNED take it out). Transactions with none
 * are absent.
 */
export async function reservationsOf(db: Db, transactionIds: readonly number[]): Promise<Map<number, number>> {
  if (transactionIds.length === 0) return new Map();
  const rows = await db
    .select({ transactionId: ledgerEntries.transactionId, reserved: sql<string>`sum(${ledgerPostings.amount})` })
    .from(ledgerEntries)
    .innerJoin(ledgerPostings, eq(ledgerPostings.entryId, ledgerEntries.id))
    .where(and(inArray(ledgerEntries.transactionId, [...transactionIds]), eq(ledgerPostings.bucket, 'RESERVED')))
    .groupBy(ledgerEntries.transactionId);
  return new Map(rows.filter((r) => r.transactionId !== null).map((r) => [r.transactionId as number, Number(r.reserved)]));
}
