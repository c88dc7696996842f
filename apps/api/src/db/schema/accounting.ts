import { ACCOUNT_TYPES } from '@andes/contract/account/enums';
import { APPROVAL_STATES, REQUEST_EVENTS, REQUEST_KINDS, REQUEST_STATUSES } from '@andes/contract/accounting/enums';
import type { FeeLine } from '@andes/contract/accounting/machines';
import type { BeneficiaryAccount } from '@andes/contract/accounting/schemas';
import type { UploadedFile } from '@andes/contract/common/uploads';
import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { accounts } from './ledger.ts';
import { merchants } from './merchants.ts';

const list = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));
const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * Accounting requests (docs/decisions/0027): top-ups, withdrawals, exchanges and sub-merchant
 * transfers, one row each, moved by their state machine (`@andes/contract/accounting/machines`).
 * Every status change is an UPDATE conditional on the status read, with a history row in the same
 * database transaction. Users are referred to by id without a foreign key, with their name as it
 * was (removing a user keeps who did what).
 *
 * The row is also the provider's queue: `awaiting_provider` is true while the provider has
 * something to do (verify, quote, transfer, settle); a claim leases it until `provider_lease_until`.
 */
export const accountingRequests = pgTable(
  'accounting_requests',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    requestNo: text('request_no').notNull(),
    kind: text('kind', { enum: REQUEST_KINDS }).notNull(),
    /** The top-level merchant (the scope of its users). */
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** SUB_TRANSFER: the sub-merchant on the other side. */
    subMerchantId: integer('sub_merchant_id').references(() => merchants.id),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    accountType: text('account_type', { enum: ACCOUNT_TYPES }).notNull(),
    mode: text('mode'),
    status: text('status', { enum: REQUEST_STATUSES }).notNull(),
    /** The caller's idempotency key and a hash of what was asked. */
    clientRequestId: text('client_request_id').notNull(),
    requestHash: text('request_hash').notNull(),
    requestAmount: money('request_amount').notNull(),
    verifiedAmount: money('verified_amount'),
    fee: money('fee'),
    feeLines: jsonb('fee_lines').$type<FeeLine[]>().notNull().default([]),
    finalAmount: money('final_amount'),
    deductionAmount: money('deduction_amount'),
    receiptAmount: money('receipt_amount'),
    /** The account money is taken from (reserved while pending) and the one it reaches. */
    sellAccountId: integer('sell_account_id').references(() => accounts.id),
    buyAccountId: integer('buy_account_id').references(() => accounts.id),
    side: text('side'),
    sellCurrency: text('sell_currency'),
    buyCurrency: text('buy_currency'),
    sellAmount: money('sell_amount'),
    buyAmount: money('buy_amount'),
    exchangeRate: text('exchange_rate'),
    rateExpiresAt: instant('rate_expires_at'),
    contractConfirmedAt: instant('contract_confirmed_at'),
    contractConfirmedBy: integer('contract_confirmed_by'),
    contractConfirmedByName: text('contract_confirmed_by_name'),
    transferTime: instant('transfer_time'),
    remittingBank: text('remitting_bank'),
    beneficiary: jsonb('beneficiary').$type<BeneficiaryAccount>(),
    proofFiles: jsonb('proof_files').$type<UploadedFile[]>().notNull().default([]),
    remark: text('remark').notNull().default(''),
    statusReason: text('status_reason'),
    target: text('target'),
    approvalState: text('approval_state', { enum: APPROVAL_STATES }).notNull().default('NONE'),
    approvedBy: integer('approved_by'),
    approvedByName: text('approved_by_name'),
    approvedAt: instant('approved_at'),
    createdBy: integer('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    /** Milliseconds, as the list's keyset cursor carries it (a JS Date). */
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date', precision: 3 }).notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    completedAt: instant('completed_at'),
    awaitingProvider: boolean('awaiting_provider').notNull().default(false),
    providerLeaseUntil: instant('provider_lease_until'),
    providerAttempts: integer('provider_attempts').notNull().default(0),
  },
  (t) => [
    uniqueIndex('accounting_requests_request_no_key').on(t.requestNo),
    uniqueIndex('accounting_requests_client_request_key').on(t.merchantId, t.clientRequestId),
    // The lists: one kind of one merchant in one country, newest first by (created_at, id) — the
    // keyset of the screens — with or without a status; the date range is a range of the index.
    index('accounting_requests_list_idx').on(t.merchantId, t.kind, t.country, t.createdAt, t.id),
    index('accounting_requests_status_list_idx').on(t.merchantId, t.kind, t.country, t.status, t.createdAt, t.id),
    // A sub-merchant user's view and a sub-merchant's transfers.
    index('accounting_requests_sub_list_idx')
      .on(t.subMerchantId, t.kind, t.country, t.createdAt, t.id)
      .where(sql`${t.subMerchantId} is not null`),
    // The keyword: a request number's prefix (LIKE 'X%' needs pattern ops outside the C collation),
    // and a withdrawal's beneficiary account number.
    index('accounting_requests_request_no_prefix_idx').on(t.requestNo.op('text_pattern_ops')),
    index('accounting_requests_beneficiary_account_idx')
      .on(sql`(${t.beneficiary} ->> 'accountNumber')`)
      .where(sql`${t.kind} = 'WITHDRAWAL'`),
    // The provider's queue.
    index('accounting_requests_provider_idx').on(t.id).where(sql`${t.awaitingProvider}`),
    // Quotes that run out.
    index('accounting_requests_quote_expiry_idx').on(t.rateExpiresAt).where(sql`${t.status} = 'WAIT_CONFIRM_CONTRACT'`),
    check('accounting_requests_kind_check', sql`${t.kind} in (${list(REQUEST_KINDS)})`),
    check(
      'accounting_requests_status_check',
      sql`(${t.kind} = 'TOPUP' and ${t.status} in ('PROCESSING', 'COMPLETED', 'REJECTED', 'CANCELED', 'FAILED'))
       or (${t.kind} = 'WITHDRAWAL' and ${t.status} in ('PROCESSING', 'COMPLETED', 'IN_TRANSFER', 'REJECTED', 'CANCELED', 'PAYMENT_FAILED', 'FAILED'))
       or (${t.kind} = 'EXCHANGE' and ${t.status} in ('WAIT_PROOF', 'WAIT_EXCHANGE_RATE', 'WAIT_CONFIRM_CONTRACT', 'PROCESSING', 'COMPLETED', 'REJECTED', 'CANCELED', 'FAILED'))
       or (${t.kind} = 'SUB_TRANSFER' and ${t.status} in ('PROCESSING', 'COMPLETED', 'REJECTED', 'FAILED'))`,
    ),
    check('accounting_requests_approval_check', sql`${t.approvalState} in (${list(APPROVAL_STATES)})`),
    check('accounting_requests_amount_check', sql`${t.requestAmount} > 0`),
  ],
);

