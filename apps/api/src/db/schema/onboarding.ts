import { bigint, index, pgTable, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';

/**
 * Applications for a merchant account (the registerAccount page). The provider's onboarding team
 * works them outside the dashboard; `request_id` makes a retried submit answer the same row.
 */
export const onboardingApplications = pgTable(
  'onboarding_applications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: uuid('request_id').notNull(),
    companyName: text('company_name').notNull(),
    contactName: text('contact_name').notNull(),
    email: text('email').notNull(),
    phone: text('phone').notNull(),
    website: text('website').notNull(),
    countries: text('countries').array().notNull(),
    products: text('products').array().notNull(),
    monthlyVolume: text('monthly_volume').notNull(),
    message: text('message').notNull(),
    language: text('language').notNull(),
    ip: text('ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true, mode: 'date' }).notNull(),
  },
  (t) => [
    uniqueIndex('onboarding_applications_request_id_key').on(t.requestId),
    index('onboarding_applications_created_at_idx').on(t.createdAt),
  ],
);
