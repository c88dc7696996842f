import { z } from 'zod';
import { ClientRequestIdSchema } from '../accounting/schemas.ts';
import { BATCH_MAX_ROWS } from '../common/constants.ts';
import { type Country, CountrySchema, CurrencySchema } from '../common/countries.ts';
import { type PaymentLinkStatus, PaymentLinkStatusSchema, type ProductType, ProductTypeSchema } from '../common/enums.ts';
import { InstantSchema, optionalText, RecordId, requiredText, SearchText, text } from '../common/fields.ts';
import { FileIdSchema } from '../common/files.ts';
import { CentsSchema, PositiveCentsSchema } from '../common/money.ts';
import { PageRequest, pageOf } from '../common/page.ts';

/**
 * Payment links (spec §2 Payment → Payment Link; docs/decisions/0035). A merchant generates a link
 * for an amount in one product of a country; the payer opens its public page (no sign-in) and pays
 * through the provider; the platform reports the payment through the ingestion API with the link's
 * id, and the payment is listed under Transactions → Payment Link.
 */

// The statuses live with the dashboard's other status sets (and their colours) in common/enums.ts.
export { PAYMENT_LINK_STATUSES, type PaymentLinkStatus, PaymentLinkStatusSchema } from '../common/enums.ts';
/** The statuses a link is stored in: EXPIRED never is (an ACTIVE link past its expiry). */
export const PAYMENT_LINK_STORED_STATUSES = ['ACTIVE', 'PAID', 'CANCELLED'] as const satisfies readonly PaymentLinkStatus[];
/** The payer's payment: PENDING while the provider's checkout has it, FAILED once it reported a failure. */
export const PAYMENT_LINK_PAYMENT_STATES = ['PENDING', 'FAILED'] as const;

/** A link lives from 1 hour to 90 days; 3 days unless the merchant says otherwise. */
export const PAYMENT_LINK_EXPIRY_HOURS = { min: 1, max: 90 * 24, default: 72 } as const;
/** The expiry choices the screen offers (hours); any whole hour within the range is accepted. */
export const PAYMENT_LINK_EXPIRY_CHOICES = [1, 24, 72, 168, 720, 2160] as const;
export const PAYMENT_LINK_DESCRIPTION_MAX = 200;
export const PAYMENT_LINK_REFERENCE_MAX = 64;
/** A batch file holds at most this many links (the batch tool's own limit). */
export const PAYMENT_LINK_BATCH_MAX_ROWS = BATCH_MAX_ROWS;
/** Appendices of one link (a quote, an invoice), shown to the payer as files to download. */
export const PAYMENT_LINK_APPENDIX_MAX = 1;

/** The link's id as the platform reports it with a payment (`PL` and 16 letters or digits). */
export const PAYMENT_LINK_ID_PATTERN = /^PL[0-9A-Z]{16}$/;
/** The public token of a link's URL (`/pay/<token>`): 32 URL-safe characters, never stored in clear. */
export const PAYMENT_LINK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;
/** The public page's path in the web app. */
export const PAYMENT_LINK_PAGE_PATH = '/pay';

export const PAYMENT_LINK_MESSAGES = {
  referenceFormat: 'A reference is letters, digits, _ or -',
  descriptionRequired: 'Please enter what the payer pays for',
  productNotOffered: 'This product does not take payment links in this country',
  installmentsNotOffered: 'This product offers no installments',
  installmentsNotAvailable: 'The amount is too small for this number of installments',
  expiryRange: `A link lives from ${PAYMENT_LINK_EXPIRY_HOURS.min} hour to ${PAYMENT_LINK_EXPIRY_HOURS.max / 24} days`,
} as const;

/** The merchant's reference of a link (optional; unique per merchant when given). */
export const LinkReferenceSchema = text()
  .trim()
  .max(PAYMENT_LINK_REFERENCE_MAX, `At most ${PAYMENT_LINK_REFERENCE_MAX} characters`)
  .refine((v) => v === '' || /^[A-Za-z0-9_-]+$/.test(v), PAYMENT_LINK_MESSAGES.referenceFormat)
  .default('');