/** A request's history: every transition and step, with who (a user, or null for the provider and the system) and when. */
export const accountingRequestHistory = pgTable(
  'accounting_request_history',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: integer('request_id')
      .notNull()
      .references(() => accountingRequests.id),
    event: text('event', { enum: REQUEST_EVENTS }).notNull(),
    status: text('status', { enum: REQUEST_STATUSES }).notNull(),
    at: instant('at').notNull(),
    byUserId: integer('by_user_id'),
    byName: text('by_name'),
    reason: text('reason'),
    /** The provider's event that caused it. */
    eventId: text('event_id'),
  },
  (t) => [
    index('accounting_request_history_request_idx').on(t.requestId, t.id),
    check('accounting_request_history_event_check', sql`${t.event} in (${list(REQUEST_EVENTS)})`),
  ],
);

/**
 * A merchant's fees and limits of top-ups and withdrawals in a country (spec §9), set by the
 * provider; a country without a row uses the defaults of the accounting module.
 */
export const accountingFeeConfigs = pgTable(
  'accounting_fee_configs',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    country: text('country').notNull(),
    kind: text('kind', { enum: ['TOPUP', 'WITHDRAWAL'] }).notNull(),
    perRequestFee: money('per_request_fee').notNull(),
    smallTransferThreshold: money('small_transfer_threshold').notNull(),
    smallTransferFee: money('small_transfer_fee').notNull(),
    minAmount: money('min_amount').notNull(),
    maxAmount: money('max_amount').notNull(),
    /** WITHDRAWAL: above this a second person approves; null: never. Set by the merchant. */
    approvalThreshold: money('approval_threshold'),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.merchantId, t.country, t.kind] }),
    check('accounting_fee_configs_kind_check', sql`${t.kind} in ('TOPUP', 'WITHDRAWAL')`),
    check(
      'accounting_fee_configs_amounts_check',
      sql`${t.perRequestFee} >= 0 and ${t.smallTransferThreshold} >= 0 and ${t.smallTransferFee} >= 0 and ${t.minAmount} > 0 and ${t.maxAmount} >= ${t.minAmount}`,
    ),
  ],
);

/** The provider's latest indicative rate of each currency against USD (local units per 1 USD). */
export const fxRates = pgTable('fx_rates', {
  currency: text('currency').primaryKey(),
  rate: text('rate').notNull(),
  publishedAt: instant('published_at').notNull(),
});
