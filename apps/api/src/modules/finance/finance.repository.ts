import type { AccountType } from '@andes/contract/account/enums';
import type { Country } from '@andes/contract/common/countries';
import type { TransactionType } from '@andes/contract/common/enums';
import { type StatementCategory, TYPE_OF_CATEGORY } from '@andes/contract/finance/enums';
import type { StorePlatform } from '@andes/contract/transaction/parts';
import { and, asc, eq, exists, gt, gte, inArray, isNotNull, isNull, lt, lte, or, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { accounts, globalMovements, ledgerEntries, ledgerPostings } from '../../db/schema/ledger.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { accountDailyBalances, statementLines } from '../../db/schema/statements.ts';
import { dailyTransactionStats, transactions } from '../../db/schema/transactions.ts';
import type { Scope } from '../../http/auth-context.ts';
import { ACCOUNT_BUCKET_COLUMNS, type AccountBuckets } from '../account/balance-figures.ts';
import type { ExportColumn, ExportOptions, ExportRow } from '../transaction-files/export/columns.ts';
import { exportColumnSql } from '../transaction-files/export/columns-sql.ts';
import { inlineParams } from '../transaction-files/export/sql-literal.ts';

/**
 * SQL of the finance statements, daily reports and sub-account summaries (docs/decisions/0026).
 * Every read names the caller's merchant (`scope.merchantId`) or an account the service resolved
 * within it (resolveAccount, finance-scope.ts): a line, a daily row or a transaction of another
 * merchant is never reached.
 *
 * An account's statement is `statement_lines` (one line per movement of its book balance, in
 * booking order by id) and `account_daily_balances` (one row per local day with lines: opening,
 * closing, the day's lines summed per category, counts, and the first and last line id). Local
 * days follow ids, so a period of local dates is an id range of the account's lines: every line
 * query is `account_id = ? and id between ? and ?` on `statement_lines_account_id_idx` (or the
 * category index for a category filter), never a scan of the account.
 */

const l = statementLines;
const d = accountDailyBalances;
const t = transactions;

/** int8 and count(*) read as numbers (both drivers parse int8 the same: client.ts). */
const int8 = (expression: SQL) => sql<number>`(${expression})::int8`.mapWith(Number);

// ---------------------------------------------------------------------------------------------
// Holders and accounts
// ---------------------------------------------------------------------------------------------

export interface HolderRow {
  id: number;
  code: string;
  name: string;
  /** Null for the merchant itself. */
  parentId: number | null;
  /** The top-level merchant's `sub_merchant_divided_bill`. */
  dividedBill: boolean;
}

const parent = alias(merchants, 'parent');

/**
 * The holder whose account a call reads, within the caller's merchant: the merchant itself
 * (`holderId` = scope.merchantId) or one of its sub-merchants (`parent_id` = scope.merchantId).
 * Null for anything else (another merchant's sub-merchant, an id nobody has).
 */
export async function findHolder(db: Db, scope: Scope, holderId: number): Promise<HolderRow | null> {
  const [row] = await db
    .select({
      id: merchants.id,
      code: merchants.code,
      name: merchants.name,
      parentId: merchants.parentId,
      dividedBill: sql<boolean>`coalesce(${parent.subMerchantDividedBill}, ${merchants.subMerchantDividedBill})`,
    })
    .from(merchants)
    .leftJoin(parent, eq(parent.id, merchants.parentId))
    .where(
      and(
        eq(merchants.id, holderId),
        holderId === scope.merchantId ? isNull(merchants.parentId) : eq(merchants.parentId, scope.merchantId),
      ),
    )
    .limit(1);
  return row ?? null;
}

/** Ids of the merchant's sub-merchants (every state: a disabled one's money is still on the bill). */
export async function subMerchantIdsOf(db: Db, scope: Scope): Promise<number[]> {
  const rows = await db
    .select({ id: merchants.id })
    .from(merchants)
    .where(eq(merchants.parentId, scope.merchantId))
    .orderBy(asc(merchants.id));
  return rows.map((r) => r.id);
}

export interface AccountRow {
  id: number;
  holderId: number;
  accountNo: string;
  currency: string;
  buckets: AccountBuckets;
}

/** The local accounts of these holders (of the caller's merchant) in one country and type. */
export async function localAccountsOf(
  db: Db,
  scope: Scope,
  holderIds: readonly number[],
  country: Country,
  accountType: AccountType,
): Promise<AccountRow[]> {
  if (holderIds.length === 0) return [];
  const rows = await db
    .select({
      id: accounts.id,
      holderId: accounts.holderId,
      accountNo: accounts.accountNo,
      currency: accounts.currency,
      ...ACCOUNT_BUCKET_COLUMNS,
    })
    .from(accounts)
    .where(
      and(
        eq(accounts.kind, 'MERCHANT'),
        eq(accounts.merchantId, scope.merchantId),
        inArray(accounts.holderId, [...holderIds]),
        eq(accounts.country, country),
        eq(accounts.accountType, accountType),
      ),
    )
    .orderBy(asc(accounts.id));
  return rows.map(({ id, holderId, accountNo, currency, ...buckets }) => ({
    id,
    holderId: holderId ?? 0,
    accountNo,
    currency,
    buckets,
  }));
}

// ---------------------------------------------------------------------------------------------
// Daily rows
// ---------------------------------------------------------------------------------------------

export type DailyBalanceRow = typeof accountDailyBalances.$inferSelect;

/** The daily rows of the accounts within `[from, to]`, per account oldest first (≤ 366 per account, by the primary key). */
export function dailyRows(db: Db, accountIds: readonly number[], from: string, to: string): Promise<DailyBalanceRow[]> {
  if (accountIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(d)
    .where(and(inArray(d.accountId, [...accountIds]), gte(d.localDate, from), lte(d.localDate, to)))
    .orderBy(asc(d.accountId), asc(d.localDate));
}

/** The closing of each account's last row before `from` (an account without one is absent: its opening is 0). */
export async function closingsBefore(db: Db, accountIds: readonly number[], from: string): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (accountIds.length === 0) return out;
  // One probe of the primary key backward per account, in one statement.
  const ids = sql.join(
    accountIds.map((id) => sql`${id}`),
    sql`, `,
  );
  const result = (await db.execute(sql`
    select a.id as account_id,
           (select ${d.closing} from ${d} where ${d.accountId} = a.id and ${d.localDate} < ${from}
             order by ${d.localDate} desc limit 1) as closing
      from unnest(array[${ids}]::int[]) as a(id)`)) as unknown as { rows: { account_id: unknown; closing: unknown }[] };
  for (const row of result.rows) if (row.closing !== null) out.set(Number(row.account_id), Number(row.closing));
  return out;
}

/** A period of one account: its line id range and figures, from its daily rows. */
export interface PeriodFigures {
  /** The closing of the last row before the period (0 without one). */
  opening: number;
  /** The first and last line id of the period; null when it has no line. */
  firstId: number | null;
  lastId: number | null;
  credits: number;
  debits: number;
  lineCount: number;
  /** The closing of the period's last row; null when it has no line. */
  closing: number | null;
}

export async function periodFigures(db: Db, accountId: number, from: string, to: string): Promise<PeriodFigures> {
  const before = db
    .select({ closing: d.closing })
    .from(d)
    .where(and(eq(d.accountId, accountId), lt(d.localDate, from)))
    .orderBy(sql`${d.localDate} desc`)
    .limit(1);
  const [row] = await db
    .select({
      opening: sql<number | null>`(${before})`.mapWith(Number),
      firstId: sql<number | null>`min(${d.firstLineId})`.mapWith(Number),
      lastId: sql<number | null>`max(${d.lastLineId})`.mapWith(Number),
      credits: int8(sql`coalesce(sum(${d.credits}), 0)`),
      debits: int8(sql`coalesce(sum(${d.debits}), 0)`),
      lineCount: int8(sql`coalesce(sum(${d.lineCount}), 0)`),
      closing: sql<number | null>`(array_agg(${d.closing} order by ${d.localDate} desc))[1]`.mapWith(Number),
    })
    .from(d)
    .where(and(eq(d.accountId, accountId), gte(d.localDate, from), lte(d.localDate, to)));
  return {
    opening: row?.opening ?? 0,
    firstId: row?.firstId ?? null,
    lastId: row?.lastId ?? null,
    credits: row?.credits ?? 0,
    debits: row?.debits ?? 0,
    lineCount: row?.lineCount ?? 0,
    closing: row?.closing ?? null,
  };
}

// ---------------------------------------------------------------------------------------------
// Statement lines
// ---------------------------------------------------------------------------------------------

/** The lines a statement call reads: one account's period (an id range), optionally filtered. */
export interface LineFilter {
  accountId: number;
  /** The account's top-level merchant (global movements are the merchant's). */
  merchantId: number;
  firstId: number;
  lastId: number;
  /** Only these categories (the type and category filters); null for all. */
  categories: readonly StatementCategory[] | null;
  /** The keyword's matches: lines of these transactions or of these global movements' events; null for no keyword. */
  keyword: { transactionIds: readonly number[]; eventIds: readonly string[] } | null;
}

const GLOBAL_EVENTS = ['GLOBAL_TOPUP', 'GLOBAL_TRANSFER_OUT'] as const;

function lineWhere(f: LineFilter): SQL | undefined {
  const k = f.keyword;
  return and(
    eq(l.accountId, f.accountId),
    gte(l.id, f.firstId),
    lte(l.id, f.lastId),
    f.categories === null
      ? undefined
      : f.categories.length === 1
        ? eq(l.category, f.categories[0] as StatementCategory)
        : inArray(l.category, [...f.categories]),
    k === null
      ? undefined
      : or(
          k.transactionIds.length === 0 ? sql`false` : inArray(l.transactionId, [...k.transactionIds]),
          k.eventIds.length === 0
            ? undefined
            : and(
                inArray(l.event, [...GLOBAL_EVENTS]),
                exists(
                  sql`(select 1 from ${ledgerEntries} where ${ledgerEntries.id} = ${l.entryId} and ${inArray(ledgerEntries.eventId, [...k.eventIds])})`,
                ),
              ),
        ),
  );
}

/**
 * A global movement's reference for the lines of a top-up or a transfer out: the movement written
 * by the same platform event (global_movements.event_id = the entry's event_id, at the entry's
 * time, which is the movement's `occurred_at`: `global_movements_statement_idx`).
 */
function referenceOf(merchantId: number): SQL<string | null> {
  const g = globalMovements;
  const e = ledgerEntries;
  return sql<string | null>`case when ${l.event} in ('GLOBAL_TOPUP', 'GLOBAL_TRANSFER_OUT') then (
    select ${g.reference} from ${e} join ${g} on ${g.merchantId} = ${merchantId} and ${g.occurredAt} = ${e.effectiveAt} and ${g.eventId} = ${e.eventId}
     where ${e.id} = ${l.entryId} limit 1) end`;
}

/**
 * The lines after `after` (by id), newest first (`desc`, the statement page) or oldest first
 * (`asc`, the file), with the transaction and global movement they are about. With the account
 * and the id bounds as index conditions, `statement_lines_account_id_idx` is read in order from the
 * cursor without a sort (test/routes/finance-statement.test.ts checks the plan).
 */
export function statementLinesQuery(db: Db, f: LineFilter, after: number | null, order: 'asc' | 'desc', limit: number) {
  const keyset = after === null ? undefined : order === 'desc' ? lt(l.id, after) : gt(l.id, after);
  return db
    .select({
      id: l.id,
      bookedAt: l.bookedAt,
      localDate: l.localDate,
      event: l.event,
      item: l.item,
      category: l.category,
      amount: l.amount,
      balanceAfter: l.balanceAfter,
      transactionId: l.transactionId,
      uniqueId: t.uniqueId,
      merchantReference: t.merchantReference,
      transactionType: t.transactionType,
      productType: t.productType,
      reference: referenceOf(f.merchantId),
    })
    .from(l)
    .leftJoin(t, eq(t.id, l.transactionId))
    .where(and(lineWhere(f), keyset))
    .orderBy(order === 'desc' ? sql`${l.id} desc` : sql`${l.id} asc`)
    .limit(limit);
}
export type StatementLineRow = Awaited<ReturnType<typeof statementLinesQuery>>[number];

/** Each statement file column as `lineOf` (finance.service.ts) derives it from the line. */
function statementSources(f: LineFilter, currency: string): Readonly<Record<string, SQL>> {
  const types = Object.entries(TYPE_OF_CATEGORY)
    .map(([category, type]) => `when '${category}' then '${type}'`)
    .join(' ');
  return {
    bookedAt: sql`${l.bookedAt}`,
    localDate: sql`${l.localDate}`,
    type: sql`case ${l.category} ${sql.raw(types)} end`,
    event: sql`${l.event}`,
    item: sql`${l.item}`,
    category: sql`${l.category}`,
    transactionUniqueId: sql`${t.uniqueId}`,
    merchantReference: sql`${t.merchantReference}`,
    transactionType: sql`${t.transactionType}`,
    productType: sql`${t.productType}`,
    reference: referenceOf(f.merchantId),
    amountIn: sql`greatest(${l.amount}, 0)`,
    amountOut: sql`greatest(-${l.amount}, 0)`,
    amount: sql`${l.amount}`,
    balanceAfter: sql`${l.balanceAfter}`,
    currency: sql`${currency}::text`,
  };
}

/**
 * SQL of the statement file on PostgreSQL: the filter's lines oldest first with every cell
 * formatted by the database (columns-sql.ts), values written in as literals, for
 * `COPY (…) TO STDOUT` (copy-csv.ts) — the transaction export's path, at COPY's pace. The inner
 * SELECT reads the raw values (fenced by `OFFSET 0`), the outer one formats them, in line order
 * (the inner index order: no sort).
 */
export function statementCopySelect(
  db: Db,
  f: LineFilter,
  currency: string,
  columns: readonly ExportColumn<ExportRow>[],
  options: ExportOptions,
): string {
  const sources = statementSources(f, currency);
  const fields: Record<string, SQL.Aliased> = {};
  columns.forEach((column, i) => {
    const source = sources[column.key];
    if (source === undefined) throw new Error(`statement column ${column.key} has no SQL source`);
    fields[`c${i}`] = source.as(`c${i}`);
  });
  fields.k_id = sql`${l.id}`.as('k_id');
  const inner = db.select(fields).from(l).leftJoin(t, eq(t.id, l.transactionId)).where(lineWhere(f)).orderBy(sql`${l.id} asc`).toSQL();
  const cells = columns.map((column, i) => exportColumnSql(column, `x.c${i}`, options));
  return `select ${cells.join(', ')} from (${inlineParams(inner.sql, inner.params)} offset 0) as x order by x.k_id`;
}

/** The filtered lines counted up to `cap + 1`. */
export async function countLines(db: Db, f: LineFilter, cap: number): Promise<number> {
  const capped = db
    .select({ one: sql`1` })
    .from(l)
    .where(lineWhere(f))
    .limit(cap + 1)
    .as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return row?.n ?? 0;
}

/** The filtered lines counted and summed (a file's expected figures): not capped, like the file. */
export async function lineFigures(db: Db, f: LineFilter): Promise<{ rows: number; cents: number }> {
  const [row] = await db
    .select({ rows: sql<number>`count(*)::int`, cents: int8(sql`coalesce(sum(${l.amount}), 0)`) })
    .from(l)
    .where(lineWhere(f));
  return { rows: row?.rows ?? 0, cents: row?.cents ?? 0 };
}

/**
 * What a statement keyword names within the merchant: the transactions whose unique id or merchant
 * reference it is exactly (with their refunds and chargebacks, whose lines are the pay-in's story),
 * and the platform events of the global movement whose reference it is.
 */
export async function keywordMatches(db: Db, scope: Scope, keyword: string): Promise<{ transactionIds: number[]; eventIds: string[] }> {
  const direct = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.merchantId, scope.merchantId), or(eq(t.uniqueId, keyword), eq(t.merchantReference, keyword))));
  const ids = direct.map((r) => r.id);
  const related =
    ids.length === 0
      ? []
      : await db
          .select({ id: t.id })
          .from(t)
          .where(and(eq(t.merchantId, scope.merchantId), inArray(t.relatedTransactionId, ids)));
  const movements = await db
    .select({ eventId: globalMovements.eventId })
    .from(globalMovements)
    .where(
      and(eq(globalMovements.merchantId, scope.merchantId), eq(globalMovements.reference, keyword), isNotNull(globalMovements.eventId)),
    );
  return {
    transactionIds: [...new Set([...ids, ...related.map((r) => r.id)])],
    eventIds: movements.flatMap((m) => (m.eventId === null ? [] : [m.eventId])),
  };
}