export const ExpiryHoursSchema = z
  .number()
  .int(PAYMENT_LINK_MESSAGES.expiryRange)
  .min(PAYMENT_LINK_EXPIRY_HOURS.min, PAYMENT_LINK_MESSAGES.expiryRange)
  .max(PAYMENT_LINK_EXPIRY_HOURS.max, PAYMENT_LINK_MESSAGES.expiryRange);

/** Installments a payer may split a card payment into (1 = paid at once). */
export const InstallmentCountSchema = z.number().int().min(2).max(24);

// ---- options ---------------------------------------------------------------------------------------

/** What a link may be made for: the merchant's open pay-in products per country, with their minimums. */
export const PaymentLinkOption = z.object({
  productType: ProductTypeSchema,
  /** The product's name as the provider calls it (the screen translates known codes). */
  label: z.string(),
  /** Cents: the spec's link minimum (§5) or the product's own minimum, whichever is higher; else 1 cent. */
  minAmount: PositiveCentsSchema,
  /** Cents: the product's maximum for one payment, when it has one. */
  maxAmount: PositiveCentsSchema.nullable(),
  /** True when the payer may pay in installments (cards in BR and MX). */
  installments: z.boolean(),
});
export type PaymentLinkOption = z.infer<typeof PaymentLinkOption>;

export const PaymentLinkCountryOptions = z.object({
  country: CountrySchema,
  currency: CurrencySchema,
  options: z.array(PaymentLinkOption),
});
export type PaymentLinkCountryOptions = z.infer<typeof PaymentLinkCountryOptions>;

/** The countries the caller may see (all, or one). */
export const PaymentLinkProductListRequest = z.object({ country: CountrySchema.optional() });
export type PaymentLinkProductListRequest = z.input<typeof PaymentLinkProductListRequest>;

export const PaymentLinkProductList = z.object({ list: z.array(PaymentLinkCountryOptions) });
export type PaymentLinkProductList = z.infer<typeof PaymentLinkProductList>;

// ---- installments ---------------------------------------------------------------------------------

export const InstallmentsPlanRequest = z.object({
  country: CountrySchema,
  productType: ProductTypeSchema,
  amount: PositiveCentsSchema,
});
export type InstallmentsPlanRequest = z.infer<typeof InstallmentsPlanRequest>;

/** One way to split the amount: `count` payments, the first of `firstAmount` (it takes the odd cents). */
export const InstallmentsPlan = z.object({
  count: InstallmentCountSchema,
  installmentAmount: PositiveCentsSchema,
  firstAmount: PositiveCentsSchema,
  total: PositiveCentsSchema,
  /** True when the merchant's amount allows it (each installment at least the product's minimum). */
  available: z.boolean(),
  /** The smallest amount that allows it. */
  minTotal: PositiveCentsSchema,
});
export type InstallmentsPlan = z.infer<typeof InstallmentsPlan>;

export const InstallmentsPlanList = z.object({ list: z.array(InstallmentsPlan) });

/**
 * Installment plans per country for cards (decision 0035): Brazil's parcelamento (2 to 12) and
 * Mexico's "meses sin intereses" (3, 6, 9, 12). Each installment must be at least the country's
 * minimum (BR 5.00 BRL, MX 100.00 MXN), so a plan is available only from `count × minimum`.
 */
export const INSTALLMENT_RULES: Readonly<
  Partial<Record<Country, { productTypes: readonly ProductType[]; counts: readonly number[]; minInstallment: number }>>
> = {
  BR: { productTypes: ['CARD'], counts: [2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12], minInstallment: 500 },
  MX: { productTypes: ['CARD'], counts: [3, 6, 9, 12], minInstallment: 10_000 },
};

/** True when the product takes installments in the country (cards in BR and MX). */
export function offersInstallments(country: Country, productType: ProductType): boolean {
  return INSTALLMENT_RULES[country]?.productTypes.includes(productType) ?? false;
}

/**
 * The plans a product offers for `amountCents`, in count order; none when it offers none. Each
 * splits the amount exactly: `count - 1` installments of `floor(amount / count)` and a first one
 * that also takes the odd cents, so the installments always sum to the total. An amount below the
 * count has no such plan.
 */
