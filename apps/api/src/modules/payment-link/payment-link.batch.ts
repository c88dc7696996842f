import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import type { ProductType } from '@andes/contract/common/enums';
import { maxLengthMessage } from '@andes/contract/common/fields';
import { AMOUNT_INVALID_MESSAGE, AMOUNT_REQUIRED_MESSAGE, parseAmountToCents } from '@andes/contract/common/validators';
import {
  PAYMENT_LINK_BATCH_MAX_ROWS,
  PAYMENT_LINK_DESCRIPTION_MAX,
  PAYMENT_LINK_EXPIRY_HOURS,
  PAYMENT_LINK_MESSAGES,
  PAYMENT_LINK_REFERENCE_MAX,
  type PaymentLinkOption,
} from '@andes/contract/payment-link/schemas';
import { z } from 'zod';
import type { BatchColumn, BatchSpec } from '../batch/batch-spec.ts';
import { checkLinkTerms } from './payment-link.rules.ts';

/**
 * The payment-link file of a country (docs/decisions/0021, 0035): one sheet whose columns are the
 * product type (a drop-down of the products the caller's merchant offers links for in the
 * country), the amount, what the payer pays for, the merchant's reference, the expiry in hours,
 * the installments and the payer's e-mail. A row passes the same checks as the single form
 * (payment-link.rules.ts); duplicates of a reference (within the file, against existing links)
 * are the service's, which needs the database.
 */

/** A valid row: what one link of the file asks for. */
export interface PaymentLinkFileRow {
  productType: ProductType;
  /** Cents. */
  amount: number;
  description: string;
  /** '' when none. */
  merchantReference: string;
  expiryHours: number;
  installments: number | null;
  /** '' when none. */
  payerEmail: string;
}

/** The columns the result file adds. */
export const LINK_RESULT_COLUMNS = [
  { key: 'linkId', header: 'Link id', width: 22 },
  { key: 'url', header: 'URL', width: 60 },
] as const;

const CONTROL = /\p{Cc}/u;
const REFERENCE = /^[A-Za-z0-9_-]+$/;
const EXAMPLE_AMOUNT: Readonly<Record<Country, string>> = {
  US: '150.00',
  BR: '150.00',
  MX: '1500.00',
  CO: '250000.00',
  CL: '50000',
  PE: '500.00',
  ZA: '500.00',
};

function columnsOf(country: Country, options: readonly PaymentLinkOption[]): BatchColumn[] {
  const currency = COUNTRY_INFO[country].currency;
  const first = options[0];
  return [
    {
      key: 'productType',
      header: 'Product type',
      example: first?.productType ?? '',
      required: true,
      options: options.map((o) => o.productType),
      hint: 'The payment method the payer uses: one your account offers payment links for in this country',
    },
    { key: 'amount', header: 'Amount', example: EXAMPLE_AMOUNT[country], required: true, hint: `In ${currency}, at most two decimals` },
    {
      key: 'description',
      header: 'Description',
      example: 'Order 1001',
      required: true,
      hint: `What the payer pays for (at most ${PAYMENT_LINK_DESCRIPTION_MAX} characters)`,
    },
    {
      key: 'merchantReference',
      header: 'Merchant reference',
      example: `LINK-${country}-0001`,
      text: true,
      hint: `Optional: your own reference, unique per link (letters, digits, _ or -; at most ${PAYMENT_LINK_REFERENCE_MAX} characters)`,
    },
    {
      key: 'expiryHours',
      header: 'Expiry hours',
      example: String(PAYMENT_LINK_EXPIRY_HOURS.default),
      hint: `Optional: hours the link lives, ${PAYMENT_LINK_EXPIRY_HOURS.min} to ${PAYMENT_LINK_EXPIRY_HOURS.max} (default ${PAYMENT_LINK_EXPIRY_HOURS.default})`,
    },
    { key: 'installments', header: 'Installments', example: '', hint: 'Optional: cards in BR and MX only, the number of installments' },
    { key: 'payerEmail', header: 'Payer e-mail', example: '', text: true, hint: 'Optional: the link is e-mailed to this address' },
  ];
}

const INTEGER = /^[0-9]{1,6}$/;