// ---------------------------------------------------------------------------------------------
// Fees and taxes
// ---------------------------------------------------------------------------------------------

export interface ChargeRow {
  item: 'FEE' | 'VAT';
  event: string;
  /** Positive: charged. */
  amount: number;
  count: number;
}

/** The FEE and VAT lines of an account's period (an id range), or of some of its transactions, summed per item and event. */
export async function chargeRows(
  db: Db,
  accountId: number,
  of: { firstId: number; lastId: number } | { transactionIds: readonly number[] },
): Promise<ChargeRow[]> {
  if ('transactionIds' in of && of.transactionIds.length === 0) return [];
  const rows = await db
    .select({
      item: l.item,
      event: l.event,
      amount: int8(sql`-sum(${l.amount})`),
      count: sql<number>`count(*)::int`,
    })
    .from(l)
    .where(
      and(
        eq(l.accountId, accountId),
        'transactionIds' in of
          ? and(inArray(l.transactionId, [...of.transactionIds]), inArray(l.item, ['FEE', 'VAT']))
          : and(gte(l.id, of.firstId), lte(l.id, of.lastId), inArray(l.category, ['FEE', 'TAX'])),
      ),
    )
    .groupBy(l.item, l.event)
    .orderBy(l.item, l.event);
  return rows.map((r) => ({ item: r.item === 'VAT' ? 'VAT' : 'FEE', event: r.event, amount: r.amount, count: r.count }));
}

