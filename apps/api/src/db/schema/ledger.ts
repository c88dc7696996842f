import { ACCOUNT_TYPES } from '@andes/contract/account/enums';
import { GLOBAL_BALANCE_BUSINESS_TYPES } from '@andes/contract/common/enums';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull().default(0);
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * MERCHANT: a local account of a merchant or sub-merchant (one per country and account type).
 * GLOBAL: a merchant's cross-border USD account. SYSTEM: the provider's side of every entry
 * (clearing with the platform, fee revenue, tax payable, FX), one per code and currency.
 */
export const ACCOUNT_KINDS = ['MERCHANT', 'GLOBAL', 'SYSTEM'] as const;
export type AccountKind = (typeof ACCOUNT_KINDS)[number];

/** The provider's accounts (kind SYSTEM). */
export const SYSTEM_ACCOUNT_CODES = ['CLEARING', 'FEES', 'TAX', 'FX'] as const;
export type SystemAccountCode = (typeof SYSTEM_ACCOUNT_CODES)[number];

/**
 * The buckets an account's money sits in (docs/balances.md). SYSTEM accounts use MAIN only.
 * OWED is what the merchant owes after a chargeback that their money did not cover (≤ 0).
 */
export const BUCKETS = ['AVAILABLE', 'PENDING', 'ON_HOLD', 'RESERVED', 'DEPOSIT_HELD', 'OWED', 'MAIN'] as const;
export type Bucket = (typeof BUCKETS)[number];

/**
 * An account and its maintained bucket balances. The balance columns are a cache of the sum of
 * the account's postings per bucket, kept in the same transaction as each posting (the ledger
 * service updates them under the row lock); `ledger-check` compares them with the postings. The
 * checks are the last line against an overdraw: no merchant bucket but OWED goes below zero.
 */
export const accounts = pgTable(
  'accounts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ACCOUNT_KINDS }).notNull(),
    /** The holder (merchant or sub-merchant); null for SYSTEM accounts. */
    holderId: integer('holder_id').references(() => merchants.id),
    /** The top-level merchant (the holder itself, or the sub-merchant's parent): the scope of its users. */
    merchantId: integer('merchant_id').references(() => merchants.id),
    country: text('country'),
    currency: text('currency').notNull(),
    accountType: text('account_type', { enum: ACCOUNT_TYPES }),
    systemCode: text('system_code', { enum: SYSTEM_ACCOUNT_CODES }),
    accountNo: text('account_no').notNull(),
    available: cents('available'),
    pending: cents('pending'),
    onHold: cents('on_hold'),
    reserved: cents('reserved'),
    depositHeld: cents('deposit_held'),
    owed: cents('owed'),
    main: cents('main'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('accounts_account_no_key').on(t.accountNo),
    uniqueIndex('accounts_local_key').on(t.holderId, t.country, t.accountType).where(sql`${t.kind} = 'MERCHANT'`),
    uniqueIndex('accounts_global_key').on(t.holderId).where(sql`${t.kind} = 'GLOBAL'`),
    uniqueIndex('accounts_system_key').on(t.systemCode, t.currency).where(sql`${t.kind} = 'SYSTEM'`),
    index('accounts_merchant_country_idx').on(t.merchantId, t.country),
    check('accounts_kind_check', sql`${t.kind} in (${list(ACCOUNT_KINDS)})`),
    check(
      'accounts_shape_check',
      sql`(${t.kind} = 'MERCHANT' and ${t.holderId} is not null and ${t.merchantId} is not null and ${t.country} is not null and ${t.accountType} in (${list(ACCOUNT_TYPES)}) and ${t.systemCode} is null)
       or (${t.kind} = 'GLOBAL' and ${t.holderId} is not null and ${t.merchantId} is not null and ${t.accountType} is null and ${t.systemCode} is null)
       or (${t.kind} = 'SYSTEM' and ${t.holderId} is null and ${t.merchantId} is null and ${t.systemCode} in (${list(SYSTEM_ACCOUNT_CODES)}))`,
    ),
    check(
      'accounts_no_overdraw_check',
      sql`${t.kind} = 'SYSTEM' or (${t.available} >= 0 and ${t.pending} >= 0 and ${t.onHold} >= 0 and ${t.reserved} >= 0 and ${t.depositHeld} >= 0 and ${t.owed} <= 0 and ${t.main} = 0)`,
    ),
  ],
);

/** What an entry records; each is written by one rule of the posting rules (docs/balances.md). */
export const ENTRY_KINDS = [
  'PAYIN_SETTLED',
  'RELEASE',
  'HOLD',
  'UNHOLD',
  'REFUND',
  'CHARGEBACK',
  'PAYOUT_RESERVED',
  'PAYOUT_SETTLED',
  'PAYOUT_RETURNED',
  'GLOBAL_TOPUP',
  'GLOBAL_TRANSFER_OUT',
  // accounting requests (docs/decisions/0027)
  'TOPUP_CREDITED',
  'REQUEST_RESERVED',
  'REQUEST_RETURNED',
  'WITHDRAWAL_SETTLED',
  'EXCHANGE_SETTLED',
  'SUB_TRANSFER_SETTLED',
  // a defended chargeback won: the disputed amount back to the merchant (docs/decisions/0028)
  'CHARGEBACK_REVERSED',
] as const;
export type EntryKind = (typeof ENTRY_KINDS)[number];

