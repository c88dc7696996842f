import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { BUCKETS, type Bucket } from '../../db/schema/ledger.ts';

/**
 * Proves the ledger consistent (docs/balances.md), for some accounts or all of them:
 *
 * - BUCKET_MISMATCH: a maintained bucket column differs from the sum of the account's postings
 *   in that bucket; BALANCE_AFTER_MISMATCH: the last posting's `balance_after` differs from it;
 * - UNBALANCED_ENTRY: an entry's postings do not sum to zero in one currency;
 * - NEGATIVE_BUCKET: a merchant or global bucket below zero (OWED above zero);
 * - AVAILABLE_AND_OWED: both non-zero on one account;
 * - PENDING_MISMATCH: PENDING differs from the scheduled PENDING releases of the account's
 *   transactions that are not on hold (what the release job will make available);
 * - ON_HOLD_MISMATCH: ON_HOLD differs from the held amounts of its transactions on hold;
 * - DEPOSIT_EXCEEDS_RELEASES: DEPOSIT_HELD above its scheduled deposit releases (chargebacks
 *   may take deposit money, so below is fine);
 * - RESERVATION_LEFT: a payout or marketplace order whose RESERVED postings do not sum to zero
 *   once it has an outcome (settled, failed, refused, cancelled…), or to less than zero while it
 *   is open: RESERVED is then exactly the reservations of the open ones (never over-reserved).
 *
 * Used by the tests after every step, and by `npm run ledger:check -w @andes/api` for an operator.
 */

export const VIOLATION_KINDS = [
  'BUCKET_MISMATCH',
  'BALANCE_AFTER_MISMATCH',
  'UNBALANCED_ENTRY',
  'NEGATIVE_BUCKET',
  'AVAILABLE_AND_OWED',
  'PENDING_MISMATCH',
  'ON_HOLD_MISMATCH',
  'DEPOSIT_EXCEEDS_RELEASES',
  'RESERVATION_LEFT',
] as const;
export type ViolationKind = (typeof VIOLATION_KINDS)[number];

export interface LedgerViolation {
  kind: ViolationKind;
  accountId: number | null;
  entryId: number | null;
  bucket: Bucket | null;
  currency: string | null;
  /** What it should be (the postings, the releases…). */
  expected: number | null;
  /** What it is (the maintained column…). */
  actual: number | null;
  message: string;
}

const COLUMN: Record<Bucket, string> = {
  AVAILABLE: 'available',
  PENDING: 'pending',
  ON_HOLD: 'on_hold',
  RESERVED: 'reserved',
  DEPOSIT_HELD: 'deposit_held',
  OWED: 'owed',
  MAIN: 'main',
};

async function rows<T>(db: Db, query: SQL): Promise<T[]> {
  const result = (await db.execute(query)) as unknown as { rows: T[] };
  return result.rows;
}

const num = (v: unknown): number => Number(v);

function violation(v: Partial<LedgerViolation> & Pick<LedgerViolation, 'kind' | 'message'>): LedgerViolation {
  return { accountId: null, entryId: null, bucket: null, currency: null, expected: null, actual: null, ...v };
}