const transactionColumns = {
  id: t.id,
  uniqueId: t.uniqueId,
  merchantReference: t.merchantReference,
  transactionType: t.transactionType,
  amount: t.amount,
  fee: t.fee,
  vat: t.vat,
};

/**
 * The transaction of an account named by a key: its unique id, else its merchant reference (an
 * original transaction, not a refund or chargeback that shares the reference; the newest when a
 * reference was reused). Null when the account has none.
 */
export async function findAccountTransaction(db: Db, scope: Scope, accountId: number, key: string) {
  const where = and(eq(t.merchantId, scope.merchantId), eq(t.accountId, accountId));
  const [byId] = await db
    .select(transactionColumns)
    .from(t)
    .where(and(where, eq(t.uniqueId, key)))
    .limit(1);
  if (byId) return byId;
  const [byReference] = await db
    .select(transactionColumns)
    .from(t)
    .where(and(where, eq(t.merchantReference, key), isNull(t.relatedTransactionId)))
    .orderBy(sql`${t.createdAt} desc`, sql`${t.id} desc`)
    .limit(1);
  return byReference ?? null;
}

/** The refunds and chargebacks of a transaction. */
export async function relatedTransactionIds(db: Db, scope: Scope, id: number): Promise<number[]> {
  const rows = await db
    .select({ id: t.id })
    .from(t)
    .where(and(eq(t.merchantId, scope.merchantId), eq(t.relatedTransactionId, id)));
  return rows.map((r) => r.id);
}

