import { z } from 'zod';
import { PixKeyTypeSchema } from '../common/enums.ts';

/**
 * Parts of a transaction shared by the ingestion API (platform → Andes) and the transaction
 * screens: the payer or beneficiary, the card, the store order. A full card number never exists
 * in Andes: the card part has no field that could hold one, and `bin` and `last4` are bounded.
 */

/** The platform's id of a transaction (spec §3 uniqueId). */
export const UniqueIdSchema = z
  .string()
  .regex(/^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/, 'A unique id is 1 to 64 letters, digits, _ or -, starting with a letter or digit');

/** An exchange rate as a decimal string (never a float): up to 6 integer and 8 fraction digits, above zero. */
export const ExchangeRateSchema = z
  .string()
  .regex(/^\d{1,6}(\.\d{1,8})?$/, 'An exchange rate is a decimal like 5.1234')
  .refine((v) => /[1-9]/.test(v), 'An exchange rate is above zero');

const text = (max: number) => z.string().trim().min(1).max(max);

/** Payer (pay-in) or beneficiary (payout). */
export const PartySchema = z.object({
  name: text(128).optional(),
  /** CPF/CNPJ, RFC, CC, RUT, DNI…: digits and letters only. */
  document: z
    .string()
    .regex(/^[A-Za-z0-9.\-/]{1,32}$/)
    .optional(),
  documentType: text(16).optional(),
  email: text(254).optional(),
  phone: z
    .string()
    .regex(/^\+?[0-9]{6,16}$/)
    .optional(),
  bankCode: text(16).optional(),
  bankName: text(128).optional(),
  branch: text(16).optional(),
  /** Bank account number or CLABE. */
  accountNo: text(64).optional(),
  accountType: text(16).optional(),
  pixKey: text(128).optional(),
  pixKeyType: PixKeyTypeSchema.optional(),
  /** PIX end-to-end id, SPEI tracking key (clave de rastreo), PSE CUS… */
  e2eId: text(64).optional(),
});
export type Party = z.infer<typeof PartySchema>;

export const CARD_BRANDS = ['VISA', 'MASTERCARD', 'AMEX', 'ELO', 'HIPERCARD', 'DINERS', 'DISCOVER', 'JCB', 'CABAL', 'NARANJA'] as const;
export const CardBrandSchema = z.enum(CARD_BRANDS);

/** Card details as the platform may share them: never more than BIN and last 4. */
export const CardSchema = z
  .object({
    brand: CardBrandSchema,
    holder: text(128).optional(),
    bin: z.string().regex(/^\d{6,8}$/, 'A BIN is 6 to 8 digits'),
    last4: z.string().regex(/^\d{4}$/, 'Last 4 is 4 digits'),
    /** `MM/YY`. */
    expiry: z
      .string()
      .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Expiry is MM/YY')
      .optional(),
    tokenId: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
    issuer: text(128).optional(),
    threeDs: z
      .object({
        version: z.string().regex(/^\d(\.\d){0,2}$/),
        eci: z.string().regex(/^\d{2}$/),
        authenticated: z.boolean(),
      })
      .optional(),
  })
  .strict();
export type Card = z.infer<typeof CardSchema>;

export const STORE_PLATFORMS = ['SHOPIFY', 'SHOPLAZZA'] as const;
export type StorePlatform = (typeof STORE_PLATFORMS)[number];
export const StorePlatformSchema = z.enum(STORE_PLATFORMS);

/** The Shopify or Shoplazza order a payment belongs to. */
export const StoreOrderSchema = z.object({
  platform: StorePlatformSchema,
  shopDomain: z.string().regex(/^[a-z0-9][a-z0-9.-]{0,252}$/, 'A shop domain like example.myshopify.com'),
  orderId: z.string().regex(/^[A-Za-z0-9#_-]{1,64}$/),
  orderName: text(64).optional(),
});
export type StoreOrder = z.infer<typeof StoreOrderSchema>;

/** Refund status of a pay-in (spec §3 refund status). */
export const REFUND_STATUSES = ['NONE', 'PARTIAL', 'FULL'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const RefundStatusSchema = z.enum(REFUND_STATUSES);
