import { PAYOUT_BATCH_MAX_ROWS } from '@andes/contract/common/constants';
import { COUNTRY_INFO, type Country } from '@andes/contract/common/countries';
import { PIX_KEY_TYPES } from '@andes/contract/common/enums';
import { maxLengthMessage } from '@andes/contract/common/fields';
import { formatCents } from '@andes/contract/common/money';
import { AMOUNT_INVALID_MESSAGE, AMOUNT_REQUIRED_MESSAGE, parseAmountToCents } from '@andes/contract/common/validators';
import { railAmountMessage } from '@andes/contract/payout/amounts';
import {
  BENEFICIARY_FIELDS,
  type Beneficiary,
  type BeneficiaryField,
  type BeneficiaryInput,
  checkBeneficiary,
  PAYOUT_FIELD_MESSAGES,
  type PayoutRail,
  railOf,
  railsOf,
} from '@andes/contract/payout/rails';
import { PAYOUT_MESSAGES } from '@andes/contract/payout/schemas';
import { z } from 'zod';
import type { BatchColumn, BatchSpec } from '../batch/batch-spec.ts';

/**
 * The payout file of a country (issue #11 item 3; docs/decisions/0021, 0025): one sheet whose
 * columns are the product type (a drop-down of the country's rails), the amount, the merchant's
 * reference, then every beneficiary field any of the country's rails needs — a row fills those of
 * its rail. Identifiers are text cells (leading zeros kept); formulas are refused. A row passes
 * through the same checks as the single payout form (rails.ts checkBeneficiary, the rail's
 * amount limits), each error naming its column.
 */

/** A valid row: what one payout of the file asks for. */
export interface PayoutFileRow {
  productType: string;
  /** Cents. */
  amount: number;
  /** As typed (trimmed); empty when the row leaves it to Andes. */
  merchantReference: string;
  beneficiary: Beneficiary;
}

export const PAYOUT_REFERENCE_MAX_LENGTH = 64;

/** The output columns of the result file. */
export const PAYOUT_RESULT_COLUMNS = [
  { key: 'uniqueId', header: 'Payout unique id', width: 26 },
  { key: 'status', header: 'Status', width: 40 },
] as const;

const HEADERS: Readonly<Record<BeneficiaryField, string>> = {
  name: 'Beneficiary name',
  documentType: 'Document type',
  document: 'Document number',
  pixKeyType: 'PIX key type',
  pixKey: 'PIX key',
  bankCode: 'Bank code',
  branch: 'Branch',
  accountType: 'Account type',
  accountNo: 'Account number',
  email: 'E-mail',
  phone: 'Phone',
};

/** Identifiers kept as typed: formatted as text in the template. */
const TEXT_FIELDS: ReadonlySet<BeneficiaryField> = new Set(['document', 'pixKey', 'bankCode', 'branch', 'accountNo', 'phone']);

/** The format of each field per country, shown as the header's note. */
const HINTS: Readonly<Record<Country, Partial<Record<BeneficiaryField, string>>>> = {
  US: {
    bankCode: 'ABA routing number: 9 digits with its check digit, like 011000015',
    accountNo: 'Account number: 4 to 17 digits',
  },
  BR: {
    document: 'CPF (11 digits) or CNPJ (14 characters) with its check digits, without dots, slashes or dashes',
    pixKeyType: 'PIX only: DOCUMENT, PHONE, EMAIL or RANDOM',
    pixKey: 'PIX only: the key of its type (a CPF/CNPJ, +55 and the phone number, an e-mail, or the UUID the bank made)',
    bankCode: 'TED only: the bank’s 3-digit COMPE code or 8-digit ISPB',
    branch: 'TED only: the branch (agência), 1 to 4 digits, without check digit',
    accountType: 'TED only',
    accountNo: 'TED only: the account number with its check digit, like 12345-6',
    phone: '11 digits (area code and number), or + and the country code',
  },
  MX: {
    accountNo: 'CLABE: 18 digits with its check digit',
    document: 'Optional: RFC (12 or 13 characters) or CURP (18 characters)',
    phone: '11 digits, or + and the country code',
  },
  CO: {
    document: 'CC 6 to 10 digits; NIT 10 or 11 digits with its check digit; CE or PASS letters and digits',
    bankCode: 'Bank code: 2 to 4 digits',
    accountNo: 'Account number: 3 to 18 digits',
    phone: '11 digits, or + and the country code',
  },
  CL: {
    document: 'RUT with its check digit (0-9 or K), without dots or dash: 12.345.678-5 is 123456785',
    bankCode: 'Bank code: 3 digits (SBIF)',
    accountNo: 'Account number: 4 to 20 digits',
    phone: '11 digits, or + and the country code',
  },
  PE: {
    document: 'DNI 8 digits; RUC 11 digits; CE or PASS letters and digits',
    accountNo: 'CCI: the 20-digit interbank account code',
    phone: '11 digits, or + and the country code',
  },
  ZA: {
    bankCode: 'Branch code: 6 digits',
    accountNo: 'Account number: 7 to 11 digits',
  },
};