// ---------------------------------------------------------------------------------------------
// Reconciliation
// ---------------------------------------------------------------------------------------------

/** The period's lines per category: count and sum. */
export async function linesPerCategory(db: Db, accountId: number, firstId: number, lastId: number) {
  return db
    .select({ category: l.category, count: sql<number>`count(*)::int`, amount: int8(sql`sum(${l.amount})`) })
    .from(l)
    .where(and(eq(l.accountId, accountId), gte(l.id, firstId), lte(l.id, lastId)))
    .groupBy(l.category);
}

/** The period's lines per local day: their sum. */
export async function linesPerDay(db: Db, accountId: number, firstId: number, lastId: number) {
  return db
    .select({ localDate: l.localDate, amount: int8(sql`sum(${l.amount})`) })
    .from(l)
    .where(and(eq(l.accountId, accountId), gte(l.id, firstId), lte(l.id, lastId)))
    .groupBy(l.localDate);
}

/**
 * The postings of the entries that wrote the period's lines, per entry kind: on the account
 * (`account`), to the provider's FEES and TAX accounts (`fee`, `vat`) — counted only for an entry
 * that moved exactly one merchant-side account, as only such an entry's charges are the holder's —
 * read from ledger_postings (by `ledger_postings_entry_id_idx`), not from the lines.
 */
