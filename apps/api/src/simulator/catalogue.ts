import { COUNTRIES, COUNTRY_INFO, type Country, type Currency } from '@andes/contract/common/countries';
import { PRODUCT_TYPES_BY_COUNTRY, type ProductType, productTypesOf } from '@andes/contract/common/enums';
import type { PAYIN_STATUS_CHANGES } from '@andes/contract/platform/schemas';
import { basisPoints, type ProductPrice, payinSettlement, payoutCharge } from '@andes/contract/product/pricing';
import type { Rng } from './prng.ts';

/**
 * What the stand-in payment platform sells, country by country: the products merchants collect
 * and pay out with, how large their amounts are, how often they succeed, what they cost and when
 * their money becomes available. The figures are plausible market figures, not any provider's
 * price list. Amounts are integer cents (a currency's minor unit × 100 for CLP and COP, which
 * have none in practice, are drawn in whole units).
 */

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** Log-normal amount in cents: median and shape, clipped to [min, max], rounded to `unit` cents. */
export interface AmountModel {
  median: number;
  sigma: number;
  min: number;
  max: number;
  /** Amounts are multiples of this many cents (100 for whole units). */
  unit: number;
}

/** A fee: basis points of the amount plus fixed cents (VAT on the fee is the country's). */
export interface FeeModel {
  bps: number;
  fixed: number;
}

export type PayinOutcomeStatus = (typeof PAYIN_STATUS_CHANGES)[number];

export interface Failure {
  status: Extract<PayinOutcomeStatus, 'FAILED' | 'EXPIRED' | 'REJECTED' | 'CANCELLED'>;
  weight: number;
  reasons: readonly string[];
}

/** How the payer pays: decides which payer details the platform shares. */
export type PayerKind = 'pix' | 'boleto' | 'card' | 'cash' | 'bank' | 'wallet' | 'paypal';

export interface PayinProduct {
  productType: ProductType;
  /** Share of the country's pay-ins. */
  weight: number;
  amount: AmountModel;
  successRate: number;
  failures: readonly Failure[];
  /** Time from creation to payment (or failure): uniform in [min, max] ms. */
  confirmMs: readonly [number, number];
  /** The platform reports IN_PROGRESS between creation and the outcome. */
  inProgress: boolean;
  fee: FeeModel;
  /** Business days from payment to availability (D+N). */
  settlementDays: number;
  /** Rolling reserve: basis points of the net withheld for `days` calendar days. */
  deposit?: { bps: number; days: number };
  refundRate: number;
  chargebackRate: number;
  payer: PayerKind;
  /** Share of payments made through a payment link / a store order. */
  linkShare: number;
  storeShare: number;
}

export interface PayoutProduct {
  productType: ProductType;
  weight: number;
  amount: AmountModel;
  successRate: number;
  fee: FeeModel;
  /** Time from creation to IN_PROGRESS and from IN_PROGRESS to the outcome. */
  acceptMs: readonly [number, number];
  completeMs: readonly [number, number];
  pix: boolean;
}

export const MARKETPLACE_KINDS = ['TOPUP', 'GIFT_CARD', 'UTILITY'] as const;
export type MarketplaceKind = (typeof MARKETPLACE_KINDS)[number];

export interface MarketplaceProduct {
  kind: MarketplaceKind;
  /** Top-ups and gift cards are stored value (WALLET); bills are paid to the biller (BANK_TRANSFER). */
  productType: ProductType;
  weight: number;
  amount: AmountModel;
  /** Operators, brands or billers, one picked per order. */
  providers: readonly string[];
  successRate: number;
  fee: FeeModel;
}

export interface CountryCatalogue {
  country: Country;
  currency: Currency;
  /** VAT (IVA, IGV) charged on the provider's fee, in basis points. */
  vatBps: number;
  /** Share of all traffic (streams are weighted by it). */
  weight: number;
  payins: readonly PayinProduct[];
  payouts: readonly PayoutProduct[];
  marketplace: readonly MarketplaceProduct[];
  /** Units of local currency per US dollar, as a decimal string (8 decimals at most). */
  usdRate: string;
  /** The chargeback fee in cents. */
  chargebackFee: number;
}

const amount = (median: number, sigma: number, min: number, max: number, unit = 1): AmountModel => ({ median, sigma, min, max, unit });
const fee = (bps: number, fixed = 0): FeeModel => ({ bps, fixed });

const NOT_PAID: Failure = { status: 'EXPIRED', weight: 1, reasons: ['Not paid before the due date'] };
const QR_EXPIRED: Failure = { status: 'EXPIRED', weight: 7, reasons: ['The QR code expired before payment'] };
const PAYER_CANCELLED: Failure = { status: 'CANCELLED', weight: 3, reasons: ['Cancelled by the payer'] };
const CARD_DECLINED: Failure = {
  status: 'FAILED',
  weight: 6,
  reasons: ['Insufficient funds', 'Do not honor', 'Expired card', 'Invalid CVV', 'Issuer unavailable'],
};
const CARD_RISK: Failure = {
  status: 'REJECTED',
  weight: 4,
  reasons: ['Risk rule: order velocity', 'Risk rule: ML score cutoff', '3DS authentication failed', 'Blocked card'],
};
const BANK_FAILED: Failure = {
  status: 'FAILED',
  weight: 6,
  reasons: ['Payment declined by the bank', 'Session abandoned at the bank', 'Bank timeout'],
};
const WALLET_FAILED: Failure = { status: 'FAILED', weight: 5, reasons: ['Wallet balance too low', 'Payment declined by the wallet'] };