export function installmentPlans(country: Country, productType: ProductType, amountCents: number): InstallmentsPlan[] {
  const rule = INSTALLMENT_RULES[country];
  if (!rule?.productTypes.includes(productType) || !Number.isSafeInteger(amountCents) || amountCents < 1) return [];
  // An amount smaller than the count cannot be split into whole cents: no such plan.
  return rule.counts
    .filter((count) => amountCents >= count)
    .map((count) => {
      const installmentAmount = Math.floor(amountCents / count);
      const firstAmount = amountCents - installmentAmount * (count - 1);
      const minTotal = count * rule.minInstallment;
      return {
        count,
        installmentAmount,
        firstAmount,
        total: amountCents,
        available: amountCents >= minTotal,
        minTotal,
      };
    });
}

/** The plan of `count` installments of `amountCents` (a link's chosen plan), or null when the product has none such. */
export function installmentPlan(country: Country, productType: ProductType, amountCents: number, count: number): InstallmentsPlan | null {
  return installmentPlans(country, productType, amountCents).find((p) => p.count === count) ?? null;
}

export type InstallmentsPlanList = z.infer<typeof InstallmentsPlanList>;

export const InstallmentsPlanCheckRequest = InstallmentsPlanRequest.extend({ count: InstallmentCountSchema });
export type InstallmentsPlanCheckRequest = z.infer<typeof InstallmentsPlanCheckRequest>;

/** Whether a number of installments may be offered for the amount, and why not. */
export const InstallmentsPlanCheck = z.object({
  available: z.boolean(),
  plan: InstallmentsPlan.nullable(),
  reason: z.string().nullable(),
});
export type InstallmentsPlanCheck = z.infer<typeof InstallmentsPlanCheck>;

// ---- generation -----------------------------------------------------------------------------------

export const PaymentLinkGenerateRequest = z.object({
  /** Idempotency: the same request id answers the link it made, whatever else is sent. */
  requestId: ClientRequestIdSchema,
  country: CountrySchema,
  productType: ProductTypeSchema,
  amount: PositiveCentsSchema,
  description: requiredText(PAYMENT_LINK_DESCRIPTION_MAX, PAYMENT_LINK_MESSAGES.descriptionRequired),
  merchantReference: LinkReferenceSchema,
  expiryHours: ExpiryHoursSchema.default(PAYMENT_LINK_EXPIRY_HOURS.default),
  /** Installments offered to the payer (a card product that offers them); absent: paid at once. */
  installments: InstallmentCountSchema.optional(),
  /** An appendix uploaded through `/appendix/upload` (shown to the payer). */
  appendixFileIds: z.array(FileIdSchema).max(PAYMENT_LINK_APPENDIX_MAX, `At most ${PAYMENT_LINK_APPENDIX_MAX} file`).default([]),
  /** The payer's e-mail, to receive the link (optional). */
  payerEmail: optionalText(254).refine((v) => v === '' || z.email().safeParse(v).success, 'Please enter a valid e-mail address'),
});
export type PaymentLinkGenerateRequest = z.input<typeof PaymentLinkGenerateRequest>;

/** A link as the merchant sees it. */
export const PaymentLink = z.object({
  id: RecordId,
  linkId: z.string(),
  /** The public page's full address (what is sent to the payer and drawn as a QR code). */
  url: z.string(),
  country: CountrySchema,
  currency: CurrencySchema,
  productType: ProductTypeSchema,
  amount: PositiveCentsSchema,
  description: z.string(),
  merchantReference: z.string(),
  installments: z.number().int().nullable(),
  status: PaymentLinkStatusSchema,
  expiresAt: InstantSchema,
  createdAt: InstantSchema,
  createdBy: z.string(),
  /** The payment that paid it (Transactions → Payment Link), once paid: its unique id and its record id (the detail's route). */
  paymentId: z.string().nullable(),
  paymentTransactionId: RecordId.nullable(),
  paidAt: InstantSchema.nullable(),
  cancelledAt: InstantSchema.nullable(),
  appendices: z.array(z.object({ fileId: FileIdSchema, name: z.string() })),
  /** True when a batch made it. */
  batch: z.boolean(),
});
export type PaymentLink = z.infer<typeof PaymentLink>;

// ---- list and cancel (Andes) -----------------------------------------------------------------------

