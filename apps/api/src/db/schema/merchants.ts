import { COUNTRIES } from '@andes/contract/common/countries';
import { sql } from 'drizzle-orm';
import { type AnyPgColumn, boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

const countryList = sql.raw(COUNTRIES.map((c) => `'${c}'`).join(', '));

export const MERCHANT_STATUSES = ['ACTIVE', 'DISABLED'] as const;
export type MerchantStatus = (typeof MERCHANT_STATUSES)[number];

/** A merchant; a sub-merchant is a merchant with a parent. */
export const merchants = pgTable(
  'merchants',
  {
    id: integer('id').primaryKey().generatedAlwaysAsIdentity(),
    code: text('code').notNull().unique(),
    name: text('name').notNull(),
    parentId: integer('parent_id').references((): AnyPgColumn => merchants.id),
    mergerAccount: boolean('merger_account').notNull().default(false),
    notSupportMergerCountry: text('not_support_merger_country').array().notNull().default(sql`'{}'::text[]`),
    subMerchantDividedBill: boolean('sub_merchant_divided_bill').notNull().default(false),
    status: text('status', { enum: MERCHANT_STATUSES }).notNull().default('ACTIVE'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [
    index('merchants_parent_id_idx').on(t.parentId),
    check('merchants_status_check', sql`${t.status} in ('ACTIVE', 'DISABLED')`),
    check('merchants_not_support_merger_country_check', sql`${t.notSupportMergerCountry} <@ array[${countryList}]::text[]`),
  ],
);

/** Countries a merchant is authorised in; currency and time zone come from the contract's COUNTRY_INFO. */
export const merchantAreas = pgTable(
  'merchant_areas',
  {
    merchantId: integer('merchant_id')
      .notNull()
      .references(() => merchants.id, { onDelete: 'cascade' }),
    country: text('country').notNull(),
  },
  (t) => [primaryKey({ columns: [t.merchantId, t.country] }), check('merchant_areas_country_check', sql`${t.country} in (${countryList})`)],
);
