import { z } from 'zod';
import { CountrySchema } from '../common/countries.ts';
import { ProductSchema } from '../common/enums.ts';
import { optionalText, requiredText, text } from '../common/fields.ts';
import { EmailSchema } from '../common/validators.ts';

/**
 * Account applications (the `/login/registerAccount` page). Merchant accounts are opened by the
 * provider after its checks (KYB), not by self-service: a prospective merchant applies, the
 * provider's onboarding team is notified and follows up, and the applicant gets a confirmation
 * e-mail with the application number.
 */

export const MONTHLY_VOLUME_BANDS = ['UNDER_10K', 'FROM_10K_TO_100K', 'FROM_100K_TO_1M', 'OVER_1M'] as const;
export type MonthlyVolumeBand = (typeof MONTHLY_VOLUME_BANDS)[number];

export const ONBOARDING_LIMITS = {
  companyName: 128,
  contactName: 64,
  phone: 32,
  website: 200,
  message: 1000,
} as const;

export const AccountApplicationRequest = z.object({
  /**
   * Made by the browser once per form (a UUID): a retried or double-clicked submit answers the
   * application already made instead of making a second one.
   */
  requestId: z.uuid(),
  companyName: requiredText(ONBOARDING_LIMITS.companyName, 'Please enter the company name'),
  contactName: requiredText(ONBOARDING_LIMITS.contactName, 'Please enter a contact name'),
  email: EmailSchema,
  phone: text()
    .trim()
    .max(ONBOARDING_LIMITS.phone)
    .regex(/^[+\d][\d\s()-]*$/, 'Please enter a valid phone number')
    .or(z.literal(''))
    .default(''),
  website: optionalText(ONBOARDING_LIMITS.website),
  countries: z.array(CountrySchema).min(1, 'Choose at least one country').max(7),
  products: z.array(ProductSchema).min(1, 'Choose at least one product').max(3),
  monthlyVolume: z.enum(MONTHLY_VOLUME_BANDS),
  message: text().trim().max(ONBOARDING_LIMITS.message, `At most ${ONBOARDING_LIMITS.message} characters`).default(''),
});
export type AccountApplicationRequest = z.input<typeof AccountApplicationRequest>;

export const AccountApplicationResponse = z.object({
  /** Reference the applicant quotes, like `APP-000123`. */
  applicationNumber: z.string(),
});
export type AccountApplicationResponse = z.infer<typeof AccountApplicationResponse>;
