import { z } from 'zod';
import { AccountTypeSchema } from '../account/enums.ts';
import { CountrySchema, CurrencySchema } from '../common/countries.ts';
import { CalendarDateSchema } from '../common/dates.ts';
import { ProductSchema, ProductTypeSchema } from '../common/enums.ts';
import { RecordId } from '../common/fields.ts';
import { CentsSchema, PositiveCentsSchema } from '../common/money.ts';

/**
 * The merchant's products in the settings (docs/decisions/0034): each product type's price and
 * terms as the provider set them, the rules that apply them with a worked example, and the deposit
 * (rolling reserve) terms with what is held now. The list itself is Home's (`ProductList`).
 */

const Bps = z.number().int().min(0).max(10_000);

export const ProductIdRequest = z.object({ id: RecordId });
export type ProductIdRequest = z.infer<typeof ProductIdRequest>;

/** One product type of the merchant in a country, with its price and terms. */
export const ProductConfig = z.object({
  id: RecordId,
  country: CountrySchema,
  currency: CurrencySchema,
  product: ProductSchema,
  code: ProductTypeSchema,
  open: z.boolean(),
  /** The fee: basis points of the amount plus fixed cents. */
  feeBps: Bps,
  feeFixed: CentsSchema,
  /** VAT on the fee, basis points of the fee. */
  vatBps: Bps,
  /** Pay-ins: business days from payment to availability (D+N); 0 for payouts. */
  settlementDays: z.number().int().min(0).max(60),
  /** Pay-ins: rolling reserve, basis points of the net held for `depositDays` calendar days. */
  depositBps: Bps,
  depositDays: z.number().int().min(0).max(365),
  /** Amount limits of one payment, when the provider set them. */
  minAmount: CentsSchema.nullable(),
  maxAmount: CentsSchema.nullable(),
});
export type ProductConfig = z.infer<typeof ProductConfig>;

export const CalculationRulesRequest = z.object({
  id: RecordId,
  /** The amount of the worked example (default: the product's typical amount). */
  amount: PositiveCentsSchema.optional(),
});
export type CalculationRulesRequest = z.infer<typeof CalculationRulesRequest>;

/** The steps, in the order they are applied (the screen words each from its code and figures). */
export const CALCULATION_STEPS = ['FEE', 'FEE_CAP', 'VAT', 'NET', 'DEPOSIT', 'PENDING', 'AVAILABLE', 'PAYOUT_TOTAL'] as const;
export const CalculationStepSchema = z.enum(CALCULATION_STEPS);

export const CalculationRules = z.object({
  config: ProductConfig,
  steps: z.array(CalculationStepSchema),
  /** The worked example, computed by the functions that settle every payment of the product. */
  example: z.object({
    amount: PositiveCentsSchema,
    fee: CentsSchema,
    vat: CentsSchema,
    /** Pay-ins: what the merchant gets (amount − fee − VAT); payouts: what is taken (amount + fee + VAT). */
    net: CentsSchema,
    deposit: CentsSchema,
    pending: CentsSchema,
  }),
});
export type CalculationRules = z.infer<typeof CalculationRules>;

export const DepositConfigListRequest = z.object({ country: CountrySchema });
export type DepositConfigListRequest = z.infer<typeof DepositConfigListRequest>;

/** The deposit terms, what each account holds now, and when the next deposits are released. */
export const DepositConfigList = z.object({
  /** The pay-in product types with a deposit. */
  list: z.array(ProductConfig),
  accounts: z.array(
    z.object({
      accountId: RecordId,
      accountNo: z.string(),
      accountType: AccountTypeSchema,
      holderName: z.string(),
      subMerchant: z.boolean(),
      depositHeld: CentsSchema,
    }),
  ),
  /** The next release dates (the country's calendar), with the amount each releases. */
  releases: z.array(z.object({ date: CalendarDateSchema, amount: CentsSchema })),
});
export type DepositConfigList = z.infer<typeof DepositConfigList>;
