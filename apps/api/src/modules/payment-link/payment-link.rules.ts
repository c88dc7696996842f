import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { type ProductType, paymentLinkMinAmountCents } from '@andes/contract/common/enums';
import { amountRangeMessage, isAmountWithin } from '@andes/contract/common/validators';
import {
  INSTALLMENT_RULES,
  installmentPlan,
  offersInstallments,
  PAYMENT_LINK_MESSAGES,
  type PaymentLinkOption,
} from '@andes/contract/payment-link/schemas';

/**
 * The rules of a link's terms (docs/decisions/0035), shared by the single form and the batch file:
 * what a product may be linked for, and the checks of an amount and its installments.
 */

/** A product of the merchant's as merchant_products holds it. */
export interface ProductTerms {
  productType: string;
  minAmount: number | null;
  maxAmount: number | null;
}

/** `CL_BANK_TRANSFER` → `CL BANK TRANSFER` (the screen translates known codes). */
export const productLabel = (productType: string) => productType.replace(/_/g, ' ');

/**
 * The option of an open pay-in product: its minimum is the highest of the spec's link minimum
 * (§5), the product's own minimum and one cent; its maximum the product's; installments for cards
 * in BR and MX.
 */
export function optionOf(country: Country, product: ProductTerms): PaymentLinkOption {
  const productType = product.productType as ProductType;
  const minAmount = Math.max(paymentLinkMinAmountCents(country, productType) ?? 1, product.minAmount ?? 1, 1);
  const maxAmount = product.maxAmount === null ? null : Math.max(product.maxAmount, minAmount);
  return {
    productType,
    label: productLabel(productType),
    minAmount,
    maxAmount,
    installments: offersInstallments(country, productType),
  };
}

/** Why the amount or installments of a link are refused (the field and the sentence), or null. */
export function checkLinkTerms(
  country: Country,
  option: PaymentLinkOption,
  amount: number,
  installments: number | null | undefined,
): { field: 'amount' | 'installments'; message: string } | null {
  const limits = {
    currency: COUNTRY_INFO[country].currency,
    minCents: option.minAmount,
    ...(option.maxAmount === null ? {} : { maxCents: option.maxAmount }),
  };
  if (!isAmountWithin(amount, limits)) return { field: 'amount', message: amountRangeMessage(limits) };
  if (installments === null || installments === undefined) return null;
  return installmentsRefusal(country, option.productType, amount, installments);
}

/** Why `count` installments of `amount` are refused, or null when they may be offered. */
export function installmentsRefusal(
  country: Country,
  productType: ProductType,
  amount: number,
  count: number,
): { field: 'installments'; message: string } | null {
  const rule = INSTALLMENT_RULES[country];
  if (!offersInstallments(country, productType) || !rule?.counts.includes(count)) {
    return { field: 'installments', message: PAYMENT_LINK_MESSAGES.installmentsNotOffered };
  }
  const plan = installmentPlan(country, productType, amount, count);
  if (!plan?.available) return { field: 'installments', message: PAYMENT_LINK_MESSAGES.installmentsNotAvailable };
  return null;
}