/** Every violation of the accounts given (all accounts when omitted); empty when consistent. */
export async function checkLedger(db: Db, accountIds?: readonly number[]): Promise<LedgerViolation[]> {
  const ids = accountIds === undefined ? null : [...new Set(accountIds)];
  if (ids !== null && ids.length === 0) return [];
  const onAccounts = (column: SQL) =>
    ids === null
      ? sql`true`
      : sql`${column} in (${sql.join(
          ids.map((id) => sql`${id}`),
          sql`, `,
        )})`;
  const out: LedgerViolation[] = [];

  // Maintained columns against the sums of the postings, and the last balance_after of each bucket.
  const sums = sql.join(
    BUCKETS.map((b) => sql.raw(`coalesce(sum(p.amount) filter (where p.bucket = '${b}'), 0)::int8 as "sum_${b}"`)),
    sql`, `,
  );
  const columns = sql.join(
    BUCKETS.map((b) => sql.raw(`a.${COLUMN[b]}::int8 as "col_${b}"`)),
    sql`, `,
  );
  type SumRow = { id: number; kind: string; currency: string } & Record<string, unknown>;
  const accountRows = await rows<SumRow>(
    db,
    sql`select a.id, a.kind, a.currency, ${columns}, ${sums}
        from accounts a left join ledger_postings p on p.account_id = a.id
        where ${onAccounts(sql`a.id`)}
        group by a.id order by a.id`,
  );
  for (const r of accountRows) {
    const id = num(r.id);
    for (const b of BUCKETS) {
      const col = num(r[`col_${b}`]);
      const sum = num(r[`sum_${b}`]);
      if (col !== sum) {
        out.push(
          violation({
            kind: 'BUCKET_MISMATCH',
            accountId: id,
            bucket: b,
            currency: r.currency,
            expected: sum,
            actual: col,
            message: `account ${id} ${b}: column ${col}, postings sum to ${sum}`,
          }),
        );
      }
    }
    if (r.kind !== 'SYSTEM') {
      for (const b of BUCKETS) {
        const col = num(r[`col_${b}`]);
        const bad = b === 'OWED' ? col > 0 : b === 'MAIN' ? col !== 0 : col < 0;
        if (bad) {
          out.push(
            violation({
              kind: 'NEGATIVE_BUCKET',
              accountId: id,
              bucket: b,
              currency: r.currency,
              actual: col,
              message: `account ${id} ${b} is ${col}`,
            }),
          );
        }
      }
      const available = num(r.col_AVAILABLE);
      const owed = num(r.col_OWED);
      if (available !== 0 && owed !== 0) {
        out.push(
          violation({
            kind: 'AVAILABLE_AND_OWED',
            accountId: id,
            currency: r.currency,
            message: `account ${id} has AVAILABLE ${available} and OWED ${owed}`,
          }),
        );
      }
    }
  }

  const lastRows = await rows<{ account_id: number; bucket: Bucket; balance_after: number; col: number }>(
    db,
    sql`select distinct on (p.account_id, p.bucket) p.account_id, p.bucket, p.balance_after::int8 as balance_after,
          (case p.bucket ${sql.raw(BUCKETS.map((b) => `when '${b}' then a.${COLUMN[b]}`).join(' '))} end)::int8 as col
        from ledger_postings p join accounts a on a.id = p.account_id
        where ${onAccounts(sql`p.account_id`)}
        order by p.account_id, p.bucket, p.id desc`,
  );
  for (const r of lastRows) {
    if (num(r.balance_after) !== num(r.col)) {
      out.push(
        violation({
          kind: 'BALANCE_AFTER_MISMATCH',
          accountId: num(r.account_id),
          bucket: r.bucket,
          expected: num(r.col),
          actual: num(r.balance_after),
          message: `account ${r.account_id} ${r.bucket}: last balance_after ${r.balance_after}, column ${r.col}`,
        }),
      );
    }
  }

  const entryFilter =
    ids === null ? sql`true` : sql`p.entry_id in (select entry_id from ledger_postings where ${onAccounts(sql`account_id`)})`;
  const unbalanced = await rows<{ entry_id: number; currency: string; total: number }>(
    db,
    sql`select p.entry_id, p.currency, sum(p.amount)::int8 as total
        from ledger_postings p where ${entryFilter}
        group by p.entry_id, p.currency having sum(p.amount) <> 0 order by p.entry_id`,
  );
  for (const r of unbalanced) {
    out.push(
      violation({
        kind: 'UNBALANCED_ENTRY',
        entryId: num(r.entry_id),
        currency: r.currency,
        expected: 0,
        actual: num(r.total),
        message: `entry ${r.entry_id} sums to ${r.total} ${r.currency}`,
      }),
    );
  }

  const derived = await rows<{
    id: number;
    pending: number;
    on_hold: number;
    deposit_held: number;
    sched_pending: number;
    held: number;
    sched_deposit: number;
  }>(
    db,
    sql`select a.id, a.pending::int8 as pending, a.on_hold::int8 as on_hold, a.deposit_held::int8 as deposit_held,
          coalesce((select sum(r.amount) from pending_releases r join transactions t on t.id = r.transaction_id
                    where r.account_id = a.id and r.bucket = 'PENDING' and r.state = 'SCHEDULED' and t.hold_status = 2), 0)::int8 as sched_pending,
          coalesce((select sum(t.held_amount) from transactions t where t.account_id = a.id and t.hold_status = 1), 0)::int8 as held,
          coalesce((select sum(r.amount) from pending_releases r
                    where r.account_id = a.id and r.bucket = 'DEPOSIT_HELD' and r.state = 'SCHEDULED'), 0)::int8 as sched_deposit
        from accounts a where a.kind = 'MERCHANT' and ${onAccounts(sql`a.id`)} order by a.id`,
  );
  for (const r of derived) {
    const id = num(r.id);
    if (num(r.pending) !== num(r.sched_pending)) {
      out.push(
        violation({
          kind: 'PENDING_MISMATCH',
          accountId: id,
          bucket: 'PENDING',
          expected: num(r.sched_pending),
          actual: num(r.pending),
          message: `account ${id} PENDING ${r.pending}, scheduled releases of transactions not on hold ${r.sched_pending}`,
        }),
      );
    }
    if (num(r.on_hold) !== num(r.held)) {
      out.push(
        violation({
          kind: 'ON_HOLD_MISMATCH',
          accountId: id,
          bucket: 'ON_HOLD',
          expected: num(r.held),
          actual: num(r.on_hold),
          message: `account ${id} ON_HOLD ${r.on_hold}, held amounts of its transactions on hold ${r.held}`,
        }),
      );
    }
    if (num(r.deposit_held) > num(r.sched_deposit)) {
      out.push(
        violation({
          kind: 'DEPOSIT_EXCEEDS_RELEASES',
          accountId: id,
          bucket: 'DEPOSIT_HELD',
          expected: num(r.sched_deposit),
          actual: num(r.deposit_held),
          message: `account ${id} DEPOSIT_HELD ${r.deposit_held} above its scheduled deposit releases ${r.sched_deposit}`,
        }),
      );
    }
  }

  // Each payout's reservation: gone once it has an outcome, never negative.
  const reservations = await rows<{ id: number; unique_id: string; account_id: number; status: string; reserved: number }>(
    db,
    sql`select t.id, t.unique_id, t.account_id, t.status, sum(p.amount)::int8 as reserved
        from ledger_postings p
        join ledger_entries e on e.id = p.entry_id
        join transactions t on t.id = e.transaction_id
        where p.bucket = 'RESERVED' and ${onAccounts(sql`p.account_id`)}
        group by t.id, t.unique_id, t.account_id, t.status
        having sum(p.amount) < 0 or (t.status not in (${sql.raw(OPEN_STATUSES.map((s) => `'${s}'`).join(', '))}) and sum(p.amount) <> 0)
        order by t.id`,
  );
  for (const r of reservations) {
    out.push(
      violation({
        kind: 'RESERVATION_LEFT',
        accountId: num(r.account_id),
        bucket: 'RESERVED',
        expected: 0,
        actual: num(r.reserved),
        message: `transaction ${r.unique_id} (${r.status}) still has ${r.reserved} reserved`,
      }),
    );
  }
  return out;
}

/** Statuses in which a payout's money may stay reserved (it has no outcome yet). */
const OPEN_STATUSES = ['INITIAL_STATUS', 'CREATED', 'IN_PROGRESS'] as const;