function card(median: number, min: number, max: number, cardFee: FeeModel, settlementDays: number, unit = 1): PayinProduct {
  return {
    productType: 'CARD',
    weight: 0,
    amount: amount(median, 1.0, min, max, unit),
    successRate: 0.88,
    failures: [CARD_DECLINED, CARD_RISK],
    confirmMs: [2 * SECOND, 25 * SECOND],
    inProgress: false,
    fee: cardFee,
    settlementDays,
    deposit: { bps: 500, days: 90 },
    refundRate: 0.025,
    chargebackRate: 0.005,
    payer: 'card',
    linkShare: 0.1,
    storeShare: 0.18,
  };
}

function payin(p: Omit<PayinProduct, 'linkShare' | 'storeShare' | 'chargebackRate'> & Partial<PayinProduct>): PayinProduct {
  return { linkShare: 0.06, storeShare: 0.04, chargebackRate: 0, ...p };
}

const withWeight = <T extends { weight: number }>(p: T, weight: number): T => ({ ...p, weight });

export const CATALOGUE: Readonly<Record<Country, CountryCatalogue>> = {
  BR: {
    country: 'BR',
    currency: 'BRL',
    vatBps: 0,
    weight: 30,
    usdRate: '5.0480',
    chargebackFee: 7500,
    payins: [
      payin({
        productType: 'PIX',
        weight: 46,
        amount: amount(12_000, 1.0, 2_000, 200_000),
        successRate: 0.97,
        failures: [QR_EXPIRED, PAYER_CANCELLED],
        confirmMs: [5 * SECOND, 3 * MINUTE],
        inProgress: false,
        fee: fee(99),
        settlementDays: 1,
        refundRate: 0.02,
        payer: 'pix',
        linkShare: 0.1,
        storeShare: 0.08,
      }),
      payin({
        productType: 'PIX_QR',
        weight: 12,
        amount: amount(8_000, 0.9, 1_000, 150_000),
        successRate: 0.95,
        failures: [QR_EXPIRED, PAYER_CANCELLED],
        confirmMs: [10 * SECOND, 5 * MINUTE],
        inProgress: false,
        fee: fee(99),
        settlementDays: 1,
        refundRate: 0.015,
        payer: 'pix',
      }),
      payin({
        productType: 'TED',
        weight: 3,
        amount: amount(150_000, 0.8, 10_000, 2_000_000),
        successRate: 0.93,
        failures: [BANK_FAILED],
        confirmMs: [10 * MINUTE, 6 * HOUR],
        inProgress: true,
        fee: fee(0, 350),
        settlementDays: 1,
        refundRate: 0.01,
        payer: 'bank',
      }),
      payin({
        productType: 'BOLETO',
        weight: 14,
        amount: amount(35_000, 0.9, 2_000, 1_000_000),
        successRate: 0.6,
        failures: [NOT_PAID],
        confirmMs: [2 * HOUR, 3 * DAY],
        inProgress: false,
        fee: fee(0, 349),
        settlementDays: 2,
        refundRate: 0.01,
        payer: 'boleto',
        storeShare: 0.05,
      }),
      payin({
        productType: 'PIC_PAY',
        weight: 4,
        amount: amount(9_000, 0.8, 500, 100_000),
        successRate: 0.92,
        failures: [WALLET_FAILED, PAYER_CANCELLED],
        confirmMs: [10 * SECOND, 4 * MINUTE],
        inProgress: false,
        fee: fee(249),
        settlementDays: 2,
        refundRate: 0.02,
        payer: 'wallet',
      }),
      withWeight(card(18_000, 1_000, 500_000, fee(399, 0), 30), 17),
      payin({
        productType: 'AME_QR',
        weight: 2,
        amount: amount(7_000, 0.8, 500, 80_000),
        successRate: 0.9,
        failures: [WALLET_FAILED, QR_EXPIRED],
        confirmMs: [10 * SECOND, 4 * MINUTE],
        inProgress: false,
        fee: fee(249),
        settlementDays: 2,
        refundRate: 0.02,
        payer: 'wallet',
      }),
      payin({
        productType: 'MERCADO_PAGO',
        weight: 2,
        amount: amount(11_000, 0.9, 1_000, 200_000),
        successRate: 0.9,
        failures: [WALLET_FAILED, PAYER_CANCELLED],
        confirmMs: [10 * SECOND, 5 * MINUTE],
        inProgress: false,
        fee: fee(299),
        settlementDays: 2,
        refundRate: 0.02,
        payer: 'wallet',
      }),
    ],
    payouts: [
      {
        productType: 'PIX',
        weight: 85,
        amount: amount(45_000, 1.1, 1_000, 5_000_000),
        successRate: 0.96,
        fee: fee(0, 150),
        acceptMs: [2 * SECOND, 30 * SECOND],
        completeMs: [5 * SECOND, 2 * MINUTE],
        pix: true,
      },
      {
        productType: 'TED',
        weight: 15,
        amount: amount(350_000, 0.9, 10_000, 20_000_000),
        successRate: 0.94,
        fee: fee(0, 500),
        acceptMs: [30 * SECOND, 10 * MINUTE],
        completeMs: [30 * MINUTE, 6 * HOUR],
        pix: false,
      },
    ],
    marketplace: [
      {
        kind: 'TOPUP',
        productType: 'WALLET',
        weight: 55,
        amount: amount(3_000, 0.5, 1_500, 10_000, 500),
        providers: ['Vivo', 'Claro', 'TIM', 'Oi'],
        successRate: 0.98,
        fee: fee(0, 0),
      },
      {
        kind: 'GIFT_CARD',
        productType: 'WALLET',
        weight: 25,
        amount: amount(10_000, 0.6, 3_000, 50_000, 1_000),
        providers: ['Google Play', 'iFood', 'Netflix', 'Xbox', 'Spotify'],
        successRate: 0.97,
        fee: fee(0, 0),
      },
      {
        kind: 'UTILITY',
        productType: 'BANK_TRANSFER',
        weight: 20,
        amount: amount(22_000, 0.6, 3_000, 150_000),
        providers: ['Enel SP', 'Sabesp', 'Light', 'Comgás', 'Vivo Fibra'],
        successRate: 0.97,
        fee: fee(0, 100),
      },
    ],
  },
  MX: {
    country: 'MX',
    currency: 'MXN',
    vatBps: 1600,
    weight: 24,
    usdRate: '17.1850',
    chargebackFee: 35_000,
    payins: [
      payin({
        productType: 'SPEI',
        weight: 34,
        amount: amount(120_000, 1.0, 5_000, 5_000_000),
        successRate: 0.95,
        failures: [{ ...NOT_PAID, reasons: ['No transfer received before the reference expired'] }],
        confirmMs: [1 * MINUTE, 30 * MINUTE],
        inProgress: false,
        fee: fee(150, 300),
        settlementDays: 1,
        refundRate: 0.015,
        payer: 'bank',
      }),
      payin({
        productType: 'SPEI_VIRTUAL_ACCOUNT',
        weight: 10,
        amount: amount(250_000, 1.0, 10_000, 10_000_000),
        successRate: 0.98,
        failures: [{ ...NOT_PAID, reasons: ['No transfer received before the reference expired'] }],
        confirmMs: [1 * MINUTE, 2 * HOUR],
        inProgress: false,
        fee: fee(100, 300),
        settlementDays: 1,
        refundRate: 0.01,
        payer: 'bank',
      }),
      payin({
        productType: 'SPEI_BANK_TRANSFER',
        weight: 6,
        amount: amount(400_000, 0.9, 20_000, 20_000_000),
        successRate: 0.94,
        failures: [BANK_FAILED],
        confirmMs: [5 * MINUTE, 4 * HOUR],
        inProgress: true,
        fee: fee(100, 500),
        settlementDays: 1,
        refundRate: 0.01,
        payer: 'bank',
      }),
      payin({
        productType: 'OXXO',
        weight: 20,
        amount: amount(45_000, 0.7, 1_000, 1_000_000),
        successRate: 0.55,
        failures: [{ ...NOT_PAID, reasons: ['The OXXO voucher was not paid before it expired'] }],
        confirmMs: [30 * MINUTE, 3 * DAY],
        inProgress: false,
        fee: fee(350, 1_000),
        settlementDays: 3,
        refundRate: 0.005,
        payer: 'cash',
        storeShare: 0.06,
      }),
      withWeight(card(85_000, 2_000, 3_000_000, fee(360, 300), 30), 22),
      payin({
        productType: 'PAY_CASH',
        weight: 4,
        amount: amount(35_000, 0.7, 2_000, 500_000),
        successRate: 0.6,
        failures: [{ ...NOT_PAID, reasons: ['The cash reference was not paid before it expired'] }],
        confirmMs: [1 * HOUR, 2 * DAY],
        inProgress: false,
        fee: fee(300, 800),
        settlementDays: 3,
        refundRate: 0.005,
        payer: 'cash',
      }),
      payin({
        productType: 'MERCADO_PAGO',
        weight: 4,
        amount: amount(60_000, 0.9, 2_000, 2_000_000),
        successRate: 0.9,
        failures: [WALLET_FAILED, PAYER_CANCELLED],
        confirmMs: [10 * SECOND, 5 * MINUTE],
        inProgress: false,
        fee: fee(349),
        settlementDays: 2,
        refundRate: 0.02,
        payer: 'wallet',
      }),
    ],
    payouts: [
      {
        productType: 'SPEI',
        weight: 88,
        amount: amount(500_000, 1.1, 10_000, 50_000_000),
        successRate: 0.95,
        fee: fee(0, 700),
        acceptMs: [2 * SECOND, 30 * SECOND],
        completeMs: [10 * SECOND, 5 * MINUTE],
        pix: false,
      },
      {
        productType: 'SPEI_BANK_TRANSFER',
        weight: 12,
        amount: amount(2_000_000, 0.9, 100_000, 200_000_000),
        successRate: 0.94,
        fee: fee(0, 1_500),
        acceptMs: [1 * MINUTE, 20 * MINUTE],
        completeMs: [10 * MINUTE, 3 * HOUR],
        pix: false,
      },
    ],
    marketplace: [
      {
        kind: 'TOPUP',
        productType: 'WALLET',
        weight: 55,
        amount: amount(10_000, 0.5, 2_000, 50_000, 1_000),
        providers: ['Telcel', 'AT&T México', 'Movistar', 'Bait', 'Unefón'],
        successRate: 0.98,
        fee: fee(0, 0),
      },
      {
        kind: 'GIFT_CARD',
        productType: 'WALLET',
        weight: 25,
        amount: amount(50_000, 0.6, 10_000, 200_000, 5_000),
        providers: ['Google Play', 'Netflix', 'Xbox', 'Spotify', 'Amazon México'],
        successRate: 0.97,
        fee: fee(0, 0),
      },
      {
        kind: 'UTILITY',
        productType: 'BANK_TRANSFER',
        weight: 20,
        amount: amount(90_000, 0.7, 10_000, 800_000),
        providers: ['CFE', 'Telmex', 'Naturgy', 'SACMEX', 'Izzi'],
        successRate: 0.97,
        fee: fee(0, 500),
      },
    ],
  },
  CO: {
    country: 'CO',
    currency: 'COP',
    vatBps: 1900,
    weight: 14,
    usdRate: '4085.5000',
    chargebackFee: 6_000_000,
    payins: [
      payin({
        productType: 'PSE',
        weight: 36,
        amount: amount(18_000_000, 1.0, 1_000_000, 1_000_000_000, 100),
        successRate: 0.85,
        failures: [BANK_FAILED, PAYER_CANCELLED],
        confirmMs: [1 * MINUTE, 15 * MINUTE],
        inProgress: true,
        fee: fee(290, 90_000),
        settlementDays: 2,
        refundRate: 0.015,
        payer: 'bank',
      }),
      payin({
        productType: 'NEQUI',
        weight: 16,
        amount: amount(6_000_000, 0.9, 500_000, 200_000_000, 100),
        successRate: 0.9,
        failures: [WALLET_FAILED, PAYER_CANCELLED],
        confirmMs: [20 * SECOND, 5 * MINUTE],
        inProgress: false,
        fee: fee(250),
        settlementDays: 1,
        refundRate: 0.02,
        payer: 'wallet',
      }),
      payin({
        productType: 'BANK_BUTTON',
        weight: 6,
        amount: amount(25_000_000, 0.9, 1_000_000, 1_000_000_000, 100),
        successRate: 0.86,
        failures: [BANK_FAILED, PAYER_CANCELLED],
        confirmMs: [1 * MINUTE, 10 * MINUTE],
        inProgress: true,
        fee: fee(250, 90_000),
        settlementDays: 2,
        refundRate: 0.01,
        payer: 'bank',
      }),
      payin({
        productType: 'EFECTY',
        weight: 12,
        amount: amount(12_000_000, 0.8, 1_000_000, 300_000_000, 100),
        successRate: 0.58,
        failures: [{ ...NOT_PAID, reasons: ['The Efecty reference was not paid before it expired'] }],
        confirmMs: [1 * HOUR, 3 * DAY],
        inProgress: false,
        fee: fee(300, 150_000),
        settlementDays: 3,
        refundRate: 0.005,
        payer: 'cash',
      }),
      payin({
        productType: 'BANCOLOMBIA_COLLECTION',
        weight: 6,
        amount: amount(30_000_000, 0.9, 1_000_000, 2_000_000_000, 100),
        successRate: 0.88,
        failures: [BANK_FAILED],
        confirmMs: [5 * MINUTE, 1 * DAY],
        inProgress: false,
        fee: fee(200, 100_000),
        settlementDays: 2,
        refundRate: 0.01,
        payer: 'bank',
      }),
      payin({
        productType: 'CO_BANK_TRANSFER',
        weight: 4,
        amount: amount(50_000_000, 0.9, 1_000_000, 5_000_000_000, 100),
        successRate: 0.93,
        failures: [BANK_FAILED],
        confirmMs: [10 * MINUTE, 8 * HOUR],
        inProgress: true,
        fee: fee(150, 100_000),
        settlementDays: 1,
        refundRate: 0.01,
        payer: 'bank',
      }),
      withWeight(card(22_000_000, 500_000, 2_000_000_000, fee(370, 90_000), 30, 100), 20),
    ],
    payouts: [
      {
        productType: 'CO_BANK_TRANSFER',
        weight: 80,
        amount: amount(80_000_000, 1.0, 2_000_000, 10_000_000_000, 100),
        successRate: 0.95,
        fee: fee(0, 350_000),
        acceptMs: [10 * SECOND, 2 * MINUTE],
        completeMs: [5 * MINUTE, 4 * HOUR],
        pix: false,
      },
      {
        productType: 'NEQUI',
        weight: 20,
        amount: amount(15_000_000, 0.9, 500_000, 500_000_000, 100),
        successRate: 0.96,
        fee: fee(0, 200_000),
        acceptMs: [2 * SECOND, 30 * SECOND],
        completeMs: [10 * SECOND, 3 * MINUTE],
        pix: false,
      },
    ],
    marketplace: [
      {
        kind: 'TOPUP',
        productType: 'WALLET',
        weight: 55,
        amount: amount(2_000_000, 0.5, 500_000, 10_000_000, 100_000),
        providers: ['Claro', 'Movistar', 'Tigo', 'WOM'],
        successRate: 0.98,
        fee: fee(0, 0),
      },
      {
        kind: 'GIFT_CARD',
        productType: 'WALLET',
        weight: 20,
        amount: amount(5_000_000, 0.6, 2_000_000, 30_000_000, 1_000_000),
        providers: ['Google Play', 'Netflix', 'Xbox', 'Spotify'],
        successRate: 0.97,
        fee: fee(0, 0),
      },
      {
        kind: 'UTILITY',
        productType: 'BANK_TRANSFER',
        weight: 25,
        amount: amount(15_000_000, 0.7, 2_000_000, 150_000_000, 100),
        providers: ['EPM', 'Vanti', 'Codensa', 'Acueducto de Bogotá', 'ETB'],
        successRate: 0.97,
        fee: fee(0, 100_000),
      },
    ],
  },
  CL: {
    country: 'CL',
    currency: 'CLP',
    vatBps: 1900,
    weight: 10,
    usdRate: '941.2000',
    chargebackFee: 1_500_000,
    payins: [
      payin({
        productType: 'WEB_PAY',
        weight: 28,
        amount: amount(3_500_000, 1.0, 100_000, 500_000_000, 100),
        successRate: 0.9,
        failures: [CARD_DECLINED, PAYER_CANCELLED],
        confirmMs: [10 * SECOND, 3 * MINUTE],
        inProgress: false,
        fee: fee(295),
        settlementDays: 2,
        refundRate: 0.02,
        payer: 'bank',
      }),
      payin({
        productType: 'CL_BANK_TRANSFER',
        weight: 12,
        amount: amount(15_000_000, 1.0, 100_000, 2_000_000_000, 100),
        successRate: 0.93,
        failures: [BANK_FAILED],
        confirmMs: [1 * MINUTE, 2 * HOUR],
        inProgress: true,
        fee: fee(120, 15_000),
        settlementDays: 1,
        refundRate: 0.01,
        payer: 'bank',
      }),
      payin({
        productType: 'KHIPU',
        weight: 8,
        amount: amount(4_500_000, 0.9, 100_000, 300_000_000, 100),
        successRate: 0.88,
        failures: [BANK_FAILED, PAYER_CANCELLED],
        confirmMs: [30 * SECOND, 10 * MINUTE],
        inProgress: true,
        fee: fee(190),
        settlementDays: 2,
        refundRate: 0.015,
        payer: 'bank',
      }),
      payin({
        productType: 'FINTOC',
        weight: 6,
        amount: amount(6_000_000, 0.9, 100_000, 500_000_000, 100),
        successRate: 0.9,
        failures: [BANK_FAILED, PAYER_CANCELLED],
        confirmMs: [30 * SECOND, 8 * MINUTE],
        inProgress: true,
        fee: fee(150),
        settlementDays: 1,
        refundRate: 0.015,
        payer: 'bank',
      }),
      payin({
        productType: 'MACH',
        weight: 6,
        amount: amount(2_500_000, 0.9, 100_000, 100_000_000, 100),
        successRate: 0.91,
        failures: [WALLET_FAILED, PAYER_CANCELLED],
        confirmMs: [10 * SECOND, 4 * MINUTE],
        inProgress: false,
        fee: fee(250),
        settlementDays: 2,
        refundRate: 0.02,
        payer: 'wallet',
      }),
      payin({
        productType: 'FPAY',
        weight: 4,
        amount: amount(3_000_000, 0.9, 100_000, 100_000_000, 100),
        successRate: 0.9,
        failures: [WALLET_FAILED],
        confirmMs: [10 * SECOND, 4 * MINUTE],
        inProgress: false,
        fee: fee(260),
        settlementDays: 2,
        refundRate: 0.02,
        payer: 'wallet',
      }),
      payin({
        productType: 'CHEK',
        weight: 3,
        amount: amount(2_000_000, 0.9, 100_000, 80_000_000, 100),
        successRate: 0.9,
        failures: [WALLET_FAILED],
        confirmMs: [10 * SECOND, 4 * MINUTE],
        inProgress: false,
        fee: fee(260),
        settlementDays: 2,
        refundRate: 0.02,
        payer: 'wallet',
      }),
      payin({
        productType: 'HITES',
        weight: 3,
        amount: amount(5_000_000, 0.8, 500_000, 150_000_000, 100),
        successRate: 0.85,
        failures: [CARD_DECLINED],
        confirmMs: [10 * SECOND, 3 * MINUTE],
        inProgress: false,
        fee: fee(320),
        settlementDays: 2,
        refundRate: 0.02,
        payer: 'wallet',
      }),
      payin({
        productType: 'MULTICAJA_TRANSFER',
        weight: 5,
        amount: amount(4_000_000, 0.9, 100_000, 300_000_000, 100),
        successRate: 0.9,
        failures: [BANK_FAILED],
        confirmMs: [1 * MINUTE, 20 * MINUTE],
        inProgress: true,
        fee: fee(200),
        settlementDays: 2,
        refundRate: 0.01,
        payer: 'bank',
      }),
      payin({
        productType: 'MULTICAJA_CASH',
        weight: 4,
        amount: amount(2_500_000, 0.8, 100_000, 50_000_000, 100),
        successRate: 0.6,
        failures: [{ ...NOT_PAID, reasons: ['The Multicaja cash coupon was not paid before it expired'] }],
        confirmMs: [1 * HOUR, 2 * DAY],
        inProgress: false,
        fee: fee(280, 20_000),
        settlementDays: 3,
        refundRate: 0.005,
        payer: 'cash',
      }),
      payin({
        productType: 'PAGO46',
        weight: 3,
        amount: amount(2_000_000, 0.8, 100_000, 50_000_000, 100),
        successRate: 0.62,
        failures: [{ ...NOT_PAID, reasons: ['The Pago46 coupon was not paid before it expired'] }],
        confirmMs: [1 * HOUR, 2 * DAY],
        inProgress: false,
        fee: fee(300, 20_000),
        settlementDays: 3,
        refundRate: 0.005,
        payer: 'cash',
      }),
      payin({
        productType: 'SERVIFACIL',
        weight: 2,
        amount: amount(2_000_000, 0.8, 100_000, 50_000_000, 100),
        successRate: 0.6,
        failures: [{ ...NOT_PAID, reasons: ['The Servifácil coupon was not paid before it expired'] }],
        confirmMs: [1 * HOUR, 2 * DAY],
        inProgress: false,
        fee: fee(300, 20_000),
        settlementDays: 3,
        refundRate: 0.005,
        payer: 'cash',
      }),
      withWeight(card(4_000_000, 100_000, 800_000_000, fee(340), 30, 100), 16),
    ],
    payouts: [
      {
        productType: 'CL_BANK_TRANSFER',
        weight: 100,
        amount: amount(45_000_000, 1.0, 500_000, 5_000_000_000, 100),
        successRate: 0.95,
        fee: fee(0, 40_000),
        acceptMs: [5 * SECOND, 2 * MINUTE],
        completeMs: [1 * MINUTE, 2 * HOUR],
        pix: false,
      },
    ],
    marketplace: [],
  },
  PE: {
    country: 'PE',
    currency: 'PEN',
    vatBps: 1800,
    weight: 8,
    usdRate: '3.7420',
    chargebackFee: 6_000,
    payins: [
      payin({
        productType: 'PAGO_EFECTIVO',
        weight: 32,
        amount: amount(12_000, 0.8, 500, 500_000),
        successRate: 0.62,
        failures: [{ ...NOT_PAID, reasons: ['The CIP code was not paid before it expired'] }],
        confirmMs: [30 * MINUTE, 2 * DAY],
        inProgress: false,
        fee: fee(320, 150),
        settlementDays: 2,
        refundRate: 0.005,
        payer: 'cash',
      }),
      payin({
        productType: 'BCP',
        weight: 22,
        amount: amount(35_000, 0.9, 1_000, 2_000_000),
        successRate: 0.9,
        failures: [BANK_FAILED, PAYER_CANCELLED],
        confirmMs: [1 * MINUTE, 30 * MINUTE],
        inProgress: true,
        fee: fee(200, 100),
        settlementDays: 2,
        refundRate: 0.01,
        payer: 'bank',
      }),
      payin({
        productType: 'PAYVALIDA',
        weight: 10,
        amount: amount(15_000, 0.8, 500, 500_000),
        successRate: 0.65,
        failures: [{ ...NOT_PAID, reasons: ['The Payvalida reference was not paid before it expired'] }],
        confirmMs: [30 * MINUTE, 2 * DAY],
        inProgress: false,
        fee: fee(300, 150),
        settlementDays: 2,
        refundRate: 0.005,
        payer: 'cash',
      }),
      payin({
        productType: 'PE_BANK_TRANSFER',
        weight: 10,
        amount: amount(120_000, 1.0, 5_000, 10_000_000),
        successRate: 0.93,
        failures: [BANK_FAILED],
        confirmMs: [10 * MINUTE, 6 * HOUR],
        inProgress: true,
        fee: fee(120, 200),
        settlementDays: 1,
        refundRate: 0.01,
        payer: 'bank',
      }),
      withWeight(card(25_000, 1_000, 2_000_000, fee(380, 100), 30), 26),
    ],
    payouts: [
      {
        productType: 'PE_BANK_TRANSFER',
        weight: 70,
        amount: amount(180_000, 1.0, 5_000, 20_000_000),
        successRate: 0.95,
        fee: fee(0, 350),
        acceptMs: [5 * SECOND, 2 * MINUTE],
        completeMs: [5 * MINUTE, 4 * HOUR],
        pix: false,
      },
      {
        productType: 'BCP',
        weight: 30,
        amount: amount(90_000, 0.9, 2_000, 5_000_000),
        successRate: 0.96,
        fee: fee(0, 200),
        acceptMs: [2 * SECOND, 30 * SECOND],
        completeMs: [30 * SECOND, 10 * MINUTE],
        pix: false,
      },
    ],
    marketplace: [],
  },
  US: {
    country: 'US',
    currency: 'USD',
    vatBps: 0,
    weight: 8,
    usdRate: '1',
    chargebackFee: 1_500,
    payins: [
      withWeight(card(8_500, 500, 500_000, fee(290, 30), 2), 58),
      payin({
        productType: 'PAYPAL',
        weight: 18,
        amount: amount(6_000, 0.9, 300, 300_000),
        successRate: 0.94,
        failures: [WALLET_FAILED, PAYER_CANCELLED],
        confirmMs: [5 * SECOND, 2 * MINUTE],
        inProgress: false,
        fee: fee(349, 49),
        settlementDays: 1,
        refundRate: 0.03,
        payer: 'paypal',
      }),
      payin({
        productType: 'BANK_TRANSFER',
        weight: 12,
        amount: amount(90_000, 1.0, 2_000, 10_000_000),
        successRate: 0.96,
        failures: [BANK_FAILED],
        confirmMs: [2 * HOUR, 2 * DAY],
        inProgress: true,
        fee: fee(80, 25),
        settlementDays: 2,
        refundRate: 0.005,
        payer: 'bank',
      }),
      payin({
        productType: 'WALLET',
        weight: 9,
        amount: amount(5_500, 0.9, 300, 200_000),
        successRate: 0.95,
        failures: [WALLET_FAILED],
        confirmMs: [3 * SECOND, 1 * MINUTE],
        inProgress: false,
        fee: fee(290, 30),
        settlementDays: 2,
        refundRate: 0.025,
        payer: 'wallet',
      }),
      payin({
        productType: 'PAY_CASH',
        weight: 3,
        amount: amount(4_000, 0.7, 500, 50_000),
        successRate: 0.6,
        failures: [{ ...NOT_PAID, reasons: ['The cash barcode was not paid before it expired'] }],
        confirmMs: [1 * HOUR, 2 * DAY],
        inProgress: false,
        fee: fee(300, 100),
        settlementDays: 3,
        refundRate: 0.005,
        payer: 'cash',
      }),
    ],
    payouts: [
      {
        productType: 'BANK_TRANSFER',
        weight: 100,
        amount: amount(150_000, 1.0, 1_000, 20_000_000),
        successRate: 0.96,
        fee: fee(0, 50),
        acceptMs: [10 * SECOND, 5 * MINUTE],
        completeMs: [1 * HOUR, 1 * DAY],
        pix: false,
      },
    ],
    marketplace: [],
  },
  ZA: {
    country: 'ZA',
    currency: 'ZAR',
    vatBps: 1500,
    weight: 6,
    usdRate: '18.3600',
    chargebackFee: 25_000,
    payins: [
      withWeight(card(65_000, 2_000, 5_000_000, fee(320, 200), 3), 55),
      payin({
        productType: 'BANK_TRANSFER',
        weight: 25,
        amount: amount(250_000, 1.0, 5_000, 20_000_000),
        successRate: 0.93,
        failures: [BANK_FAILED, PAYER_CANCELLED],
        confirmMs: [1 * MINUTE, 30 * MINUTE],
        inProgress: true,
        fee: fee(150, 200),
        settlementDays: 1,
        refundRate: 0.01,
        payer: 'bank',
      }),
      payin({
        productType: 'WALLET',
        weight: 12,
        amount: amount(40_000, 0.9, 1_000, 1_000_000),
        successRate: 0.93,
        failures: [WALLET_FAILED],
        confirmMs: [3 * SECOND, 1 * MINUTE],
        inProgress: false,
        fee: fee(280, 100),
        settlementDays: 2,
        refundRate: 0.02,
        payer: 'wallet',
      }),
      payin({
        productType: 'PAYPAL',
        weight: 5,
        amount: amount(90_000, 0.9, 2_000, 3_000_000),
        successRate: 0.93,
        failures: [WALLET_FAILED, PAYER_CANCELLED],
        confirmMs: [5 * SECOND, 2 * MINUTE],
        inProgress: false,
        fee: fee(390, 500),
        settlementDays: 2,
        refundRate: 0.025,
        payer: 'paypal',
      }),
      payin({
        productType: 'PAY_CASH',
        weight: 3,
        amount: amount(30_000, 0.7, 2_000, 300_000),
        successRate: 0.58,
        failures: [{ ...NOT_PAID, reasons: ['The cash voucher was not paid before it expired'] }],
        confirmMs: [1 * HOUR, 2 * DAY],
        inProgress: false,
        fee: fee(300, 500),
        settlementDays: 3,
        refundRate: 0.005,
        payer: 'cash',
      }),
    ],
    payouts: [
      {
        productType: 'BANK_TRANSFER',
        weight: 100,
        amount: amount(1_200_000, 1.0, 10_000, 100_000_000),
        successRate: 0.95,
        fee: fee(0, 1_000),
        acceptMs: [10 * SECOND, 5 * MINUTE],
        completeMs: [10 * MINUTE, 6 * HOUR],
        pix: false,
      },
    ],
    marketplace: [],
  },
};

