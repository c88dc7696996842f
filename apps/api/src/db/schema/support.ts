import { CASE_STATUSES } from '@andes/contract/common/enums';
import type { UploadedFile } from '@andes/contract/common/uploads';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';
import { transactions } from './transactions.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * Support cases (work orders; spec §3, §4, §7 Support; issue #14; docs/decisions/0029). A case
 * belongs to a merchant and, when a sub-merchant user opened it, to that sub-merchant (scope as
 * transactions). Creation is idempotent by (merchant, idempotency key); a case names the
 * transaction it is about when one of the merchant's transactions matches its key or E2E id.
 * Every change of state is an UPDATE conditional on the status read (and `version`), with a reply
 * row of kind CLOSE / REOPEN / STATUS saying who, when and why.
 */
export const supportCases = pgTable(
  'support_cases',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    /** `CS` + local date `yyyyMMdd` + 6 random base-32 characters: the id people quote. */
    caseNo: text('case_no').notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    subMerchantId: integer('sub_merchant_id').references(() => merchants.id),
    country: text('country').notNull(),
    caseType: text('case_type').notNull(),
    transactionType: text('transaction_type'),
    productType: text('product_type'),
    title: text('title').notNull(),
    description: text('description').notNull(),
    /** What the merchant typed to name the transaction: a unique id or merchant reference. */
    transactionKey: text('transaction_key'),
    e2eId: text('e2e_id'),
    clabe: text('clabe'),
    /** The caller's idempotency key (or the E2E id when no key was given): one case per key. */
    idempotencyKey: text('idempotency_key').notNull(),
    /** The matching transaction, when one was found. */
    transactionId: bigint('transaction_id', { mode: 'number' }).references(() => transactions.id),
    notificationEmail: text('notification_email'),
    appendices: jsonb('appendices').$type<UploadedFile[]>().notNull().default([]),
    status: text('status', { enum: CASE_STATUSES }).notNull(),
    version: integer('version').notNull().default(1),
    createdBy: integer('created_by'),
    createdByName: text('created_by_name').notNull(),
    /** The last reply of each side (the "time since the last reply" of the detail and the list). */
    lastMerchantReplyAt: instant('last_merchant_reply_at'),
    lastProviderReplyAt: instant('last_provider_reply_at'),
    /** True while the provider owes an answer (new case, merchant reply, reopen): what the claim offers. */
    awaitingProvider: boolean('awaiting_provider').notNull().default(true),
    providerLeaseUntil: instant('provider_lease_until'),
    providerAttempts: integer('provider_attempts').notNull().default(0),
    closedAt: instant('closed_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('support_cases_case_no_uq').on(t.caseNo),
    uniqueIndex('support_cases_idempotency_uq').on(t.merchantId, t.idempotencyKey),
    // Newest first: an ascending index scanned backwards.
    index('support_cases_list_idx').on(t.merchantId, t.country, t.createdAt, t.id),
    index('support_cases_status_idx').on(t.merchantId, t.country, t.status, t.createdAt, t.id),
    index('support_cases_transaction_idx').on(t.transactionId).where(sql`${t.transactionId} is not null`),
    index('support_cases_provider_idx').on(t.providerLeaseUntil).where(sql`${t.awaitingProvider}`),
  ],
);

export const CASE_REPLY_SIDES = ['MERCHANT', 'PROVIDER'] as const;
export const CASE_REPLY_KINDS = ['CREATE', 'REPLY', 'CLOSE', 'REOPEN', 'STATUS', 'EDIT'] as const;

/** The thread of a case: replies of either side, and the state changes with their instructions. */
export const supportCaseReplies = pgTable(
  'support_case_replies',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    caseId: integer('case_id')
      .notNull()
      .references(() => supportCases.id),
    side: text('side', { enum: CASE_REPLY_SIDES }).notNull(),
    kind: text('kind', { enum: CASE_REPLY_KINDS }).notNull(),
    /** The merchant user who wrote it (null for the provider). */
    userId: integer('user_id'),
    /** Who wrote it as shown (asker or responder): the user's name, or the provider agent's. */
    authorName: text('author_name').notNull(),
    content: text('content').notNull(),
    /** The status the case had after this row. */
    status: text('status', { enum: CASE_STATUSES }).notNull(),
    appendices: jsonb('appendices').$type<UploadedFile[]>().notNull().default([]),
    /** The provider's event id, or the merchant's request id: a retry adds nothing. */
    requestKey: text('request_key'),
    createdAt: instant('created_at').notNull().defaultNow(),
  },
  (t) => [
    index('support_case_replies_case_idx').on(t.caseId, t.id),
    uniqueIndex('support_case_replies_request_uq').on(t.caseId, t.requestKey),
  ],
);
