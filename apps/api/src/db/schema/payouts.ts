import { PAYOUT_APPROVAL_STATUSES, PAYOUT_SOURCES } from '@andes/contract/payout/enums';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';
import { transactions } from './transactions.ts';
import { users } from './users.ts';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const cents = (name: string) => bigint(name, { mode: 'number' }).notNull();

/**
 * Payouts created in the dashboard (docs/decisions/0025). A payout is a PAY_OUT row of
 * `transactions` (so it is listed, counted and settled like the platform's payouts) plus its
 * approval row here; a creation — one payout or the valid rows of a file — is a batch.
 *
 * Users are referred to by id without a foreign key, with their name as it was: removing a user
 * keeps the record of who created or decided a payout.
 */

/** One creation: a single payout or a file's valid rows, created all together or not at all. */
export const payoutBatches = pgTable(
  'payout_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The sub-merchant whose account pays, when a sub-merchant user created it. */
    subMerchantId: integer('sub_merchant_id').references(() => merchants.id),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    source: text('source', { enum: PAYOUT_SOURCES }).notNull(),
    fileName: text('file_name'),
    /** The caller's idempotency key: one batch per key and merchant. */
    requestId: text('request_id').notNull(),
    /** SHA-256 of what was asked: the same key with other payouts is refused. */
    requestHash: text('request_hash').notNull(),
    createdBy: integer('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: instant('created_at').notNull(),
    rowCount: integer('row_count').notNull(),
    amount: cents('amount'),
    fee: cents('fee'),
    vat: cents('vat'),
    /** The payout account's available balance just before the reservation (the answer of a repeated request). */
    availableBefore: cents('available_before'),
  },
  (t) => [
    uniqueIndex('payout_batches_request_key').on(t.merchantId, t.requestId),
    check('payout_batches_source_check', sql`${t.source} in (${list(PAYOUT_SOURCES)})`),
    check('payout_batches_figures_check', sql`${t.rowCount} > 0 and ${t.amount} > 0 and ${t.fee} >= 0 and ${t.vat} >= 0`),
  ],
);

/** The approval of one payout and what was quoted for it. */
export const payouts = pgTable(
  'payouts',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => payoutBatches.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    subMerchantId: integer('sub_merchant_id').references(() => merchants.id),
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id),
    country: text('country').notNull(),
    productType: text('product_type').notNull(),
    amount: cents('amount'),
    /** The fee and its VAT quoted and reserved at creation. */
    fee: cents('fee'),
    vat: cents('vat'),
    /** Unique per merchant among dashboard payouts (the transaction row carries it too). */
    merchantReference: text('merchant_reference').notNull(),
    /** rails.ts beneficiaryKey: the account that receives the money (duplicate detection). */
    beneficiaryKey: text('beneficiary_key').notNull(),
    /** The row of the uploaded file, for a batch from a file. */
    rowNumber: integer('row_number'),
    approvalStatus: text('approval_status', { enum: PAYOUT_APPROVAL_STATUSES }).notNull().default('PENDING'),
    createdBy: integer('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    decidedBy: integer('decided_by'),
    decidedByName: text('decided_by_name'),
    decidedAt: instant('decided_at'),
    /** Why it was refused (the approver's words, or that it ran out of time). */
    refuseReason: text('refuse_reason'),
    /** Not decided by then: cancelled and its money released (the payout-expiry job). */
    expiresAt: instant('expires_at').notNull(),
    duplicateConfirmed: boolean('duplicate_confirmed').notNull().default(false),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    uniqueIndex('payouts_transaction_id_key').on(t.transactionId),
    uniqueIndex('payouts_reference_key').on(t.merchantId, t.merchantReference),
    // The list, one index per tab: newest first by (created_at, id), ascending and scanned backwards.
    index('payouts_pending_list_idx').on(t.merchantId, t.country, t.createdAt, t.id).where(sql`${t.approvalStatus} = 'PENDING'`),
    index('payouts_decided_list_idx').on(t.merchantId, t.country, t.createdAt, t.id).where(sql`${t.approvalStatus} <> 'PENDING'`),
    // A sub-merchant user's list (a few of the merchant's payouts at most).
    index('payouts_sub_merchant_list_idx').on(t.subMerchantId, t.country, t.createdAt, t.id).where(sql`${t.subMerchantId} is not null`),
    // Duplicates: the same beneficiary and amount within the window.
    index('payouts_duplicate_idx').on(t.merchantId, t.beneficiaryKey, t.amount, t.createdAt),
    index('payouts_batch_idx').on(t.batchId, t.id),
    index('payouts_expiry_idx').on(t.expiresAt).where(sql`${t.approvalStatus} = 'PENDING'`),
    check('payouts_approval_status_check', sql`${t.approvalStatus} in (${list(PAYOUT_APPROVAL_STATUSES)})`),
    check('payouts_figures_check', sql`${t.amount} > 0 and ${t.fee} >= 0 and ${t.vat} >= 0`),
    check('payouts_decision_check', sql`(${t.approvalStatus} = 'PENDING') = (${t.decidedAt} is null)`),
  ],
);

export const PAYOUT_CODE_PURPOSES = ['PAYOUT_CREATE'] as const;

/**
 * Verification codes e-mailed to a payout's creator: only a hash of the code (argon2id), bound to
 * what it may create (country, number of payouts, total amount); one use, a few wrong entries.
 */
export const payoutVerifyCodes = pgTable(
  'payout_verify_codes',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose', { enum: PAYOUT_CODE_PURPOSES }).notNull(),
    codeHash: text('code_hash').notNull(),
    country: text('country').notNull(),
    count: integer('count').notNull(),
    amount: cents('amount'),
    expiresAt: instant('expires_at').notNull(),
    attempts: integer('attempts').notNull().default(0),
    usedAt: instant('used_at'),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [
    // The caller's latest code of a purpose.
    index('payout_verify_codes_user_idx').on(t.userId, t.purpose, t.createdAt, t.id),
    check('payout_verify_codes_purpose_check', sql`${t.purpose} in (${list(PAYOUT_CODE_PURPOSES)})`),
    check('payout_verify_codes_attempts_check', sql`${t.attempts} >= 0`),
  ],
);
