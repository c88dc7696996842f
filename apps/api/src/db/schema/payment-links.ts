import type { UploadedFile } from '@andes/contract/common/uploads';
import { PAYMENT_LINK_PAYMENT_STATES, PAYMENT_LINK_STORED_STATUSES } from '@andes/contract/payment-link/schemas';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';
import { transactions } from './transactions.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * One batch file's generation (docs/decisions/0035): the request id of the upload and the SHA-256
 * of the file, so that the same request id and file answer the links made the first time.
 */
export const paymentLinkBatches = pgTable(
  'payment_link_batches',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    subMerchantId: integer('sub_merchant_id').references(() => merchants.id),
    country: text('country').notNull(),
    requestId: text('request_id').notNull(),
    /** SHA-256 of the country and the file's bytes: the same request id with another file is refused. */
    requestHash: text('request_hash').notNull(),
    fileName: text('file_name').notNull(),
    rowCount: integer('row_count').notNull(),
    createdBy: integer('created_by').notNull(),
    createdAt: instant('created_at').notNull(),
  },
  (t) => [uniqueIndex('payment_link_batches_request_key').on(t.merchantId, t.createdBy, t.requestId)],
);

/**
 * Payment links generated in the dashboard (docs/decisions/0035). The public token of a link's URL
 * is never stored in clear: `token_hash` (SHA-256) finds the link of a payer's URL, and
 * `token_sealed` (the app's secret box, bound to the link id) lets the merchant see the URL again.
 * The platform reports a payment through a link as a pay-in carrying `link_id`
 * (`transactions.payment_link_id`); the ingestion marks the link PAID (or its payment FAILED) in
 * the event's transaction.
 */
export const paymentLinks = pgTable(
  'payment_links',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `PL` + 16 of [0-9A-Z], random: what the platform reports with a payment. */
    linkId: text('link_id').notNull(),
    tokenHash: text('token_hash').notNull(),
    tokenSealed: text('token_sealed').notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The sub-merchant whose link it is, when a sub-merchant user generated it. */
    subMerchantId: integer('sub_merchant_id').references(() => merchants.id),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    productType: text('product_type').notNull(),
    amount: bigint('amount_cents', { mode: 'number' }).notNull(),
    description: text('description').notNull(),
    /** The merchant's own reference; '' when none (unique per merchant otherwise). */
    merchantReference: text('merchant_reference').notNull().default(''),
    expiresAt: instant('expires_at').notNull(),
    status: text('status', { enum: PAYMENT_LINK_STORED_STATUSES }).notNull().default('ACTIVE'),
    installments: integer('installments'),
    payerEmail: text('payer_email'),
    appendices: jsonb('appendices').$type<UploadedFile[]>().notNull().default([]),
    /** The caller's idempotency key of a single generation (null for the links of a batch). */
    requestId: text('request_id'),
    batchId: integer('batch_id').references(() => paymentLinkBatches.id),
    /** The row of the batch file that made it. */
    rowNumber: integer('row_number'),
    createdBy: integer('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: instant('created_at').notNull(),
    updatedAt: instant('updated_at').notNull(),
    paidTransactionId: bigint('paid_transaction_id', { mode: 'number' }).references(() => transactions.id),
    paidAt: instant('paid_at'),
    cancelledAt: instant('cancelled_at'),
    paymentState: text('payment_state', { enum: PAYMENT_LINK_PAYMENT_STATES }),
    paymentRequestedAt: instant('payment_requested_at'),
    /** The provider's claim (db/lease.ts): leased until, and how many times offered. */
    leasedUntil: instant('leased_until'),
    attempts: integer('attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('payment_links_link_id_key').on(t.linkId),
    uniqueIndex('payment_links_token_hash_key').on(t.tokenHash),
    uniqueIndex('payment_links_reference_key').on(t.merchantId, t.merchantReference).where(sql`${t.merchantReference} <> ''`),
    uniqueIndex('payment_links_request_key').on(t.merchantId, t.createdBy, t.requestId).where(sql`${t.requestId} is not null`),
    // The list: newest first by id, ascending and scanned backwards (keyset).
    index('payment_links_list_idx').on(t.merchantId, t.country, t.id),
    // A sub-merchant user's list.
    index('payment_links_sub_merchant_list_idx').on(t.subMerchantId, t.country, t.id).where(sql`${t.subMerchantId} is not null`),
    index('payment_links_batch_idx').on(t.batchId, t.rowNumber).where(sql`${t.batchId} is not null`),
    // The provider's claim: the payments payers started, oldest first.
    index('payment_links_pending_idx').on(t.paymentRequestedAt, t.id).where(sql`${t.paymentState} = 'PENDING'`),
    check('payment_links_status_check', sql`${t.status} in ('ACTIVE', 'PAID', 'CANCELLED')`),
    check('payment_links_payment_state_check', sql`${t.paymentState} is null or ${t.paymentState} in ('PENDING', 'FAILED')`),
    check('payment_links_amount_check', sql`${t.amount} > 0`),
    check('payment_links_installments_check', sql`${t.installments} is null or ${t.installments} between 2 and 24`),
    check('payment_links_paid_check', sql`(${t.status} = 'PAID') = (${t.paidAt} is not null)`),
  ],
);
