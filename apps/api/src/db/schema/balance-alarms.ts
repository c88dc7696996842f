import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { accounts, ledgerEntries } from './ledger.ts';
import { merchants } from './merchants.ts';
import { users } from './users.ts';

const instant = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/**
 * An account's balance alarm (docs/decisions/0033): one row per account that has had one. The
 * ledger reads `threshold` and `below` in the statement that updates the account's balance (a
 * primary-key lookup), so the alarm costs nothing more on a posting that does not cross it.
 * `below` is true while the available balance is under the threshold (fired, not yet recovered);
 * it is only changed under the account's row lock, so two postings cannot both see the crossing.
 */
export const balanceAlarms = pgTable(
  'balance_alarms',
  {
    accountId: integer('account_id')
      .primaryKey()
      .references(() => accounts.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Cents; null: switched off (the row keeps who is notified and the version). */
    threshold: bigint('threshold', { mode: 'number' }),
    below: boolean('below').notNull().default(false),
    subscriberIds: integer('subscriber_ids').array().notNull().default(sql`'{}'::integer[]`),
    version: integer('version').notNull().default(0),
    updatedAt: instant('updated_at').notNull(),
    updatedBy: integer('updated_by').references(() => users.id),
    updatedByName: text('updated_by_name'),
    lastFiredAt: instant('last_fired_at'),
  },
  (t) => [
    index('balance_alarms_merchant_idx').on(t.merchantId),
    check('balance_alarms_threshold_check', sql`${t.threshold} is null or ${t.threshold} > 0`),
    check('balance_alarms_off_check', sql`${t.threshold} is not null or not ${t.below}`),
  ],
);

/**
 * The alarms' history: each firing (FIRED) and recovery (RECOVERED), with the balance right after
 * the change and the entry that made it (null when the threshold itself was set above the balance).
 * A FIRED row's e-mails are sent by the balance-alarm-mail job, which sets `mailed_at`.
 */
export const balanceAlarmEvents = pgTable(
  'balance_alarm_events',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer('account_id')
      .notNull()
      .references(() => accounts.id),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** The account's country (the history is listed per country). */
    country: text('country').notNull(),
    kind: text('kind', { enum: ['FIRED', 'RECOVERED'] }).notNull(),
    available: bigint('available', { mode: 'number' }).notNull(),
    threshold: bigint('threshold', { mode: 'number' }).notNull(),
    entryId: bigint('entry_id', { mode: 'number' }).references(() => ledgerEntries.id),
    at: instant('at').notNull(),
    /** The users notified (FIRED); empty for a recovery. */
    notifiedIds: integer('notified_ids').array().notNull().default(sql`'{}'::integer[]`),
    mailedAt: instant('mailed_at'),
  },
  (t) => [
    index('balance_alarm_events_account_idx').on(t.accountId, t.id),
    // The history of a country, newest first (a backward scan); of one account with the index above.
    index('balance_alarm_events_list_idx').on(t.merchantId, t.country, t.id),
    index('balance_alarm_events_unmailed_idx').on(t.id).where(sql`${t.kind} = 'FIRED' and ${t.mailedAt} is null`),
    check('balance_alarm_events_kind_check', sql`${t.kind} in ('FIRED', 'RECOVERED')`),
  ],
);