/** A valid example row of each country, for its first rail (the template's Example sheet). */
const EXAMPLES: Readonly<Record<Country, { amount: string; beneficiary: BeneficiaryInput }>> = {
  US: {
    amount: '150.00',
    beneficiary: {
      name: 'John Smith',
      bankCode: '011000015',
      accountType: 'CHECKING',
      accountNo: '123456789',
      email: 'john.smith@example.com',
    },
  },
  BR: {
    amount: '150.00',
    beneficiary: {
      name: 'Maria Silva',
      document: '12345678909',
      pixKeyType: 'EMAIL',
      pixKey: 'maria.silva@example.com',
      email: 'maria.silva@example.com',
      phone: '11987654321',
    },
  },
  MX: {
    amount: '1500.00',
    beneficiary: { name: 'Juan Pérez', accountNo: '032180000118359719', document: 'PEPJ800101AB1', email: 'juan.perez@example.com' },
  },
  CO: {
    amount: '250000.00',
    beneficiary: {
      name: 'Camila Gómez',
      documentType: 'CC',
      document: '1020304050',
      bankCode: '007',
      accountType: 'SAVINGS',
      accountNo: '12345678901',
    },
  },
  CL: {
    amount: '50000',
    beneficiary: { name: 'Diego Muñoz', document: '123456785', bankCode: '012', accountType: 'VISTA', accountNo: '123456789' },
  },
  PE: {
    amount: '500.00',
    beneficiary: { name: 'Lucía Quispe', documentType: 'DNI', document: '12345678', accountNo: '00219300123456789012' },
  },
  ZA: {
    amount: '500.00',
    beneficiary: { name: 'Thabo Nkosi', bankCode: '250655', accountType: 'CHECKING', accountNo: '1234567890' },
  },
};

/** The beneficiary fields any rail of the country asks for, in the form's order. */
export function countryFields(country: Country): BeneficiaryField[] {
  const rails = railsOf(country);
  return BENEFICIARY_FIELDS.filter((f) => rails.some((r) => r.fields.includes(f)));
}

const unique = <T>(values: readonly T[]) => [...new Set(values)];

function amountHint(country: Country): string {
  const currency = COUNTRY_INFO[country].currency;
  const limits = railsOf(country)
    .map(
      (r) =>
        `${r.productType} ${formatCents(r.minCents, currency, { symbol: false })} to ${formatCents(r.maxCents, currency, { symbol: false })}`,
    )
    .join('; ');
  return `In ${currency}, at most two decimals, like 150.00 (${limits})`;
}