/** Every product type the catalogue uses in a country, for the product list. */
export function catalogueProductTypes(country: Country): { payin: ProductType[]; payout: ProductType[]; marketplace: ProductType[] } {
  const c = CATALOGUE[country];
  const unique = (xs: ProductType[]) => [...new Set(xs)];
  return {
    payin: unique(c.payins.map((p) => p.productType)),
    payout: unique(c.payouts.map((p) => p.productType)),
    marketplace: unique(c.marketplace.map((p) => p.productType)),
  };
}

// ---- money arithmetic (the contract's pricing: one code path with the Product list's rules) -------

/** The price of a catalogue fee in the contract's terms (no settlement or deposit: a charge only). */
const charge = (model: FeeModel, vatBps: number): ProductPrice => ({
  feeBps: model.bps,
  feeFixed: model.fixed,
  vatBps,
  settlementDays: 0,
  depositBps: 0,
  depositDays: 0,
});

function assertSafe(name: string, value: number): void {
  if (!Number.isSafeInteger(value) || value < 0) throw new RangeError(`${name} must be a non-negative integer, got ${value}`);
}

/** `value × bps / 10 000`, rounded half up (the contract's `basisPoints`). */
export const basisPointsOf = basisPoints;

/**
 * The provider's fee and the VAT on it for a pay-in (`payinSettlement`): percent (half-up) plus
 * fixed cents, capped at half the amount, then VAT at the country's rate on the fee (half-up).
 */
