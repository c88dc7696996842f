import { CHARGEBACK_STATUSES } from '@andes/contract/common/enums';
import type { UploadedFile } from '@andes/contract/common/uploads';
import {
  CHARGEBACK_EVENTS,
  CHARGEBACK_REASON_CODES,
  REPLAY_STATUSES,
  REVIEW_STATUSES,
  RISK_DECISIONS,
  RULE_TYPES,
  RULE_VERSION_CHANGES,
} from '@andes/contract/risk/enums';
import type { FiredRule, ReplayResult, ReplayView } from '@andes/contract/risk/schemas';
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';
import { transactions } from './transactions.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });
/** Millisecond precision, as the transactions' times (replay and live compare them exactly). */
const instant3 = (name: string) => timestamp(name, { withTimezone: true, mode: 'date', precision: 3 });
const money = (name: string) => bigint(name, { mode: 'number' });

/**
 * Risk rules (docs/decisions/0028). The row holds the current version; every version (the first,
 * each change, the deletion) is a `risk_rule_versions` row written in the same database
 * transaction, so a decision naming (rule, version) can always be explained. A deleted rule keeps
 * its row (`deleted_at`) for the same reason. Users are referred to by id and name as they were.
 */
export const riskRules = pgTable(
  'risk_rules',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    country: text('country').notNull(),
    type: text('type', { enum: RULE_TYPES }).notNull(),
    template: text('template').notNull(),
    version: integer('version').notNull().default(1),
    name: text('name').notNull().default(''),
    threshold: money('threshold'),
    duration: integer('duration'),
    score: smallint('score'),
    enabled: boolean('enabled').notNull(),
    /** Normalised as the engine compares them. */
    values: jsonb('values').$type<string[]>().notNull().default([]),
    sendToCaseManagement: boolean('send_to_case_management').notNull().default(false),
    /** The add call's idempotency key and a hash of what was asked. */
    clientRequestId: text('client_request_id').notNull(),
    requestHash: text('request_hash').notNull(),
    createdBy: integer('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedBy: integer('updated_by').notNull(),
    updatedByName: text('updated_by_name').notNull(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
    deletedAt: instant('deleted_at'),
  },
  (t) => [
    uniqueIndex('risk_rules_request_uq').on(t.merchantId, t.clientRequestId),
    index('risk_rules_list_idx').on(t.merchantId, t.country, t.type, t.id).where(sql`deleted_at is null`),
    index('risk_rules_enabled_idx').on(t.merchantId, t.country).where(sql`deleted_at is null and enabled`),
  ],
);

export const riskRuleVersions = pgTable(
  'risk_rule_versions',
  {
    ruleId: integer('rule_id')
      .notNull()
      .references(() => riskRules.id),
    version: integer('version').notNull(),
    change: text('change', { enum: RULE_VERSION_CHANGES }).notNull(),
    name: text('name').notNull(),
    threshold: money('threshold'),
    duration: integer('duration'),
    score: smallint('score'),
    enabled: boolean('enabled').notNull(),
    values: jsonb('values').$type<string[]>().notNull(),
    sendToCaseManagement: boolean('send_to_case_management').notNull(),
    byUserId: integer('by_user_id').notNull(),
    byName: text('by_name').notNull(),
    at: instant('at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.ruleId, t.version] })],
);

/**
 * What the engine sees of each pay-in (docs/decisions/0028): its subjects normalised as the rules
 * compare them, written when the platform reports the pay-in, and when it failed or was charged
 * back. Live velocity reads the rows of the pay-in's subjects within the longest window; a replay
 * streams them in creation order. One row per pay-in.
 */
export const riskSignals = pgTable(
  'risk_signals',
  {
    transactionId: bigint('transaction_id', { mode: 'number' })
      .primaryKey()
      .references(() => transactions.id),
    merchantId: integer('merchant_id').notNull(),
    country: text('country').notNull(),
    createdAt: instant3('created_at').notNull(),
    amount: money('amount').notNull(),
    document: text('document'),
    email: text('email'),
    emailDomain: text('email_domain'),
    /** `BIN-LAST4`. */
    card: text('card'),
    bin: text('bin'),
    ip: text('ip'),
    device: text('device'),
    score: smallint('score'),
    /** A card pay-in: whether 3-D Secure authenticated it (null: not a card pay-in, or not known). */
    authenticated: boolean('authenticated'),
    failedAt: instant3('failed_at'),
    chargedBackAt: instant3('charged_back_at'),
  },
  (t) => [
    index('risk_signals_replay_idx').on(t.merchantId, t.country, t.createdAt, t.transactionId),
    index('risk_signals_document_idx').on(t.merchantId, t.document, t.createdAt).where(sql`document is not null`),
    index('risk_signals_email_idx').on(t.merchantId, t.email, t.createdAt).where(sql`email is not null`),
    index('risk_signals_card_idx').on(t.merchantId, t.card, t.createdAt).where(sql`card is not null`),
    index('risk_signals_bin_idx').on(t.merchantId, t.bin, t.createdAt).where(sql`bin is not null`),
    index('risk_signals_ip_idx').on(t.merchantId, t.ip, t.createdAt).where(sql`ip is not null`),
    index('risk_signals_device_idx').on(t.merchantId, t.device, t.createdAt).where(sql`device is not null`),
  ],
);

/**
 * A pay-in's decision: what the rules asked for, the rules that fired (id, version, what they
 * measured), and — sent to case management — the review. `final_decision` is what the platform
 * follows: the decision, or the reviewer's outcome.
 */
export const riskDecisions = pgTable(
  'risk_decisions',
  {
    transactionId: bigint('transaction_id', { mode: 'number' })
      .primaryKey()
      .references(() => transactions.id),
    merchantId: integer('merchant_id').notNull(),
    country: text('country').notNull(),
    decision: text('decision', { enum: RISK_DECISIONS }).notNull(),
    finalDecision: text('final_decision', { enum: RISK_DECISIONS }).notNull(),
    score: smallint('score'),
    rules: jsonb('rules').$type<FiredRule[]>().notNull().default([]),
    rulesEvaluated: integer('rules_evaluated').notNull(),
    evaluatedAt: instant3('evaluated_at').notNull(),
    reviewStatus: text('review_status', { enum: REVIEW_STATUSES }),
    reviewExpiresAt: instant('review_expires_at'),
    reviewedBy: integer('reviewed_by'),
    reviewedByName: text('reviewed_by_name'),
    reviewedAt: instant('reviewed_at'),
    reviewNote: text('review_note'),
  },
  (t) => [
    index('risk_decisions_review_idx')
      .on(t.merchantId, t.country, t.reviewStatus, t.evaluatedAt, t.transactionId)
      .where(sql`review_status is not null`),
  ],
);

/** A retro performance replay (a job): the rule as it was, progress, then the result. */
export const riskReplays = pgTable(
  'risk_replays',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    days: smallint('days').notNull(),
    ruleId: integer('rule_id'),
    ruleVersion: integer('rule_version'),
    rule: jsonb('rule').$type<ReplayView['rule']>().notNull(),
    status: text('status', { enum: REPLAY_STATUSES }).notNull().default('PENDING'),
    processed: integer('processed').notNull().default(0),
    total: integer('total').notNull().default(0),
    fromAt: instant('from_at').notNull(),
    toAt: instant('to_at').notNull(),
    result: jsonb('result').$type<ReplayResult>(),
    error: text('error'),
    createdBy: integer('created_by').notNull(),
    createdByName: text('created_by_name').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    startedAt: instant('started_at'),
    finishedAt: instant('finished_at'),
  },
  (t) => [index('risk_replays_list_idx').on(t.merchantId, t.country, t.id)],
);

/**
 * A chargeback and its defence (spec §3, §4): one per CHARGE_BACK transaction. CHARGE_BACK →
 * UNDER_DEFENSE (defended before the deadline) → DEFENSE_WON | DEFENSE_LOST; CHARGE_BACK →
 * DEFENSE_LOST when accepted or when the platform reports it lost. Every change is an UPDATE
 * conditional on the status read, with a history row. A defence waits for the provider
 * (`awaiting_provider`) until a claim leases it.
 */
export const chargebacks = pgTable(
  'chargebacks',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    subMerchantId: integer('sub_merchant_id').references(() => merchants.id),
    country: text('country').notNull(),
    currency: text('currency').notNull(),
    /** The CHARGE_BACK transaction, and the pay-in it disputes. */
    transactionId: bigint('transaction_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id),
    payinId: bigint('payin_id', { mode: 'number' })
      .notNull()
      .references(() => transactions.id),
    uniqueId: text('unique_id').notNull(),
    amount: money('amount').notNull(),
    reason: text('reason').notNull(),
    reasonCode: text('reason_code', { enum: CHARGEBACK_REASON_CODES }).notNull(),
    cardBrand: text('card_brand'),
    disputeDate: instant3('dispute_date').notNull(),
    deadline: instant('deadline').notNull(),
    status: text('status', { enum: CHARGEBACK_STATUSES }).notNull(),
    description: text('description'),
    appendices: jsonb('appendices').$type<UploadedFile[]>().notNull().default([]),
    defendedBy: integer('defended_by'),
    defendedByName: text('defended_by_name'),
    defendedAt: instant('defended_at'),
    accepted: boolean('accepted').notNull().default(false),
    outcomeAt: instant('outcome_at'),
    awaitingProvider: boolean('awaiting_provider').notNull().default(false),
    providerLeaseUntil: instant('provider_lease_until'),
    providerAttempts: integer('provider_attempts').notNull().default(0),
    /** When each reminder (DEFENSE_REMINDER_DAYS) was e-mailed. */
    reminded3At: instant('reminded_3_at'),
    reminded1At: instant('reminded_1_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    updatedAt: instant('updated_at').notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('chargebacks_transaction_uq').on(t.transactionId),
    // Newest dispute first: an ascending index scanned backwards (drizzle's .desc() emits NULLS LAST, which ORDER BY … DESC cannot use).
    index('chargebacks_list_idx').on(t.merchantId, t.country, t.disputeDate, t.id),
    index('chargebacks_open_idx').on(t.merchantId, t.country, t.deadline, t.id).where(sql`status = 'CHARGE_BACK'`),
    index('chargebacks_reminder_idx').on(t.deadline).where(sql`status = 'CHARGE_BACK'`),
    index('chargebacks_provider_idx').on(t.providerLeaseUntil).where(sql`awaiting_provider`),
    index('chargebacks_payin_idx').on(t.payinId),
  ],
);

export const chargebackHistory = pgTable(
  'chargeback_history',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    chargebackId: integer('chargeback_id')
      .notNull()
      .references(() => chargebacks.id),
    event: text('event', { enum: CHARGEBACK_EVENTS }).notNull(),
    status: text('status', { enum: CHARGEBACK_STATUSES }).notNull(),
    at: instant('at').notNull().defaultNow(),
    byUserId: integer('by_user_id'),
    byName: text('by_name'),
    note: text('note'),
  },
  (t) => [index('chargeback_history_idx').on(t.chargebackId, t.id)],
);
