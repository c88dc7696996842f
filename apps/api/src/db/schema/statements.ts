import { STATEMENT_CATEGORIES, STATEMENT_EVENTS, STATEMENT_ITEMS } from '@andes/contract/finance/enums';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts, ledgerEntries } from './ledger.ts';
import { merchants } from './merchants.ts';
import { users } from './users.ts';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * The statement of every merchant and global account: one line per movement of the account's
 * book balance (the sum of its buckets), per entry and item (AMOUNT, FEE, VAT), with the book
 * balance right after it (docs/decisions/0026-finance-statements.md).
 *
 * Written by the database itself: a statement trigger on ledger_postings (migration 0015) turns
 * every INSERT of postings — the ledger service's, the demo history's bulk load, the bench
 * generator's — into lines and daily rows in the same transaction, so no writer can forget them.
 * Lines of an account are in booking order by id; `booked_at` never goes back (an event that
 * comes late is booked at the account's last booking time), so local days follow ids.
 * ledger-check proves the lines equal the postings and chain.
 */
export const statementLines = pgTable(
  'statement_lines',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    transactionId: bigint('transaction_id', { mode: 'number' }),
    event: text('event', { enum: STATEMENT_EVENTS }).notNull(),
    item: text('item', { enum: STATEMENT_ITEMS }).notNull(),
    category: text('category', { enum: STATEMENT_CATEGORIES }).notNull(),
    /** Signed cents: into (+) or out of (−) the book balance. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    bookedAt: instant('booked_at').notNull(),
    /** `booked_at` as a local date of the account's country zone (UTC for a global account). */
    localDate: text('local_date').notNull(),
  },
  (t) => [
    // The statement newest first, its keyset, an account's last line, and a period by id bounds.
    index('statement_lines_account_id_idx').on(t.accountId, t.id),
    index('statement_lines_account_category_idx').on(t.accountId, t.category, t.id),
    index('statement_lines_transaction_idx').on(t.transactionId).where(sql`${t.transactionId} is not null`),
    index('statement_lines_entry_idx').on(t.entryId),
    check('statement_lines_amount_check', sql`${t.amount} <> 0`),
    check('statement_lines_event_check', sql`${t.event} in (${list(STATEMENT_EVENTS)})`),
    check('statement_lines_item_check', sql`${t.item} in (${list(STATEMENT_ITEMS)})`),
    check('statement_lines_category_check', sql`${t.category} in (${list(STATEMENT_CATEGORIES)})`),
  ],
);

/**
 * One row per account and local day with lines: opening and closing book balance, the day's
 * lines summed per category (signed), credits and debits, counts, and the first and last line id
 * (a period's lines are an id range of the account). Kept by the same trigger. A day without
 * lines has no row: its opening and closing are the previous row's closing.
 */
export const accountDailyBalances = pgTable(
  'account_daily_balances',
  {
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    localDate: text('local_date').notNull(),
    opening: cents('opening'),
    closing: cents('closing'),
    credits: cents('credits'),
    /** Positive: the sum of the day's negative lines, negated. */
    debits: cents('debits'),
    payin: cents('payin'),
    payout: cents('payout'),
    refund: cents('refund'),
    chargeback: cents('chargeback'),
    fee: cents('fee'),
    tax: cents('tax'),
    fx: cents('fx'),
    topup: cents('topup'),
    withdrawal: cents('withdrawal'),
    transfer: cents('transfer'),
    adjustment: cents('adjustment'),
    payinCount: integer('payin_count').notNull().default(0),
    payoutCount: integer('payout_count').notNull().default(0),
    refundCount: integer('refund_count').notNull().default(0),
    chargebackCount: integer('chargeback_count').notNull().default(0),
    lineCount: integer('line_count').notNull().default(0),
    firstLineId: bigint('first_line_id', { mode: 'number' }).notNull(),
    lastLineId: bigint('last_line_id', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.localDate] })],
);

/**
 * Shareable one-time links to a daily report (the contract's dailyReportLink).
 * Only the token's SHA-256 hex is stored, with who asked, the checked request and the expiry;
 * opening the link sets `used_at` (conditionally, before the file is written) — once.
 */
export const reportLinks = pgTable(
  'report_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    tokenHash: text('token_hash').notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The checked request (DailyReportDownloadRequest output) with the resolved holder and range. */
    request: jsonb('request').notNull(),
    createdAt: instant('created_at').notNull(),
    expiresAt: instant('expires_at').notNull(),
    usedAt: instant('used_at'),
  },
  (t) => [uniqueIndex('report_links_token_hash_key').on(t.tokenHash), index('report_links_expires_at_idx').on(t.expiresAt)],
);
