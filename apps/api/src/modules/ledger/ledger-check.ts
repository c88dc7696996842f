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
 * - REQUEST_RESERVATION_LEFT: an accounting request (docs/decisions/0027) whose RESERVED postings
 *   (by ledger_entries.request_id) do not sum to zero once it is final, or sum below zero;
 * - REQUEST_NOT_POSTED: a COMPLETED request without exactly one settlement entry of its kind
 *   (TOPUP_CREDITED, WITHDRAWAL_SETTLED, EXCHANGE_SETTLED, SUB_TRANSFER_SETTLED), or another one
 *   with any.
 *
 * The statements (statement_lines and account_daily_balances, written by migration 0015's trigger;
 * docs/decisions/0026):
 * - STATEMENT_MISMATCH: an entry's lines on an account do not sum to its postings there;
 * - FEE_SPLIT_MISMATCH: an entry of one merchant-side account whose FEE (VAT) lines are not the
 *   provider's FEES (TAX) postings of the entry, negated;
 * - STATEMENT_CHAIN: a line's balance_after is not the previous line's plus its amount, its booking
 *   goes back in time, or its local date is not its booking's date in the account's zone;
 * - STATEMENT_BALANCE: an account's last balance_after is not the sum of its buckets;
 * - DAILY_MISMATCH: a day's row is not its lines summed (opening + the day's lines = closing, per
 *   category, counts, first and last line), or a day with lines has no row;
 * - DAILY_CHAIN: a day's opening is not the previous day's closing (0 for the first day);
 * - TRANSACTION_MISMATCH: a transaction's lines (its settlement, refund or chargeback) are not the
 *   transaction's own amount, fee and VAT (a won chargeback's reversal: its amount, positive).
 *
 * Chargebacks (docs/decisions/0028):
 * - CHARGEBACK_REVERSAL_MISMATCH: a DEFENSE_WON chargeback without exactly one CHARGEBACK_REVERSED
 *   entry of its CHARGE_BACK transaction giving its amount back to the merchant's account (or any
 *   other chargeback with one), or a pay-in whose charged-back amount is not the sum of its
 *   chargebacks that were not won.
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
  'STATEMENT_MISMATCH',
  'FEE_SPLIT_MISMATCH',
  'STATEMENT_CHAIN',
  'STATEMENT_BALANCE',
  'DAILY_MISMATCH',
  'DAILY_CHAIN',
  'TRANSACTION_MISMATCH',
  'REQUEST_RESERVATION_LEFT',
  'REQUEST_NOT_POSTED',
  'CHARGEBACK_REVERSAL_MISMATCH',
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
  out.push(...(await checkRequests(db, onAccounts)));
  out.push(...(await checkChargebacks(db, onAccounts)));
  out.push(...(await checkStatements(db, onAccounts)));
  return out;
}

/** The accounting requests' money: reservations given back once final, one settlement per completed request. */
async function checkRequests(db: Db, onAccounts: (column: SQL) => SQL): Promise<LedgerViolation[]> {
  const out: LedgerViolation[] = [];
  const ofAccounts = sql`(${onAccounts(sql`r.sell_account_id`)} or ${onAccounts(sql`r.buy_account_id`)})`;
  const reservations = await rows<{ request_no: string; status: string; sell_account_id: number | null; reserved: number }>(
    db,
    sql`select r.request_no, r.status, r.sell_account_id, sum(p.amount)::int8 as reserved
        from accounting_requests r
        join ledger_entries e on e.request_id = r.id
        join ledger_postings p on p.entry_id = e.id and p.bucket = 'RESERVED'
        where ${ofAccounts}
        group by r.id, r.request_no, r.status, r.sell_account_id
        having sum(p.amount) < 0 or (r.status in (${sql.raw(FINAL_REQUEST_STATUSES.map((s) => `'${s}'`).join(', '))}) and sum(p.amount) <> 0)
        order by r.id`,
  );
  for (const r of reservations) {
    out.push(
      violation({
        kind: 'REQUEST_RESERVATION_LEFT',
        accountId: r.sell_account_id === null ? null : num(r.sell_account_id),
        bucket: 'RESERVED',
        expected: 0,
        actual: num(r.reserved),
        message: `request ${r.request_no} (${r.status}) still has ${r.reserved} reserved`,
      }),
    );
  }
  const settlements = await rows<{ request_no: string; status: string; settled: number }>(
    db,
    sql`select * from (
          select r.id, r.request_no, r.status,
            (select count(*) from ledger_entries e where e.request_id = r.id and e.kind = case r.kind
               when 'TOPUP' then 'TOPUP_CREDITED' when 'WITHDRAWAL' then 'WITHDRAWAL_SETTLED'
               when 'EXCHANGE' then 'EXCHANGE_SETTLED' else 'SUB_TRANSFER_SETTLED' end)::int as settled
          from accounting_requests r
          where ${ofAccounts}) s
        where s.settled <> case when s.status = 'COMPLETED' then 1 else 0 end
        order by s.id`,
  );
  for (const r of settlements) {
    const expected = r.status === 'COMPLETED' ? 1 : 0;
    out.push(
      violation({
        kind: 'REQUEST_NOT_POSTED',
        expected,
        actual: num(r.settled),
        message: `request ${r.request_no} (${r.status}) has ${r.settled} settlement entries, expected ${expected}`,
      }),
    );
  }
  return out;
}