function columnsOf(country: Country): BatchColumn[] {
  const rails = railsOf(country);
  const first = rails[0] as PayoutRail;
  const example = EXAMPLES[country];
  const hints = HINTS[country];
  const fieldColumns = countryFields(country).map((field): BatchColumn => {
    const options =
      field === 'documentType'
        ? unique(rails.flatMap((r) => r.documentTypes ?? []))
        : field === 'accountType'
          ? unique(rails.flatMap((r) => r.accountTypes ?? []))
          : field === 'pixKeyType'
            ? [...PIX_KEY_TYPES]
            : undefined;
    const required = rails.every((r) => r.fields.includes(field) && !r.optional.includes(field));
    const hint = hints[field] ?? (rails.every((r) => r.optional.includes(field) || !r.fields.includes(field)) ? 'Optional' : undefined);
    return {
      key: field,
      header: HEADERS[field],
      example: example.beneficiary[field] ?? '',
      ...(required ? { required } : {}),
      ...(options ? { options } : {}),
      ...(TEXT_FIELDS.has(field) ? { text: true } : {}),
      ...(hint ? { hint } : {}),
    };
  });
  return [
    {
      key: 'productType',
      header: 'Product type',
      example: first.productType,
      required: true,
      options: rails.map((r) => r.productType),
      hint: `The payout method: ${rails.map((r) => `${r.productType} (${r.method})`).join(', ')}`,
    },
    { key: 'amount', header: 'Amount', example: example.amount, required: true, hint: amountHint(country) },
    {
      key: 'merchantReference',
      header: 'Merchant reference',
      example: `PAY-${country}-0001`,
      text: true,
      hint: `Optional: your own reference, unique per payout (at most ${PAYOUT_REFERENCE_MAX_LENGTH} characters); left empty, Andes makes one`,
    },
    ...fieldColumns,
  ];
}

const CONTROL = /\p{Cc}/u;

/** The row schema of a country: texts keyed by column → a payout, or an issue per column. */
function rowSchemaOf(country: Country, columns: readonly BatchColumn[]): z.ZodType<PayoutFileRow> {
  const shape = Object.fromEntries(columns.map((c) => [c.key, z.string()]));
  return z.object(shape).transform((cells, ctx): PayoutFileRow => {
    const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message });
    const productType = (cells.productType ?? '').trim().toUpperCase();
    const rail = productType === '' ? undefined : railOf(country, productType);
    if (productType === '') issue('productType', PAYOUT_FIELD_MESSAGES.required);
    else if (!rail) issue('productType', PAYOUT_MESSAGES.noRail(productType, country));

    const amountText = (cells.amount ?? '').trim();
    const amount = amountText === '' ? null : parseAmountToCents(amountText);
    if (amountText === '') issue('amount', AMOUNT_REQUIRED_MESSAGE);
    else if (amount === null) issue('amount', AMOUNT_INVALID_MESSAGE);
    else if (rail && (amount < rail.minCents || amount > rail.maxCents)) issue('amount', railAmountMessage(rail));

    const merchantReference = (cells.merchantReference ?? '').trim();
    if (merchantReference.length > PAYOUT_REFERENCE_MAX_LENGTH) issue('merchantReference', maxLengthMessage(PAYOUT_REFERENCE_MAX_LENGTH));
    else if (CONTROL.test(merchantReference)) issue('merchantReference', PAYOUT_FIELD_MESSAGES.required);

    let beneficiary: Beneficiary | null = null;
    if (rail) {
      const input: BeneficiaryInput = {};
      for (const field of rail.fields) input[field] = cells[field] ?? '';
      const checked = checkBeneficiary(rail, input);
      if (checked.ok) beneficiary = checked.value;
      else for (const field of rail.fields) if (checked.errors[field]) issue(field, checked.errors[field]);
    }
    if (!rail || amount === null || beneficiary === null) return z.NEVER;
    return { productType, amount, merchantReference, beneficiary };
  }) as unknown as z.ZodType<PayoutFileRow>;
}

const specs = new Map<Country, BatchSpec<PayoutFileRow>>();

/** The batch spec of a country's payout file (built once per country). */
export function payoutBatchSpec(country: Country): BatchSpec<PayoutFileRow> {
  let spec = specs.get(country);
  if (!spec) {
    const columns = columnsOf(country);
    spec = {
      sheetName: 'Payouts',
      templateName: `payout-batch-template-${country}.xlsx`,
      columns,
      row: rowSchemaOf(country, columns),
      outputColumns: PAYOUT_RESULT_COLUMNS,
      maxRows: PAYOUT_BATCH_MAX_ROWS,
      formulas: 'refuse',
    };
    specs.set(country, spec);
  }
  return spec;
}

/** The example row of a country's template as the cells of an upload (tests check it is valid). */
export function exampleCells(country: Country): Record<string, string> {
  return Object.fromEntries(payoutBatchSpec(country).columns.map((c) => [c.key, String(c.example)]));
}
