import { IP_ENTRY_KINDS, IP_VERSIONS } from '@andes/contract/common/enums';
import { IP_RESTRICTION_MODES, IP_TRUSTLIST_TYPES } from '@andes/contract/ip-trustlist/enums';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';
import { users } from './users.ts';

const listOf = (values: readonly string[]) => sql.raw(values.map((v) => `'${v}'`).join(', '));

/**
 * A merchant's IP access settings: the restriction mode and a version bumped by every change of
 * the restriction or of any of the merchant's trust lists. Every write to the lists locks this
 * row first, so the per-list limit holds under concurrent edits; the request pipeline reads the
 * row (primary key) on each call and re-reads the lists only when the version moved. A merchant
 * without a row has the restriction OFF.
 */
export const ipAccessSettings = pgTable(
  'ip_access_settings',
  {
    merchantId: integer('merchant_id')
      .primaryKey()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    mode: text('mode', { enum: IP_RESTRICTION_MODES }).notNull().default('OFF'),
    version: integer('version').notNull().default(0),
    /** When and by whom the restriction itself was last changed (null: never). */
    restrictionUpdatedAt: timestamp('restriction_updated_at', { withTimezone: true, mode: 'date' }),
    restrictionUpdatedBy: text('restriction_updated_by'),
  },
  (t) => [check('ip_access_settings_mode_check', sql`${t.mode} in (${listOf(IP_RESTRICTION_MODES)})`)],
);

/** The users held to the DASHBOARD list when the mode is SELECTED_USERS. */
export const ipRestrictionUsers = pgTable(
  'ip_restriction_users',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => ipAccessSettings.merchantId, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.userId] }), index('ip_restriction_users_user_id_idx').on(t.userId)],
);

/**
 * Entries of the merchant's trust lists, stored in the canonical form of the contract's parser
 * (common/ip.ts), so one range is one text and the unique index refuses a duplicate even when two
 * writers race.
 */
export const ipTrustlistEntries = pgTable(
  'ip_trustlist_entries',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    listType: text('list_type', { enum: IP_TRUSTLIST_TYPES }).notNull(),
    value: text('value').notNull(),
    kind: text('kind', { enum: IP_ENTRY_KINDS }).notNull(),
    ipVersion: text('ip_version', { enum: IP_VERSIONS }).notNull(),
    remark: text('remark').notNull().default(''),
    /** Username of whoever added or last changed the entry, as it was. */
    updatedBy: text('updated_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('ip_trustlist_entries_merchant_list_value_key').on(t.merchantId, t.listType, t.value),
    // The page: newest first, scanned backward (ascending columns, see CONVENTIONS).
    index('ip_trustlist_entries_merchant_list_id_idx').on(t.merchantId, t.listType, t.id),
    check('ip_trustlist_entries_list_type_check', sql`${t.listType} in (${listOf(IP_TRUSTLIST_TYPES)})`),
    check('ip_trustlist_entries_kind_check', sql`${t.kind} in (${listOf(IP_ENTRY_KINDS)})`),
    check('ip_trustlist_entries_ip_version_check', sql`${t.ipVersion} in (${listOf(IP_VERSIONS)})`),
  ],
);
