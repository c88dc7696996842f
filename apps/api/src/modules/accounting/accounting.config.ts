import type { FeeConfig } from '@andes/contract/accounting/machines';
import type { ReceivingAccount } from '@andes/contract/accounting/schemas';
import { COUNTRY_INFO, type Country, type Currency } from '@andes/contract/common/countries';

/**
 * The defaults of the accounting requests (docs/decisions/0027, spec §9): fees and limits per
 * country, the provider's receiving bank accounts and the indicative exchange rates used before
 * the provider publishes any. A merchant's `accounting_fee_configs` row of a country and kind
 * replaces the fee and limit defaults; an `fx_rates` row replaces a rate. Every amount is in cents
 * of the country's currency.
 */

/** Fees and limits of top-ups or withdrawals in one country. */
export interface KindConfig extends FeeConfig {
  minAmount: number;
  maxAmount: number;
}

/** A country's defaults of both kinds. */
interface CountryDefaults {
  TOPUP: KindConfig;
  WITHDRAWAL: KindConfig;
}

/**
 * Top-ups are free by default (the provider earns on the payouts they fund); a withdrawal pays a
 * fee per transfer, and a small-transfer fee below a threshold, both of a size a local bank
 * transfer costs. Limits keep a typing slip (an extra zero) from reserving a whole balance.
 */
const NO_FEE = { perRequestFee: 0, smallTransferThreshold: 0, smallTransferFee: 0 } as const;

export const DEFAULT_FEE_CONFIGS: Readonly<Record<Country, CountryDefaults>> = {
  BR: {
    TOPUP: { ...NO_FEE, minAmount: 1_000, maxAmount: 1_000_000_000 },
    // R$ 5.00 per withdrawal, R$ 2.00 more below R$ 1,000.00; R$ 10.00 to R$ 1,000,000.00.
    WITHDRAWAL: { perRequestFee: 500, smallTransferThreshold: 100_000, smallTransferFee: 200, minAmount: 1_000, maxAmount: 100_000_000 },
  },
  MX: {
    TOPUP: { ...NO_FEE, minAmount: 10_000, maxAmount: 5_000_000_000 },
    // MX$ 15.00, MX$ 5.00 more below MX$ 5,000.00.
    WITHDRAWAL: { perRequestFee: 1_500, smallTransferThreshold: 500_000, smallTransferFee: 500, minAmount: 10_000, maxAmount: 500_000_000 },
  },
  CO: {
    TOPUP: { ...NO_FEE, minAmount: 2_000_000, maxAmount: 400_000_000_000 },
    // COP 5,000.00, COP 2,000.00 more below COP 4,000,000.00.
    WITHDRAWAL: {
      perRequestFee: 500_000,
      smallTransferThreshold: 400_000_000,
      smallTransferFee: 200_000,
      minAmount: 2_000_000,
      maxAmount: 40_000_000_000,
    },
  },
  CL: {
    TOPUP: { ...NO_FEE, minAmount: 1_000_000, maxAmount: 100_000_000_000 },
    // CLP 1,000.00, CLP 500.00 more below CLP 1,000,000.00.
    WITHDRAWAL: {
      perRequestFee: 100_000,
      smallTransferThreshold: 100_000_000,
      smallTransferFee: 50_000,
      minAmount: 1_000_000,
      maxAmount: 10_000_000_000,
    },
  },
  PE: {
    TOPUP: { ...NO_FEE, minAmount: 1_000, maxAmount: 500_000_000 },
    // S/ 5.00, S/ 2.00 more below S/ 3,000.00.
    WITHDRAWAL: { perRequestFee: 500, smallTransferThreshold: 300_000, smallTransferFee: 200, minAmount: 1_000, maxAmount: 50_000_000 },
  },
  ZA: {
    TOPUP: { ...NO_FEE, minAmount: 5_000, maxAmount: 2_000_000_000 },
    // R 15.00, R 5.00 more below R 15,000.00.
    WITHDRAWAL: {
      perRequestFee: 1_500,
      smallTransferThreshold: 1_500_000,
      smallTransferFee: 500,
      minAmount: 5_000,
      maxAmount: 200_000_000,
    },
  },
  US: {
    TOPUP: { ...NO_FEE, minAmount: 1_000, maxAmount: 1_000_000_000 },
    // US$ 1.00, US$ 1.00 more below US$ 200.00.
    WITHDRAWAL: { perRequestFee: 100, smallTransferThreshold: 20_000, smallTransferFee: 100, minAmount: 1_000, maxAmount: 10_000_000 },
  },
};

/** The provider's account that receives a country's top-ups (local currency). */
export const RECEIVING_ACCOUNTS: Readonly<Record<Country, Omit<ReceivingAccount, 'referenceHint'>>> = {
  BR: { bankName: 'Banco Andes S.A.', holderName: 'Andes Pagamentos Ltda.', accountNumber: '0001-4471208-3', currency: 'BRL' },
  MX: { bankName: 'Banco Andes México', holderName: 'Andes Pagos S.A. de C.V.', accountNumber: '646180157000000004', currency: 'MXN' },
  CO: { bankName: 'Banco Andes Colombia', holderName: 'Andes Pagos S.A.S.', accountNumber: '2300-118877-40', currency: 'COP' },
  CL: { bankName: 'Banco Andes Chile', holderName: 'Andes Pagos SpA', accountNumber: '97-0011223-5', currency: 'CLP' },
  PE: { bankName: 'Banco Andes Perú', holderName: 'Andes Pagos S.A.C.', accountNumber: '193-2244668-0-11', currency: 'PEN' },
  ZA: { bankName: 'Andes Bank South Africa', holderName: 'Andes Payments (Pty) Ltd', accountNumber: '62-8811-0045', currency: 'ZAR' },
  US: { bankName: 'Andes Bank N.A.', holderName: 'Andes Payments LLC', accountNumber: '026009593-7781200', currency: 'USD' },
};

/** Where an OFFLINE exchange's US dollars are wired. */
export const USD_RECEIVING_ACCOUNT: Omit<ReceivingAccount, 'referenceHint'> = {
  bankName: 'Andes Bank N.A.',
  holderName: 'Andes Payments LLC (FX)',
  accountNumber: '026009593-7781299',
  currency: 'USD',
};

/**
 * Indicative rates (local units per 1 USD) until the provider publishes one (`fx.rate_published`).
 * Round figures of the right size: they only estimate; a quote is what the merchant confirms.
 */
export const DEFAULT_FX_RATES: Readonly<Partial<Record<Currency, string>>> = {
  BRL: '5.0',
  MXN: '17.0',
  COP: '4000.0',
  CLP: '900.0',
  PEN: '3.7',
  ZAR: '18.0',
};

/** Limits of the amount an exchange sells, in cents of the sold currency. */
export const EXCHANGE_LIMITS: Readonly<Partial<Record<Currency, { min: number; max: number }>>> = {
  USD: { min: 10_000, max: 100_000_000 },
  BRL: { min: 50_000, max: 500_000_000 },
  MXN: { min: 170_000, max: 1_700_000_000 },
  COP: { min: 40_000_000, max: 400_000_000_000 },
  CLP: { min: 9_000_000, max: 90_000_000_000 },
  PEN: { min: 37_000, max: 370_000_000 },
  ZAR: { min: 180_000, max: 1_800_000_000 },
};

/** The countries an exchange is offered in: those whose currency is not the dollar. */
export function exchangeOffered(country: Country): boolean {
  return COUNTRY_INFO[country].currency !== 'USD' && DEFAULT_FX_RATES[COUNTRY_INFO[country].currency] !== undefined;
}