export async function postingsPerKind(db: Db, accountId: number, firstId: number, lastId: number) {
  const result = (await db.execute(sql`
    with ents as (
      select distinct ${l.entryId} as entry_id from ${l}
       where ${l.accountId} = ${accountId} and ${l.id} >= ${firstId} and ${l.id} <= ${lastId}
    ),
    sums as (
      select p.entry_id, p.account_id, a.kind, a.system_code, sum(p.amount) as s
        from ${ledgerPostings} p join ents on ents.entry_id = p.entry_id join ${accounts} a on a.id = p.account_id
       group by p.entry_id, p.account_id, a.kind, a.system_code
    ),
    per as (
      select entry_id,
             coalesce(sum(s) filter (where account_id = ${accountId}), 0) as acct,
             coalesce(sum(s) filter (where system_code = 'FEES'), 0) as fee,
             coalesce(sum(s) filter (where system_code = 'TAX'), 0) as vat,
             count(*) filter (where kind <> 'SYSTEM' and s <> 0) as holders
        from sums group by entry_id
    )
    select e.kind as kind, sum(per.acct)::int8 as account,
           sum(case when per.holders = 1 then per.fee else 0 end)::int8 as fee,
           sum(case when per.holders = 1 then per.vat else 0 end)::int8 as vat
      from per join ${ledgerEntries} e on e.id = per.entry_id
     group by e.kind`)) as unknown as { rows: { kind: string; account: unknown; fee: unknown; vat: unknown }[] };
  return result.rows.map((r) => ({ kind: r.kind, account: Number(r.account), fee: Number(r.fee), vat: Number(r.vat) }));
}