/**
 * Won chargebacks and their reversal (docs/decisions/0028): one CHARGEBACK_REVERSED entry of the
 * CHARGE_BACK transaction for each DEFENSE_WON chargeback — crediting its amount, net, to the
 * transaction's account — and none for any other; each pay-in's charged-back amount is its
 * chargebacks' amounts less the won ones. (Chargebacks recorded before chargeback defence existed
 * have no `chargebacks` row: they count as not won.)
 */
async function checkChargebacks(db: Db, onAccounts: (column: SQL) => SQL): Promise<LedgerViolation[]> {
  const out: LedgerViolation[] = [];
  const reversals = await rows<{
    unique_id: string;
    account_id: number;
    status: string | null;
    entries: number;
    credited: number;
    amount: number;
  }>(
    db,
    sql`select * from (
          select t.unique_id, t.account_id, cb.status, t.amount::int8 as amount,
                 (select count(*) from ledger_entries e where e.transaction_id = t.id and e.kind = 'CHARGEBACK_REVERSED')::int as entries,
                 (select coalesce(sum(p.amount), 0) from ledger_entries e join ledger_postings p on p.entry_id = e.id
                   where e.transaction_id = t.id and e.kind = 'CHARGEBACK_REVERSED' and p.account_id = t.account_id)::int8 as credited
            from transactions t left join chargebacks cb on cb.transaction_id = t.id
           where t.transaction_type = 'CHARGE_BACK' and ${onAccounts(sql`t.account_id`)}) x
        where entries <> case when status = 'DEFENSE_WON' then 1 else 0 end
           or credited <> case when status = 'DEFENSE_WON' then amount else 0 end
        order by unique_id limit 100`,
  );
  for (const r of reversals) {
    const won = r.status === 'DEFENSE_WON';
    out.push(
      violation({
        kind: 'CHARGEBACK_REVERSAL_MISMATCH',
        accountId: num(r.account_id),
        expected: won ? num(r.amount) : 0,
        actual: num(r.credited),
        message: `chargeback ${r.unique_id} (${r.status ?? 'no defence record'}) has ${r.entries} reversal entries crediting ${r.credited}, expected ${won ? `one of ${r.amount}` : 'none'}`,
      }),
    );
  }
  const payins = await rows<{ unique_id: string; account_id: number; charged_back: number; standing: number }>(
    db,
    sql`select p.unique_id, p.account_id, p.charged_back_amount::int8 as charged_back,
               coalesce(sum(c.amount) filter (where cb.status is distinct from 'DEFENSE_WON'), 0)::int8 as standing
          from transactions p
          join transactions c on c.related_transaction_id = p.id and c.transaction_type = 'CHARGE_BACK'
          left join chargebacks cb on cb.transaction_id = c.id
         where p.transaction_type = 'PAY_IN' and ${onAccounts(sql`p.account_id`)}
         group by p.id, p.unique_id, p.account_id, p.charged_back_amount
        having p.charged_back_amount <> coalesce(sum(c.amount) filter (where cb.status is distinct from 'DEFENSE_WON'), 0)
         order by p.unique_id limit 100`,
  );
  for (const r of payins) {
    out.push(
      violation({
        kind: 'CHARGEBACK_REVERSAL_MISMATCH',
        accountId: num(r.account_id),
        expected: num(r.standing),
        actual: num(r.charged_back),
        message: `pay-in ${r.unique_id}: charged-back amount ${r.charged_back}, its chargebacks not won sum to ${r.standing}`,
      }),
    );
  }
  return out;
}