function rowSchemaOf(
  country: Country,
  columns: readonly BatchColumn[],
  options: readonly PaymentLinkOption[],
): z.ZodType<PaymentLinkFileRow> {
  const byType = new Map(options.map((o) => [o.productType as string, o]));
  const shape = Object.fromEntries(columns.map((c) => [c.key, z.string()]));
  return z.object(shape).transform((cells, ctx): PaymentLinkFileRow => {
    let failed = false;
    const issue = (path: string, message: string) => {
      failed = true;
      ctx.addIssue({ code: 'custom', path: [path], message });
    };
    const productType = (cells.productType ?? '').trim().toUpperCase();
    const option = productType === '' ? undefined : byType.get(productType);
    if (productType === '') issue('productType', 'Please choose the product type');
    else if (!option) issue('productType', PAYMENT_LINK_MESSAGES.productNotOffered);

    const amountText = (cells.amount ?? '').trim();
    const amount = amountText === '' ? null : parseAmountToCents(amountText);
    if (amountText === '') issue('amount', AMOUNT_REQUIRED_MESSAGE);
    else if (amount === null || amount < 1) issue('amount', AMOUNT_INVALID_MESSAGE);

    const description = (cells.description ?? '').trim();
    if (description === '') issue('description', PAYMENT_LINK_MESSAGES.descriptionRequired);
    else if (description.length > PAYMENT_LINK_DESCRIPTION_MAX) issue('description', maxLengthMessage(PAYMENT_LINK_DESCRIPTION_MAX));
    else if (CONTROL.test(description)) issue('description', PAYMENT_LINK_MESSAGES.descriptionRequired);

    const merchantReference = (cells.merchantReference ?? '').trim();
    if (merchantReference.length > PAYMENT_LINK_REFERENCE_MAX) issue('merchantReference', maxLengthMessage(PAYMENT_LINK_REFERENCE_MAX));
    else if (merchantReference !== '' && !REFERENCE.test(merchantReference))
      issue('merchantReference', PAYMENT_LINK_MESSAGES.referenceFormat);

    const expiryText = (cells.expiryHours ?? '').trim();
    const expiryHours = expiryText === '' ? PAYMENT_LINK_EXPIRY_HOURS.default : INTEGER.test(expiryText) ? Number(expiryText) : Number.NaN;
    const expiryOk = expiryHours >= PAYMENT_LINK_EXPIRY_HOURS.min && expiryHours <= PAYMENT_LINK_EXPIRY_HOURS.max;
    if (!expiryOk) issue('expiryHours', PAYMENT_LINK_MESSAGES.expiryRange);

    const installmentsText = (cells.installments ?? '').trim();
    const installments = installmentsText === '' ? null : INTEGER.test(installmentsText) ? Number(installmentsText) : Number.NaN;
    if (installments !== null && Number.isNaN(installments)) issue('installments', PAYMENT_LINK_MESSAGES.installmentsNotOffered);

    const payerEmail = (cells.payerEmail ?? '').trim();
    if (payerEmail !== '' && (payerEmail.length > 254 || !z.email().safeParse(payerEmail).success)) {
      issue('payerEmail', 'Please enter a valid e-mail address');
    }

    if (option && amount !== null && amount >= 1 && (installments === null || !Number.isNaN(installments))) {
      const refused = checkLinkTerms(country, option, amount, installments);
      if (refused) issue(refused.field, refused.message);
    }
    if (failed || !option || amount === null || (installments !== null && Number.isNaN(installments))) return z.NEVER;
    return { productType: option.productType, amount, description, merchantReference, expiryHours, installments, payerEmail };
  }) as unknown as z.ZodType<PaymentLinkFileRow>;
}

/** The batch spec of a country's link file for the products the caller's merchant offers there. */
export function paymentLinkBatchSpec(country: Country, options: readonly PaymentLinkOption[]): BatchSpec<PaymentLinkFileRow> {
  const columns = columnsOf(country, options);
  return {
    sheetName: 'Payment links',
    templateName: `payment-link-batch-template-${country}.xlsx`,
    columns,
    row: rowSchemaOf(country, columns, options),
    outputColumns: LINK_RESULT_COLUMNS,
    maxRows: PAYMENT_LINK_BATCH_MAX_ROWS,
    formulas: 'refuse',
  };
}