export function feeOf(amountCents: number, model: FeeModel, vatBps: number): { fee: number; vat: number } {
  const { fee, vat } = payinSettlement(amountCents, charge(model, vatBps));
  return { fee, vat };
}

/** The fee of a payout (charged on top of the amount, from AVAILABLE) and its VAT (`payoutCharge`). */
export function payoutFeeOf(amountCents: number, model: FeeModel, vatBps: number): { fee: number; vat: number } {
  return payoutCharge(amountCents, charge(model, vatBps));
}

/** Draws an amount: log-normal, clipped, rounded to the model's unit. Integer cents. */
export function drawAmount(rng: Rng, model: AmountModel): number {
  const raw = rng.logNormal(model.median, model.sigma);
  const clipped = Math.min(model.max, Math.max(model.min, raw));
  const units = Math.max(1, Math.round(clipped / model.unit));
  return units * model.unit;
}

/** The mean of a model's amounts (log-normal mean, ignoring the clip), for planning only. */
export function meanAmount(model: AmountModel): number {
  return Math.round(model.median * Math.exp((model.sigma * model.sigma) / 2));
}

// ---- exchange rates as scaled integers ---------------------------------------------------------

const RATE_SCALE_DIGITS = 8;
const RATE_SCALE = 10n ** BigInt(RATE_SCALE_DIGITS);

