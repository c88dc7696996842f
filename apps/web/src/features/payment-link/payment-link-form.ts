import type { UploadedFile } from '@andes/contract/common/uploads';
import { type AmountLimits, parseAmountToCents } from '@andes/contract/common/validators';
import {
  type InstallmentsPlan,
  PAYMENT_LINK_EXPIRY_HOURS,
  type PaymentLinkCountryOptions,
  type PaymentLinkGenerateRequest,
  type PaymentLinkOption,
} from '@andes/contract/payment-link/schemas';
import { amountProblem as sharedAmountProblem } from '../../shared/form/amount-input.ts';

/** The generate form as antd holds it (texts as typed). */
export interface GenerateLinkValues {
  productType?: string;
  amount?: string;
  description?: string;
  merchantReference?: string;
  expiryHours?: number;
  /** 1: paid at once; 2–24: the installments offered. */
  installments?: number;
  appendixFileIds?: UploadedFile[];
  payerEmail?: string;
}

/** The installments choice that means "pay at once". */
export const PAY_AT_ONCE = 1;

/** The form's first values: the first product, 3 days, paid at once. */
export function initialValues(options: readonly PaymentLinkOption[]): GenerateLinkValues {
  return {
    ...(options[0] ? { productType: options[0].productType } : {}),
    expiryHours: PAYMENT_LINK_EXPIRY_HOURS.default,
    installments: PAY_AT_ONCE,
    appendixFileIds: [],
  };
}

/** The amount limits of a product option in its country's currency. */
export function limitsOf(currency: PaymentLinkCountryOptions['currency'], option: PaymentLinkOption): AmountLimits {
  return { currency, minCents: option.minAmount, ...(option.maxAmount === null ? {} : { maxCents: option.maxAmount }) };
}

/** What is wrong with a typed amount for an option, or null: empty, not an amount, or outside the option's range. */
export function amountProblem(limits: AmountLimits, text: string | undefined): 'required' | 'invalid' | 'range' | null {
  return sharedAmountProblem(text, limits);
}

/** The cents of a typed amount when it is a valid amount for the option; else null (no plan is asked for). */
export function validAmountCents(limits: AmountLimits, text: string | undefined): number | null {
  return amountProblem(limits, text) === null ? parseAmountToCents(text ?? '') : null;
}

/** The call's fields of a valid form; null while the amount is not one. */
export function generateRequest(
  country: PaymentLinkCountryOptions['country'],
  option: PaymentLinkOption,
  values: GenerateLinkValues,
  requestId: string,
): PaymentLinkGenerateRequest | null {
  const cents = parseAmountToCents(values.amount ?? '');
  if (cents === null) return null;
  const installments = option.installments && (values.installments ?? PAY_AT_ONCE) > PAY_AT_ONCE ? values.installments : undefined;
  return {
    requestId,
    country,
    productType: option.productType,
    amount: cents,
    description: (values.description ?? '').trim(),
    merchantReference: (values.merchantReference ?? '').trim(),
    expiryHours: values.expiryHours ?? PAYMENT_LINK_EXPIRY_HOURS.default,
    ...(installments === undefined ? {} : { installments }),
    appendixFileIds: (values.appendixFileIds ?? []).map((file) => file.fileId),
    payerEmail: (values.payerEmail ?? '').trim(),
  };
}

/** The installments choice still valid for the plans of the amount: a plan not (or no longer) available falls back to paying at once. */
export function keptInstallments(chosen: number | undefined, plans: readonly InstallmentsPlan[] | undefined): number {
  if (chosen === undefined || chosen === PAY_AT_ONCE) return PAY_AT_ONCE;
  return plans?.some((plan) => plan.count === chosen && plan.available) ? chosen : PAY_AT_ONCE;
}

/** The form fields a server issue may name (first segment of its path). */
export const GENERATE_FIELDS = [
  'productType',
  'amount',
  'description',
  'merchantReference',
  'expiryHours',
  'installments',
  'appendixFileIds',
  'payerEmail',
] as const;

/** A file name for the QR code of a link: `payment-link-<linkId>.png`. */
export function qrFileName(linkId: string): string {
  return `payment-link-${linkId.replace(/[^A-Za-z0-9_-]/g, '')}.png`;
}
