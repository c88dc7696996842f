import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** Messages and announcements from the provider: to every merchant (merchant_id null) or one. */
export const messages = pgTable(
  'messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id').references(() => merchants.id),
    kind: text('kind', { enum: ['ANNOUNCEMENT', 'MESSAGE'] }).notNull(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    publishedAt: instant('published_at').notNull(),
  },
  (t) => [index('messages_merchant_published_idx').on(t.merchantId, t.publishedAt)],
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
