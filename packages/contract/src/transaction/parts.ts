import { z } from 'zod';
import { PixKeyTypeSchema } from '../common/enums.ts';
import { text } from '../common/fields.ts';

/**
 * Parts of a transaction shared by the ingestion API (platform → Andes) and the transaction
 * screens: the payer or beneficiary, the card, the store order. A full card number never exists
 * in Andes: the card part has no field that could hold one, and `bin` and `last4` are bounded.
 */

/** The platform's id of a transaction (spec §3 uniqueId). */
export const UniqueIdSchema = text().regex(
  /^[A-Za-z0-9][A-Za-z0-9_-]{0,63}$/,
  'A unique id is 1 to 64 letters, digits, _ or -, starting with a letter or digit',
);

/** An exchange rate as a decimal string (never a float): up to 6 integer and 8 fraction digits, above zero. */
export const ExchangeRateSchema = text()
  .regex(/^\d{1,6}(\.\d{1,8})?$/, 'An exchange rate is a decimal like 5.1234')
  .refine((v) => /[1-9]/.test(v), 'An exchange rate is above zero');

const line = (max: number) => text().trim().min(1).max(max);

/** Payer (pay-in) or beneficiary (payout). */
export const PartySchema = z.object({
  name: line(128).optional(),
  /** CPF/CNPJ, RFC, CC, RUT, DNI…: digits and letters only. */
  document: text()
    .regex(/^[A-Za-z0-9.\-/]{1,32}$/)
    .optional(),
  documentType: line(16).optional(),
  email: line(254).optional(),
  phone: text()
    .regex(/^\+?[0-9]{6,16}$/)
    .optional(),
  bankCode: line(16).optional(),
  bankName: line(128).optional(),
  branch: line(16).optional(),
  /** Bank account number or CLABE. */
  accountNo: line(64).optional(),
  accountType: line(16).optional(),
  pixKey: line(128).optional(),
  pixKeyType: PixKeyTypeSchema.optional(),
  /** PIX end-to-end id, SPEI tracking key (clave de rastreo), PSE CUS… */
  e2eId: line(64).optional(),
});
export type Party = z.infer<typeof PartySchema>;

export const CARD_BRANDS = ['VISA', 'MASTERCARD', 'AMEX', 'ELO', 'HIPERCARD', 'DINERS', 'DISCOVER', 'JCB', 'CABAL', 'NARANJA'] as const;
export const CardBrandSchema = z.enum(CARD_BRANDS);

/** Card details as the platform may share them: never more than BIN and last 4. */
export const CardSchema = z
  .object({
    brand: CardBrandSchema,
    holder: line(128).optional(),
    bin: text().regex(/^\d{6,8}$/, 'A BIN is 6 to 8 digits'),
    last4: text().regex(/^\d{4}$/, 'Last 4 is 4 digits'),
    /** `MM/YY`. */
    expiry: text()
      .regex(/^(0[1-9]|1[0-2])\/\d{2}$/, 'Expiry is MM/YY')
      .optional(),
    tokenId: text()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
    issuer: line(128).optional(),
    threeDs: z
      .object({
        version: text().regex(/^\d(\.\d){0,2}$/),
        eci: text().regex(/^\d{2}$/),
        authenticated: z.boolean(),
      })
      .optional(),
  })
  .strict();
export type Card = z.infer<typeof CardSchema>;

/** A card as the screens show it: `BIN******LAST4` (null without both). */
export function maskedCard(bin: string | null, last4: string | null): string | null {
  return bin !== null && last4 !== null ? `${bin}******${last4}` : null;
}

export const STORE_PLATFORMS = ['SHOPIFY', 'SHOPLAZZA'] as const;
export type StorePlatform = (typeof STORE_PLATFORMS)[number];
export const StorePlatformSchema = z.enum(STORE_PLATFORMS);

/** The Shopify or Shoplazza order a payment belongs to. */
export const StoreOrderSchema = z.object({
  platform: StorePlatformSchema,
  shopDomain: text().regex(/^[a-z0-9][a-z0-9.-]{0,252}$/, 'A shop domain like example.myshopify.com'),
  orderId: text().regex(/^[A-Za-z0-9#_-]{1,64}$/),
  orderName: line(64).optional(),
});
export type StoreOrder = z.infer<typeof StoreOrderSchema>;

/** Refund status of a pay-in (spec §3 refund status). */
export const REFUND_STATUSES = ['NONE', 'PARTIAL', 'FULL'] as const;
export type RefundStatus = (typeof REFUND_STATUSES)[number];
export const RefundStatusSchema = z.enum(REFUND_STATUSES);