/**
 * The transactions' own figures behind the period's transaction lines, per category, with the
 * sign of each line: the amount for an AMOUNT line, the fee for a FEE line, the VAT for a VAT line.
 */
export async function transactionFiguresPerCategory(db: Db, accountId: number, firstId: number, lastId: number) {
  return db
    .select({
      category: l.category,
      amount: int8(sql`sum(sign(${l.amount}) * case ${l.item} when 'AMOUNT' then ${t.amount} when 'FEE' then ${t.fee} else ${t.vat} end)`),
    })
    .from(l)
    .innerJoin(t, eq(t.id, l.transactionId))
    .where(
      and(
        eq(l.accountId, accountId),
        gte(l.id, firstId),
        lte(l.id, lastId),
        inArray(l.category, ['PAYIN', 'PAYOUT', 'REFUND', 'CHARGEBACK', 'FEE', 'TAX']),
      ),
    )
    .groupBy(l.category);
}

// ---------------------------------------------------------------------------------------------
// Daily reports of a channel and of transactions
// ---------------------------------------------------------------------------------------------

/** Payment-link payments, or the orders of one store platform. */
export type Channel = { kind: 'payment-link' } | { kind: 'store'; platform: StorePlatform };

function channelWhere(c: Channel): SQL {
  return c.kind === 'payment-link' ? isNotNull(t.paymentLinkId) : eq(t.storePlatform, c.platform);
}

/**
 * The lines of a channel's transactions (their refunds and chargebacks carry the channel too) in
 * the accounts' periods (id ranges), per local day, category and item. The transaction conditions
 * repeat what the lines imply — the merchant and the country — so the planner may start from the
 * channel's partial index (`transactions_payment_link_list_idx`, `transactions_store_list_idx`) and
 * reach the lines by `statement_lines_transaction_idx` when the channel is a small part of the
 * account, or walk the account's lines when it is not. (No bound on the creation time: an event
 * parked until its transaction arrived is booked at its own, earlier, time.)
 */
export async function channelLinesPerDay(
  db: Db,
  scope: Scope,
  country: Country,
  ranges: readonly { accountId: number; firstId: number; lastId: number }[],
  channel: Channel,
) {
  if (ranges.length === 0) return [];
  return db
    .select({
      localDate: l.localDate,
      category: l.category,
      item: l.item,
      amount: int8(sql`sum(${l.amount})`),
      // A won chargeback's reversal is a positive CHARGEBACK line (docs/decisions/0028): it moves
      // money but is not one more chargeback, so only the lines that took money are counted there.
      count: sql<number>`(count(*) filter (where ${l.category} <> 'CHARGEBACK' or ${l.amount} < 0))::int`,
    })
    .from(l)
    .innerJoin(t, eq(t.id, l.transactionId))
    .where(
      and(
        or(...ranges.map((r) => and(eq(l.accountId, r.accountId), gte(l.id, r.firstId), lte(l.id, r.lastId)))),
        eq(t.merchantId, scope.merchantId),
        channel.kind === 'store' ? eq(t.storePlatform, channel.platform) : undefined,
        eq(t.country, country),
        channelWhere(channel),
      ),
    )
    .groupBy(l.localDate, l.category, l.item);
}

