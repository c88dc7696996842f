import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const MAIL_TRANSPORTS = ['smtp', 'outbox'] as const;
export type MailTransport = (typeof MAIL_TRANSPORTS)[number];

/**
 * Every e-mail the server sends, written before it is sent, in either mode. `transport` says how
 * it was to be delivered: `smtp` (SMTP_URL set; `sent_at` once the server accepted it, or `error`)
 * or `outbox` (embedded: stored here and printed to the server log; `sent_at` once printed).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    transport: text('transport', { enum: MAIL_TRANSPORTS }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true, mode: 'date' }),
    error: text('error'),
  },
  (t) => [
    index('mail_outbox_created_at_idx').on(t.createdAt),
    check('mail_outbox_transport_check', sql`${t.transport} in ('smtp', 'outbox')`),
  ],
);