/** Statuses no accounting request leaves (docs/decisions/0027). */
const FINAL_REQUEST_STATUSES = ['COMPLETED', 'REJECTED', 'CANCELED', 'PAYMENT_FAILED', 'FAILED'] as const;

/** The category columns of account_daily_balances. */
const DAILY_COLUMNS = [
  'payin',
  'payout',
  'refund',
  'chargeback',
  'fee',
  'tax',
  'fx',
  'topup',
  'withdrawal',
  'transfer',
  'adjustment',
] as const;

async function checkStatements(db: Db, onAccounts: (column: SQL) => SQL): Promise<LedgerViolation[]> {
  const out: LedgerViolation[] = [];
  const push = (
    kind: ViolationKind,
    accountId: number | null,
    entryId: number | null,
    expected: number | null,
    actual: number | null,
    message: string,
  ) => out.push(violation({ kind, accountId, entryId, expected, actual, message }));

  // Lines against postings, per entry and merchant-side account (a missing line set shows as 0).
  const mismatched = await rows<{ entry_id: number; account_id: number; postings: number; lines: number }>(
    db,
    sql`with p as (
          select p.entry_id, p.account_id, sum(p.amount)::int8 as total
            from ledger_postings p join accounts a on a.id = p.account_id
           where a.kind <> 'SYSTEM' and ${onAccounts(sql`p.account_id`)}
           group by p.entry_id, p.account_id),
        l as (
          select entry_id, account_id, sum(amount)::int8 as total
            from statement_lines where ${onAccounts(sql`account_id`)}
           group by entry_id, account_id)
        select coalesce(p.entry_id, l.entry_id) as entry_id, coalesce(p.account_id, l.account_id) as account_id,
               coalesce(p.total, 0)::int8 as postings, coalesce(l.total, 0)::int8 as lines
          from p full join l on l.entry_id = p.entry_id and l.account_id = p.account_id
         where coalesce(p.total, 0) <> coalesce(l.total, 0)
         order by 1, 2`,
  );
  for (const r of mismatched) {
    push(
      'STATEMENT_MISMATCH',
      num(r.account_id),
      num(r.entry_id),
      num(r.postings),
      num(r.lines),
      `entry ${r.entry_id} on account ${r.account_id}: postings ${r.postings}, statement lines ${r.lines}`,
    );
  }

  // Fee and VAT lines against the provider's FEES and TAX postings of entries of one merchant-side account.
  const split = await rows<{ entry_id: number; account_id: number; item: string; expected: number; actual: number }>(
    db,
    sql`with moved as (
          select p.entry_id, p.account_id from ledger_postings p join accounts a on a.id = p.account_id
           where a.kind <> 'SYSTEM' group by p.entry_id, p.account_id having sum(p.amount) <> 0),
        single as (
          select entry_id, min(account_id) as account_id from moved group by entry_id having count(*) = 1),
        charged as (
          select s.entry_id, s.account_id,
                 -coalesce(sum(p.amount) filter (where a.system_code = 'FEES'), 0)::int8 as fee,
                 -coalesce(sum(p.amount) filter (where a.system_code = 'TAX'), 0)::int8 as vat
            from single s join ledger_postings p on p.entry_id = s.entry_id join accounts a on a.id = p.account_id
           where ${onAccounts(sql`s.account_id`)}
           group by s.entry_id, s.account_id),
        booked as (
          select c.entry_id, c.account_id, c.fee, c.vat,
                 coalesce((select sum(l.amount) from statement_lines l where l.entry_id = c.entry_id and l.account_id = c.account_id and l.item = 'FEE'), 0)::int8 as fee_lines,
                 coalesce((select sum(l.amount) from statement_lines l where l.entry_id = c.entry_id and l.account_id = c.account_id and l.item = 'VAT'), 0)::int8 as vat_lines
            from charged c)
        select entry_id, account_id, 'FEE' as item, fee as expected, fee_lines as actual from booked where fee <> fee_lines
        union all
        select entry_id, account_id, 'VAT', vat, vat_lines from booked where vat <> vat_lines
        order by 1`,
  );
  for (const r of split) {
    push(
      'FEE_SPLIT_MISMATCH',
      num(r.account_id),
      num(r.entry_id),
      num(r.expected),
      num(r.actual),
      `entry ${r.entry_id} on account ${r.account_id}: ${r.item} lines ${r.actual}, provider postings ${r.expected}`,
    );
  }

  // Each line chains on the previous one of its account; bookings never go back; local dates in the zone.
  const chain = await rows<{ id: number; account_id: number; expected: number; actual: number; what: string }>(
    db,
    sql`select id, account_id, expected, actual, what from (
          select l.id, l.account_id,
                 (coalesce(lag(l.balance_after) over w, 0) + l.amount)::int8 as expected, l.balance_after::int8 as actual,
                 case when l.balance_after <> coalesce(lag(l.balance_after) over w, 0) + l.amount then 'balance'
                      when l.booked_at < lag(l.booked_at) over w then 'booked_at'
                      when l.local_date <> to_char(l.booked_at at time zone country_time_zone(a.country), 'YYYY-MM-DD') then 'local_date'
                 end as what
            from statement_lines l join accounts a on a.id = l.account_id
           where ${onAccounts(sql`l.account_id`)}
          window w as (partition by l.account_id order by l.id)) c
        where what is not null order by id limit 100`,
  );
  for (const r of chain) {
    push(
      'STATEMENT_CHAIN',
      num(r.account_id),
      null,
      num(r.expected),
      num(r.actual),
      `statement line ${r.id} of account ${r.account_id}: ${r.what} does not follow the previous line`,
    );
  }

  // The last line of each account is its book balance (every bucket summed).
  const last = await rows<{ id: number; book: number; balance: number }>(
    db,
    sql`select a.id, (a.available + a.pending + a.on_hold + a.reserved + a.deposit_held + a.owed)::int8 as book,
               coalesce((select l.balance_after from statement_lines l where l.account_id = a.id order by l.id desc limit 1), 0)::int8 as balance
          from accounts a where a.kind <> 'SYSTEM' and ${onAccounts(sql`a.id`)}`,
  );
  for (const r of last) {
    if (num(r.book) !== num(r.balance)) {
      push(
        'STATEMENT_BALANCE',
        num(r.id),
        null,
        num(r.book),
        num(r.balance),
        `account ${r.id}: book balance ${r.book}, last statement balance ${r.balance}`,
      );
    }
  }

  // Each day's row against its lines.
  const sums = sql.raw(
    DAILY_COLUMNS.map((c) => `coalesce(sum(amount) filter (where category = '${c.toUpperCase()}'), 0)::int8 as ${c}`).join(', '),
  );
  const differs = sql.raw(DAILY_COLUMNS.map((c) => `d.${c} is distinct from x.${c}`).join(' or '));
  const daily = await rows<{ account_id: number; local_date: string }>(
    db,
    sql`with x as (
          select account_id, local_date, sum(amount)::int8 as net,
                 coalesce(sum(amount) filter (where amount > 0), 0)::int8 as credits,
                 coalesce(-sum(amount) filter (where amount < 0), 0)::int8 as debits,
                 ${sums},
                 count(*) filter (where category = 'PAYIN' and item = 'AMOUNT')::int as payin_count,
                 count(*) filter (where category = 'PAYOUT' and item = 'AMOUNT')::int as payout_count,
                 count(*) filter (where category = 'REFUND' and item = 'AMOUNT')::int as refund_count,
                 count(*) filter (where category = 'CHARGEBACK' and item = 'AMOUNT' and amount < 0)::int as chargeback_count,
                 count(*)::int as line_count, min(id) as first_line_id, max(id) as last_line_id,
                 (array_agg(balance_after order by id desc))[1]::int8 as closing
            from statement_lines where ${onAccounts(sql`account_id`)}
           group by account_id, local_date),
        d as (select * from account_daily_balances where ${onAccounts(sql`account_id`)})
        select coalesce(d.account_id, x.account_id) as account_id, coalesce(d.local_date, x.local_date) as local_date
          from d full join x on x.account_id = d.account_id and x.local_date = d.local_date
         where d.account_id is null or x.account_id is null
            or d.closing <> x.closing or d.opening <> x.closing - x.net or d.credits <> x.credits or d.debits <> x.debits
            or d.opening + ${sql.raw(DAILY_COLUMNS.map((c) => `d.${c}`).join(' + '))} <> d.closing
            or ${differs}
            or d.payin_count <> x.payin_count or d.payout_count <> x.payout_count or d.refund_count <> x.refund_count
            or d.chargeback_count <> x.chargeback_count or d.line_count <> x.line_count
            or d.first_line_id <> x.first_line_id or d.last_line_id <> x.last_line_id
         order by 1, 2 limit 100`,
  );
  for (const r of daily) {
    push(
      'DAILY_MISMATCH',
      num(r.account_id),
      null,
      null,
      null,
      `account ${r.account_id} on ${r.local_date}: the daily row is not its statement lines summed`,
    );
  }

  // Day after day: each opening is the previous closing.
  const broken = await rows<{ account_id: number; local_date: string; expected: number; actual: number }>(
    db,
    sql`select account_id, local_date, expected, actual from (
          select account_id, local_date, coalesce(lag(closing) over (partition by account_id order by local_date), 0)::int8 as expected,
                 opening::int8 as actual
            from account_daily_balances where ${onAccounts(sql`account_id`)}) c
        where expected <> actual order by 1, 2 limit 100`,
  );
  for (const r of broken) {
    push(
      'DAILY_CHAIN',
      num(r.account_id),
      null,
      num(r.expected),
      num(r.actual),
      `account ${r.account_id} on ${r.local_date}: opening ${r.actual}, previous closing ${r.expected}`,
    );
  }

  // A transaction's lines are its own amount, fee and VAT: + for a pay-in settled, − for a payout, refund or chargeback.
  const txs = await rows<{ entry_id: number; account_id: number; unique_id: string; item: string; expected: number; actual: number }>(
    db,
    sql`with l as (
          select l.entry_id, l.account_id, l.transaction_id, l.event, le.kind, l.item, sum(l.amount)::int8 as total
            from statement_lines l join ledger_entries le on le.id = l.entry_id
           where l.event in ('PAYIN_SETTLED', 'PAYOUT_SETTLED', 'REFUND', 'CHARGEBACK') and l.transaction_id is not null
             and ${onAccounts(sql`l.account_id`)}
           group by l.entry_id, l.account_id, l.transaction_id, l.event, le.kind, l.item),
        e as (
          select l.*, t.unique_id,
                 case l.item when 'AMOUNT' then case when l.event = 'PAYIN_SETTLED' or l.kind = 'CHARGEBACK_REVERSED' then t.amount else -t.amount end
                             when 'FEE' then -t.fee else -t.vat end as expected
            from l left join transactions t on t.id = l.transaction_id)
        select entry_id, account_id, unique_id, item, expected::int8 as expected, total as actual
          from e where expected is distinct from total order by 1 limit 100`,
  );
  for (const r of txs) {
    push(
      'TRANSACTION_MISMATCH',
      num(r.account_id),
      num(r.entry_id),
      r.expected === null ? null : num(r.expected),
      num(r.actual),
      `entry ${r.entry_id} (transaction ${r.unique_id ?? 'missing'}): ${r.item} lines ${r.actual}, the transaction says ${r.expected}`,
    );
  }
  return out;
}

/** Statuses in which a payout's money may stay reserved (it has no outcome yet). */
const OPEN_STATUSES = ['INITIAL_STATUS', 'CREATED', 'IN_PROGRESS'] as const;