export interface TransactionDayRow {
  date: string;
  count: number;
  amount: number;
  successCount: number;
  successAmount: number;
  failedCount: number;
  fee: number;
  vat: number;
}

const SUCCESS = sql.raw(`('SETTLED', 'REFUNDING', 'REFUNDED', 'CHARGED_BACK')`);
const FAILED = sql.raw(`('FAILED', 'EXPIRED', 'REJECTED', 'CANCELLED')`);

/** Transactions of one type created per local day by these holders, from the daily figures (`daily_transaction_stats_holder_idx`). */
export async function dailyTransactionFigures(
  db: Db,
  scope: Scope,
  holderIds: readonly number[],
  country: Country,
  type: TransactionType,
  from: string,
  to: string,
): Promise<TransactionDayRow[]> {
  if (holderIds.length === 0) return [];
  const s = dailyTransactionStats;
  return db
    .select({
      date: s.statDate,
      count: int8(sql`coalesce(sum(${s.count}), 0)`),
      amount: int8(sql`coalesce(sum(${s.amount}), 0)`),
      successCount: int8(sql`coalesce(sum(${s.count}) filter (where ${s.status} in ${SUCCESS}), 0)`),
      successAmount: int8(sql`coalesce(sum(${s.amount}) filter (where ${s.status} in ${SUCCESS}), 0)`),
      failedCount: int8(sql`coalesce(sum(${s.count}) filter (where ${s.status} in ${FAILED}), 0)`),
      fee: int8(sql`coalesce(sum(${s.fee}), 0)`),
      vat: int8(sql`coalesce(sum(${s.vat}), 0)`),
    })
    .from(s)
    .where(
      and(
        eq(s.merchantId, scope.merchantId),
        inArray(s.holderId, [...holderIds]),
        eq(s.country, country),
        eq(s.transactionType, type),
        gte(s.statDate, from),
        lte(s.statDate, to),
      ),
    )
    .groupBy(s.statDate);
}

/**
 * Pay-ins of a channel created per local day within `[start, end)` by these holders, counted from
 * the transactions themselves (the daily figures have no channel): the channel's partial index
 * (`transactions_payment_link_list_idx`, `transactions_store_list_idx`) serves the window.
 */
export async function channelTransactionFigures(
  db: Db,
  scope: Scope,
  holders: { merchant: boolean; subMerchantIds: readonly number[] },
  country: Country,
  channel: Channel,
  start: Date,
  end: Date,
): Promise<TransactionDayRow[]> {
  const holderWhere = or(
    holders.merchant ? isNull(t.subMerchantId) : undefined,
    holders.subMerchantIds.length === 0 ? undefined : inArray(t.subMerchantId, [...holders.subMerchantIds]),
  );
  if (holderWhere === undefined) return [];
  return db
    .select({
      date: t.createdDate,
      count: sql<number>`count(*)::int`,
      amount: int8(sql`coalesce(sum(${t.amount}), 0)`),
      successCount: sql<number>`(count(*) filter (where ${t.status} in ${SUCCESS}))::int`,
      successAmount: int8(sql`coalesce(sum(${t.amount}) filter (where ${t.status} in ${SUCCESS}), 0)`),
      failedCount: sql<number>`(count(*) filter (where ${t.status} in ${FAILED}))::int`,
      fee: int8(sql`coalesce(sum(${t.fee}), 0)`),
      vat: int8(sql`coalesce(sum(${t.vat}), 0)`),
    })
    .from(t)
    .where(
      and(
        eq(t.merchantId, scope.merchantId),
        eq(t.country, country),
        channelWhere(channel),
        eq(t.transactionType, 'PAY_IN'),
        gte(t.createdAt, start),
        lt(t.createdAt, end),
        holderWhere,
      ),
    )
    .groupBy(t.createdDate);
}