export const PaymentLinkListRequest = PageRequest.extend({
  country: CountrySchema,
  status: PaymentLinkStatusSchema.optional(),
  /** Link id or merchant reference (exact), or words of the description. */
  keyword: SearchText,
});
export type PaymentLinkListRequest = z.input<typeof PaymentLinkListRequest>;

export const PaymentLinkPage = pageOf(PaymentLink);
export type PaymentLinkPage = z.infer<typeof PaymentLinkPage>;

export const PaymentLinkCancelRequest = z.object({ id: RecordId });
export type PaymentLinkCancelRequest = z.infer<typeof PaymentLinkCancelRequest>;

// ---- batch -----------------------------------------------------------------------------------------

const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true');

/** The template of a country: its products offered as a drop-down. */
export const PaymentLinkTemplateRequest = z.object({ country: CountrySchema });

/**
 * The form fields of a batch file: the country; `dryRun` ("true") checks every row and answers the
 * result file without generating; otherwise `requestId` makes the generation idempotent (the same
 * id and file answer the links made the first time).
 */
export const PaymentLinkBatchFields = z.object({
  country: CountrySchema,
  dryRun: flag,
  requestId: ClientRequestIdSchema.optional(),
});
export type PaymentLinkBatchFields = z.input<typeof PaymentLinkBatchFields>;

export const PaymentLinkCheckRow = z.object({
  rowNumber: z.number().int().min(1),
  productType: z.string(),
  description: z.string(),
  amount: z.number().int().nullable(),
  errors: z.array(z.string()),
});
export type PaymentLinkCheckRow = z.infer<typeof PaymentLinkCheckRow>;

/** The dry run of a batch file as JSON: counts, the valid rows' total and every row with an error. */
export const PaymentLinkBatchCheck = z.object({
  fileName: z.string(),
  total: z.number().int().min(0),
  ok: z.number().int().min(0),
  failed: z.number().int().min(0),
  /** Sum of the valid rows' amounts, cents. */
  amount: CentsSchema,
  rows: z.array(PaymentLinkCheckRow),
  maxRows: z.number().int().min(1),
});
export type PaymentLinkBatchCheck = z.infer<typeof PaymentLinkBatchCheck>;

export const PaymentLinkAppendixFields = z.object({});

// ---- the payer's page (public) ----------------------------------------------------------------------

export const PayerLinkRequest = z.object({ token: text().regex(PAYMENT_LINK_TOKEN_PATTERN, 'This link is not valid') });
export type PayerLinkRequest = z.infer<typeof PayerLinkRequest>;

/** What the payer sees: only what paying needs (no merchant ids, no other links). */
export const PayerLink = z.object({
  /** The merchant's trading name. */
  merchantName: z.string(),
  country: CountrySchema,
  currency: CurrencySchema,
  productType: ProductTypeSchema,
  amount: PositiveCentsSchema,
  description: z.string(),
  installments: InstallmentsPlan.nullable(),
  status: PaymentLinkStatusSchema,
  expiresAt: InstantSchema,
  paidAt: InstantSchema.nullable(),
  /** Files the merchant attached, downloaded with the link's token (`payerAppendixDownload`). */
  appendices: z.array(z.object({ fileId: FileIdSchema, name: z.string() })),
  /**
   * The payer's payment: PENDING once they chose to pay and the provider has not reported the
   * outcome, FAILED when the provider reported it failed (they may try again); null before.
   */
  payment: z.enum(PAYMENT_LINK_PAYMENT_STATES).nullable(),
  /** True when this installation's built-in simulator plays the provider's checkout (the demo). */
  simulated: z.boolean(),
});
export type PayerLink = z.infer<typeof PayerLink>;

/**
 * The payer chooses to pay: the payment is offered to the provider (`/internal/v1/payment-links/claim`),
 * whose checkout takes it and reports it through the ingestion API (the simulator in the demo).
 * Repeating it while a payment is pending changes nothing.
 */
export const PayerPayRequest = PayerLinkRequest;

export const PayerAppendixRequest = PayerLinkRequest.extend({ fileId: FileIdSchema });
export type PayerAppendixRequest = z.infer<typeof PayerAppendixRequest>;
