import { LANGUAGES } from '@andes/contract/common/constants';
import { sql } from 'drizzle-orm';
import { boolean, check, index, integer, pgTable, primaryKey, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { merchants } from './merchants.ts';

const languageList = sql.raw(LANGUAGES.map((l) => `'${l}'`).join(', '));

/** A dashboard user. `username` is stored lower-cased, so it is unique case-insensitively. */
export const users = pgTable(
  'users',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    /** Set for sub-merchant users: they see that sub-merchant's data only. */
    subMerchantId: integer('sub_merchant_id').references(() => merchants.id),
    username: text('username').notNull(),
    displayName: text('display_name').notNull(),
    email: text('email'),
    /** argon2id PHC string. */
    passwordHash: text('password_hash').notNull(),
    /** Contract USER_TYPES. */
    userType: smallint('user_type').notNull(),
    superAdmin: boolean('super_admin').notNull().default(false),
    /** 1 enable, 0 disable. */
    state: smallint('state').notNull().default(1),
    /** First sign-in: the password must be changed (scene INITIAL). */
    mustChangePassword: boolean('must_change_password').notNull().default(true),
    passwordChangedAt: timestamp('password_changed_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    /** Authorised countries; null means all of the merchant's areas. */
    countries: text('countries').array(),
    /** Kept equal to "user_mfa has an ACTIVE row" by the MFA service, in the same transaction. */
    mfaEnabled: boolean('mfa_enabled').notNull().default(false),
    /** Preferred language of e-mails (contract LANGUAGES). */
    language: text('language', { enum: LANGUAGES }).notNull().default('en'),
    lastLoginAt: timestamp('last_login_at', { withTimezone: true, mode: 'date' }),
    /** Username of whoever added the user, as it was (no foreign key: removing them keeps this); null for the platform's users. */
    createdBy: text('created_by'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_username_key').on(t.username),
    // The user list: a merchant's users newest first, paged by id (keyset); ascending, scanned backwards.
    index('users_merchant_id_id_idx').on(t.merchantId, t.id),
    index('users_sub_merchant_id_idx').on(t.subMerchantId),
    check('users_username_lower_check', sql`${t.username} = lower(${t.username})`),
    check('users_user_type_check', sql`${t.userType} in (1, 2, 3)`),
    check('users_state_check', sql`${t.state} in (0, 1)`),
    check('users_language_check', sql`${t.language} in (${languageList})`),
  ],
);

export const roles = pgTable(
  'roles',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    /** 1 enable, 0 disable. */
    state: smallint('state').notNull().default(1),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    // Role names are unique within a merchant whatever their case.
    uniqueIndex('roles_merchant_id_name_key').on(t.merchantId, sql`lower(${t.name})`),
    // The role list: newest first, paged by id (keyset).
    index('roles_merchant_id_id_idx').on(t.merchantId, t.id),
    check('roles_state_check', sql`${t.state} in (0, 1)`),
  ],
);

/** Permission codes (contract permission registry) a role grants. */
export const rolePermissions = pgTable(
  'role_permissions',
  {
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
    code: text('code').notNull(),
  },
  (t) => [primaryKey({ columns: [t.roleId, t.code] })],
);

export const userRoles = pgTable(
  'user_roles',
  {
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    roleId: integer('role_id')
      .notNull()
      .references(() => roles.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.userId, t.roleId] }), index('user_roles_role_id_idx').on(t.roleId)],
);