/** `"5.0480"` → 504800000n (the rate × 10^8). */
export function rateToScaled(rate: string): bigint {
  const m = /^(\d{1,6})(?:\.(\d{1,8}))?$/.exec(rate);
  if (!m) throw new RangeError(`not a rate: ${rate}`);
  return BigInt(m[1] ?? '0') * RATE_SCALE + BigInt((m[2] ?? '').padEnd(RATE_SCALE_DIGITS, '0'));
}

/** 504800000n → `"5.048"` (trailing zeros dropped, at least 4 decimals kept). */
export function scaledToRate(scaled: bigint): string {
  const whole = scaled / RATE_SCALE;
  let fraction = (scaled % RATE_SCALE).toString().padStart(RATE_SCALE_DIGITS, '0');
  while (fraction.length > 4 && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
  return `${whole}.${fraction}`;
}

/** Local cents for USD cents at a rate (half up). */
export function convertFromUsd(usdCents: number, rate: string): number {
  assertSafe('usdCents', usdCents);
  return Number((BigInt(usdCents) * rateToScaled(rate) + RATE_SCALE / 2n) / RATE_SCALE);
}

/** USD cents needed to obtain at least `localCents` at a rate (rounded up). */
export function usdNeededFor(localCents: number, rate: string): number {
  assertSafe('localCents', localCents);
  const scaled = rateToScaled(rate);
  return Number((BigInt(localCents) * RATE_SCALE + scaled - 1n) / scaled);
}

/**
 * The day's rate: the reference rate moved by a small deterministic walk (±1.5%) from a day
 * number, so history and simulator agree on a day's rate without storing one.
 */
export function rateOfDay(country: Country, dayNumber: number): string {
  const base = rateToScaled(CATALOGUE[country].usdRate);
  if (country === 'US') return scaledToRate(base);
  // A smooth wave of two periods, in basis points of the base, computed in integers of bps.
  const wave = Math.round(90 * Math.sin(dayNumber / 23) + 60 * Math.sin(dayNumber / 7 + country.charCodeAt(0)));
  return scaledToRate((base * BigInt(10_000 + wave)) / 10_000n);
}

/** The countries and their currencies, for code that walks all of them. */
export const CATALOGUE_COUNTRIES: readonly Country[] = COUNTRIES;

/** The catalogue stays within the contract: each product type belongs to the country (or is generic). */
export function catalogueProblems(): string[] {
  const problems: string[] = [];
  for (const country of COUNTRIES) {
    const c = CATALOGUE[country];
    if (c.currency !== COUNTRY_INFO[country].currency) problems.push(`${country}: currency ${c.currency}`);
    const allowed = new Set(productTypesOf(country));
    for (const p of [...c.payins, ...c.payouts, ...c.marketplace]) {
      if (!allowed.has(p.productType)) problems.push(`${country}: ${p.productType} is not a product type of the country`);
    }
    // The US and South Africa have no local methods: their list is the generic one, used in part.
    if (PRODUCT_TYPES_BY_COUNTRY[country] === PRODUCT_TYPES_BY_COUNTRY.OTHER) continue;
    for (const local of PRODUCT_TYPES_BY_COUNTRY[country]) {
      if (!c.payins.some((p) => p.productType === local) && !c.payouts.some((p) => p.productType === local)) {
        problems.push(`${country}: local product ${local} is missing`);
      }
    }
  }
  return problems;
}
