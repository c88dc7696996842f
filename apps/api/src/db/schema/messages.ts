import { sql } from 'drizzle-orm';
import { bigint, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

export const MESSAGE_KINDS = ['ANNOUNCEMENT', 'MESSAGE'] as const;
/**
 * Who posted a message: the provider (through `/internal/v1`), or Andes itself (a system notice:
 * report ready, payout awaiting approval, case replied, balance alarm). docs/decisions/0030.
 */
export const MESSAGE_CATEGORIES = ['PROVIDER', 'REPORT_READY', 'PAYOUT_APPROVAL', 'CASE_REPLIED', 'BALANCE_ALARM'] as const;

/**
 * Messages and announcements: to every merchant (merchant_id null), one merchant (user_id null),
 * or one user of it (system notices addressed to a person). HTML is never rendered: content is
 * plain text. `message_key` makes publishing idempotent (the provider's key, or the notice's
 * natural key such as `report-ready:<task id>`).
 */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id').references(() => merchants.id),
    /** A system notice to one user of the merchant; null: every user the message reaches. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    kind: text('kind', { enum: MESSAGE_KINDS }).notNull(),
    category: text('category', { enum: MESSAGE_CATEGORIES }).notNull().default('PROVIDER'),
    title: text('title').notNull(),
    content: text('content').notNull(),
    /** An app route the notice points to (`/download-center`, `/support-center/case-detail/12`…), or null. */
    link: text('link'),
    /** A system notice's figures (`{ fileName: … }`): the web shows its title and text in the user's language from them. */
    params: jsonb('params').$type<Record<string, string | number>>(),
    messageKey: text('message_key'),
    publishedAt: instant('published_at').notNull(),
  },
  (t) => [
    index('messages_merchant_published_idx').on(t.merchantId, t.publishedAt),
    index('messages_user_published_idx').on(t.userId, t.publishedAt).where(sql`${t.userId} is not null`),
    uniqueIndex('messages_key_uq').on(t.messageKey),
  ],
);

export const messageReads = pgTable(
  'message_reads',
  {
    messageId: bigint('message_id', { mode: 'number' })
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: instant('read_at').notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.messageId] })],
);