/** A journal entry: postings that sum to zero per currency. Never updated or deleted. */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text('kind', { enum: ENTRY_KINDS }).notNull(),
    /** The transaction the entry is about, if any. */
    transactionId: bigint('transaction_id', { mode: 'number' }),
    /** The accounting request the entry is about, if any (docs/decisions/0027). */
    requestId: integer('request_id'),
    /** The platform event that caused it, if any. */
    eventId: text('event_id'),
    /** When it happened (the event's time); `created_at` is when Andes wrote it. */
    effectiveAt: instant('effective_at').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('ledger_entries_transaction_id_idx').on(t.transactionId),
    index('ledger_entries_request_id_idx').on(t.requestId).where(sql`${t.requestId} is not null`),
    check('ledger_entries_kind_check', sql`${t.kind} in (${list(ENTRY_KINDS)})`),
  ],
);

/**
 * One line of an entry: `amount` cents into (positive) or out of (negative) one bucket of one
 * account. `balance_after` is the bucket's balance right after it (the account row was locked).
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    entryId: bigint('entry_id', { mode: 'number' })
      .notNull()
      .references(() => ledgerEntries.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    bucket: text('bucket', { enum: BUCKETS }).notNull(),
    currency: text('currency').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    balanceAfter: bigint('balance_after', { mode: 'number' }).notNull(),
    effectiveAt: instant('effective_at').notNull(),
  },
  (t) => [
    index('ledger_postings_entry_id_idx').on(t.entryId),
    // An account's statement, in order (keyset by id).
    index('ledger_postings_account_id_id_idx').on(t.accountId, t.id),
    check('ledger_postings_bucket_check', sql`${t.bucket} in (${list(BUCKETS)})`),
    check('ledger_postings_amount_check', sql`${t.amount} <> 0`),
  ],
);

/**
 * Settled pay-in money waiting to become available: the settlement delay (bucket PENDING) and the
 * deposit withheld (bucket DEPOSIT_HELD). The release job moves each due SCHEDULED row to
 * AVAILABLE, except while its transaction is on hold (its money is then in ON_HOLD; the row
 * waits for the unhold).
 */
export const RELEASE_STATES = ['SCHEDULED', 'RELEASED', 'CANCELLED'] as const;
export const pendingReleases = pgTable(
  'pending_releases',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    transactionId: bigint('transaction_id', { mode: 'number' }).notNull(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    country: text('country').notNull(),
    bucket: text('bucket', { enum: ['PENDING', 'DEPOSIT_HELD'] }).notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    availableAt: instant('available_at').notNull(),
    /** `available_at` as a calendar date in the country's time zone (accounting calendar). */
    availableDate: text('available_date').notNull(),
    state: text('state', { enum: RELEASE_STATES }).notNull().default('SCHEDULED'),
    releasedAt: instant('released_at'),
  },
  (t) => [
    uniqueIndex('pending_releases_transaction_id_key').on(t.transactionId, t.bucket),
    index('pending_releases_due_idx').on(t.availableAt).where(sql`${t.state} = 'SCHEDULED'`),
    index('pending_releases_calendar_idx').on(t.merchantId, t.country, t.availableDate),
    // Home's pending money by date: only what is still to be released.
    index('pending_releases_scheduled_idx').on(t.merchantId, t.country, t.availableDate).where(sql`${t.state} = 'SCHEDULED'`),
    check('pending_releases_amount_check', sql`${t.amount} >= 0`),
    check('pending_releases_state_check', sql`${t.state} in (${list(RELEASE_STATES)})`),
    check('pending_releases_bucket_check', sql`${t.bucket} in ('PENDING', 'DEPOSIT_HELD')`),
  ],
);

/** Top-ups and transfers out of global accounts (the global balance statement). */
export const globalMovements = pgTable(
  'global_movements',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    businessType: text('business_type', { enum: GLOBAL_BALANCE_BUSINESS_TYPES }).notNull(),
    reference: text('reference').notNull(),
    /** USD cents, signed: + top-up, − transfer out. */
    amount: bigint('amount', { mode: 'number' }).notNull(),
    targetAccountId: integer('target_account_id').references(() => accounts.id),
    targetAmount: bigint('target_amount', { mode: 'number' }),
    targetCurrency: text('target_currency'),
    exchangeRate: text('exchange_rate'),
    startBalance: bigint('start_balance', { mode: 'number' }).notNull(),
    endBalance: bigint('end_balance', { mode: 'number' }).notNull(),
    eventId: text('event_id'),
    occurredAt: instant('occurred_at').notNull(),
  },
  (t) => [
    uniqueIndex('global_movements_reference_key').on(t.merchantId, t.reference),
    // The statement: newest first by (occurred_at, id), ascending index scanned backwards.
    index('global_movements_statement_idx').on(t.merchantId, t.occurredAt, t.id),
    check('global_movements_type_check', sql`${t.businessType} in (${list(GLOBAL_BALANCE_BUSINESS_TYPES)})`),
  ],
);
