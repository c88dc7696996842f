import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';

export const ACTIVITY_OUTCOME_VALUES = ['SUCCESS', 'FAILURE', 'DENIED'] as const;

/**
 * The activity log: every security event and sensitive action, append-only. `merchant_id` is null
 * only for events no merchant owns (a failed sign-in of an unknown username). The actor is kept by
 * id and by name as it was, without a foreign key: removing a user does not rewrite history.
 * `details` is a flat object of strings that never holds a secret (activity.recorder.ts checks).
 */
export const activityLog = pgTable(
  'activity_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id').references(() => merchants.id),
    at: timestamp('at', { withTimezone: true, mode: 'date' }).notNull(),
    actorUserId: integer('actor_user_id'),
    actorUsername: text('actor_username'),
    event: text('event').notNull(),
    outcome: text('outcome', { enum: ACTIVITY_OUTCOME_VALUES }).notNull(),
    objectType: text('object_type'),
    objectId: text('object_id'),
    objectLabel: text('object_label'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    details: jsonb('details').$type<Record<string, string>>().notNull().default({}),
  },
  (t) => [
    // The page (newest first) and each filter, merchant first; all ascending (see CONVENTIONS).
    index('activity_log_merchant_at_idx').on(t.merchantId, t.at, t.id),
    index('activity_log_merchant_actor_at_idx').on(t.merchantId, t.actorUserId, t.at, t.id),
    index('activity_log_merchant_event_at_idx').on(t.merchantId, t.event, t.at, t.id),
    index('activity_log_merchant_object_at_idx').on(t.merchantId, t.objectType, t.objectId, t.at, t.id),
    index('activity_log_merchant_ip_at_idx').on(t.merchantId, t.ip, t.at, t.id),
    check('activity_log_outcome_check', sql`${t.outcome} in ('SUCCESS', 'FAILURE', 'DENIED')`),
    check('activity_log_details_check', sql`jsonb_typeof(${t.details}) = 'object'`),
  ],
);
