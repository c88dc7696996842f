import { EVENT_OUTCOMES } from '@andes/contract/platform/schemas';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Tokens of the payment platform for `/internal/v1` (SHA-256 of the token only). */
export const serviceTokens = pgTable(
  'service_tokens',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: instant('created_at').notNull().defaultNow(),
    lastUsedAt: instant('last_used_at'),
    revokedAt: instant('revoked_at'),
  },
  (t) => [uniqueIndex('service_tokens_token_hash_key').on(t.tokenHash), uniqueIndex('service_tokens_name_key').on(t.name)],
);

/**
 * Every event the platform sent, by its id: the idempotency record. PARKED events wait for their
 * transaction; when it arrives they are applied in `occurred_at` order and become APPLIED.
 */
export const platformEvents = pgTable(
  'platform_events',
  {
    eventId: text('event_id').primaryKey(),
    type: text('type').notNull(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The transaction (or global movement reference) the event concerns. */
    subject: text('subject').notNull(),
    payload: jsonb('payload').notNull(),
    /** SHA-256 of the canonical payload: a reused id with another payload is refused. */
    payloadHash: text('payload_hash').notNull(),
    outcome: text('outcome', { enum: EVENT_OUTCOMES }).notNull(),
    occurredAt: instant('occurred_at').notNull(),
    receivedAt: instant('received_at').notNull().defaultNow(),
    appliedAt: instant('applied_at'),
  },
  (t) => [
    // A transaction's history (its detail): the events of one subject in order.
    index('platform_events_subject_idx').on(t.subject, t.occurredAt),
    index('platform_events_parked_idx').on(t.subject, t.occurredAt).where(sql`${t.outcome} = 'PARKED'`),
    check('platform_events_outcome_check', sql`${t.outcome} in (${sql.raw(EVENT_OUTCOMES.map((o) => `'${o}'`).join(', '))})`),
  ],
);

/** Payouts created in the dashboard, offered to the platform until it accepts them. */
export const payoutOutbox = pgTable(
  'payout_outbox',
  {
    transactionId: bigint('transaction_id', { mode: 'number' }).primaryKey(),
    /** Not offered again before this (a claim's lease). */
    leasedUntil: instant('leased_until'),
    attempts: integer('attempts').notNull().default(0),
    /** Set when the platform answered with a status: no longer offered. */
    acceptedAt: instant('accepted_at'),
    createdAt: instant('created_at').notNull().defaultNow(),
    /** What the platform needs to send it (beneficiary and the rest), as offered. */
    offer: jsonb('offer').notNull(),
  },
  (t) => [index('payout_outbox_waiting_idx').on(t.createdAt).where(sql`${t.acceptedAt} is null`)],
);
