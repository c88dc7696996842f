import type { Currency } from '@andes/contract/common/countries';
import { PRODUCT_TYPES, type ProductType } from '@andes/contract/common/enums';
import { formatCents } from '@andes/contract/common/money';
import { AMOUNT_INVALID_MESSAGE, AMOUNT_REQUIRED_MESSAGE, type AmountLimits } from '@andes/contract/common/validators';
import { PAYMENT_LINK_EXPIRY_CHOICES, PAYMENT_LINK_MESSAGES } from '@andes/contract/payment-link/schemas';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { failureText } from '../../../shared/api/errors.ts';

type ServerKey = keyof typeof PAYMENT_LINK_MESSAGES;
const SERVER_KEYS = new Map<string, ServerKey>((Object.entries(PAYMENT_LINK_MESSAGES) as [ServerKey, string][]).map(([k, v]) => [v, k]));

/** The e-mail message of the generate request (the contract's words). */
export const EMAIL_MESSAGE = 'Please enter a valid e-mail address';

const isProductType = (value: string): value is ProductType => (PRODUCT_TYPES as readonly string[]).includes(value);
const isExpiryChoice = (hours: number): hours is (typeof PAYMENT_LINK_EXPIRY_CHOICES)[number] =>
  (PAYMENT_LINK_EXPIRY_CHOICES as readonly number[]).includes(hours);

/** An installment split as the plan shows it. */
export interface PlanFigures {
  count: number;
  installmentAmount: number;
  firstAmount: number;
}

/** The words of the payment-link screens that depend on data: product names, expiry choices, plans, messages of the contract and the server. */
export function usePaymentLinkText() {
  const { t } = useTranslation('paymentLink');
  // Product names are the transactions' own (one translation of each product type).
  const { t: tx } = useTranslation('transactions');

  /** A product's name: translated when its code is known, else the provider's label. */
  const product = useCallback((code: string, label?: string) => (isProductType(code) ? tx(`productType.${code}`) : (label ?? code)), [tx]);

  /** An expiry in words ("3 days"); an hour count the screen does not offer says its hours. */
  const expiry = useCallback((hours: number) => (isExpiryChoice(hours) ? t(`expiry.${hours}`) : t('expiry.hours', { hours })), [t]);

  /** "3 × 33.34 BRL (first 33.32)": every installment exact to the cent, the first when it differs. */
  const plan = useCallback(
    (figures: PlanFigures, currency: Currency) => {
      const amount = formatCents(figures.installmentAmount, currency, { symbol: false });
      if (figures.firstAmount === figures.installmentAmount) return t('installments.plan', { count: figures.count, amount, currency });
      const first = formatCents(figures.firstAmount, currency, { symbol: false });
      return t('installments.planFirst', { count: figures.count, amount, currency, first });
    },
    [t],
  );

  /** The spec §5 range message of an option: "Minimum amount is 1.00 BRL" or the min-to-max one. */
  const amountRange = useCallback(
    (limits: AmountLimits) => {
      const min = formatCents(limits.minCents ?? 1, limits.currency, { symbol: false });
      if (limits.maxCents === undefined) return t('amountMin', { min, currency: limits.currency });
      const max = formatCents(limits.maxCents, limits.currency, { symbol: false });
      return t('amountRange', { min, max, currency: limits.currency });
    },
    [t],
  );

  /** The amount field's hint: the option's limits, worded apart from the error ("From 1.00 to 5,000.00 BRL"). */
  const amountLimits = useCallback(
    (limits: AmountLimits) => {
      const min = formatCents(limits.minCents ?? 1, limits.currency, { symbol: false });
      if (limits.maxCents === undefined) return t('field.amountAtLeast', { min, currency: limits.currency });
      const max = formatCents(limits.maxCents, limits.currency, { symbol: false });
      return t('field.amountFromTo', { min, max, currency: limits.currency });
    },
    [t],
  );

  /** A message of the contract or the server in the interface language (others as sent). */
  const message = useCallback(
    (text: string) => {
      const key = SERVER_KEYS.get(text);
      if (key) return t(`server.${key}`);
      if (text === AMOUNT_REQUIRED_MESSAGE) return t('amountRequired');
      if (text === AMOUNT_INVALID_MESSAGE) return t('amountInvalid');
      if (text === EMAIL_MESSAGE) return t('emailInvalid');
      return text;
    },
    [t],
  );

  /** A failed call as one sentence. */
  const failure = useCallback((error: unknown) => failureText(error, message), [message]);

  return useMemo(
    () => ({ product, expiry, plan, amountRange, amountLimits, message, failure }),
    [product, expiry, plan, amountRange, amountLimits, message, failure],
  );
}
