import { z } from 'zod';
import type { Country, Currency } from '../common/countries.ts';
import { COUNTRY_INFO } from '../common/countries.ts';
import { isClabe, isCnpj, isCpf, isNit, isPixRandomKey, isRut, stripDocumentMask } from '../common/documents.ts';
import type { PixKeyType, ProductType } from '../common/enums.ts';
import { PIX_KEY_TYPES } from '../common/enums.ts';
import { text } from '../common/fields.ts';
import { CPF_CNPJ_MESSAGE, EMAIL_INVALID_MESSAGE, isPayoutPhone, isValidEmail, PAYOUT_PHONE_MESSAGE } from '../common/validators.ts';

/**
 * The payout rails of each country and what each needs of the beneficiary (issue #11, docs/decisions/0025).
 * One description serves the single-payout form (which fields to show), the batch template (its
 * columns), and the server (the same zod schema checks a form's call and a file's row). Every
 * identifier is checked with its register's real rule (common/documents.ts).
 */

/** A beneficiary field a rail may ask for. */
export const BENEFICIARY_FIELDS = [
  'name',
  'documentType',
  'document',
  'pixKeyType',
  'pixKey',
  'bankCode',
  'branch',
  'accountType',
  'accountNo',
  'email',
  'phone',
] as const;
export type BeneficiaryField = (typeof BENEFICIARY_FIELDS)[number];

/** Bank account types a bank-transfer rail offers (the values stored and sent to the platform). */
export const BANK_ACCOUNT_TYPES = ['CHECKING', 'SAVINGS', 'PAYMENT', 'VISTA'] as const;
export type BankAccountType = (typeof BANK_ACCOUNT_TYPES)[number];

export interface PayoutRail {
  country: Country;
  productType: ProductType;
  /** The rail's name as people know it (PIX, TED, SPEI, ACH…): shown next to the product type. */
  method: string;
  currency: Currency;
  /** Amount limits per payout, in cents. */
  minCents: number;
  maxCents: number;
  /** The fields the beneficiary needs, in the order a form and the template show them. */
  fields: readonly BeneficiaryField[];
  /** Fields that may be left empty (the others are required). */
  optional: readonly BeneficiaryField[];
  /** Values offered for the document type, when the rail asks for one. */
  documentTypes?: readonly string[];
  /** Values offered for the account type, when the rail asks for one. */
  accountTypes?: readonly BankAccountType[];
}

const rail = (r: Omit<PayoutRail, 'currency'>): PayoutRail => ({ ...r, currency: COUNTRY_INFO[r.country].currency });

/** Every rail, by country in the selector's order. */
export const PAYOUT_RAILS: readonly PayoutRail[] = [
  rail({
    country: 'US',
    productType: 'BANK_TRANSFER',
    method: 'ACH',
    minCents: 1_000,
    maxCents: 20_000_000,
    fields: ['name', 'bankCode', 'accountType', 'accountNo', 'email'],
    optional: ['email'],
    accountTypes: ['CHECKING', 'SAVINGS'],
  }),
  rail({
    country: 'BR',
    productType: 'PIX',
    method: 'PIX',
    minCents: 1_000,
    maxCents: 5_000_000,
    fields: ['name', 'document', 'pixKeyType', 'pixKey', 'email', 'phone'],
    optional: ['email', 'phone'],
  }),
  rail({
    country: 'BR',
    productType: 'TED',
    method: 'TED',
    minCents: 10_000,
    maxCents: 20_000_000,
    fields: ['name', 'document', 'bankCode', 'branch', 'accountType', 'accountNo', 'email', 'phone'],
    optional: ['email', 'phone'],
    accountTypes: ['CHECKING', 'SAVINGS', 'PAYMENT'],
  }),
  rail({
    country: 'MX',
    productType: 'SPEI',
    method: 'SPEI',
    minCents: 10_000,
    maxCents: 50_000_000,
    fields: ['name', 'accountNo', 'document', 'email', 'phone'],
    optional: ['document', 'email', 'phone'],
  }),
  rail({
    country: 'CO',
    productType: 'CO_BANK_TRANSFER',
    method: 'ACH Colombia',
    minCents: 2_000_000,
    maxCents: 10_000_000_000,
    fields: ['name', 'documentType', 'document', 'bankCode', 'accountType', 'accountNo', 'email', 'phone'],
    optional: ['email', 'phone'],
    documentTypes: ['CC', 'NIT', 'CE', 'PASS'],
    accountTypes: ['CHECKING', 'SAVINGS'],
  }),
  rail({
    country: 'CL',
    productType: 'CL_BANK_TRANSFER',
    method: 'TEF',
    minCents: 500_000,
    maxCents: 5_000_000_000,
    fields: ['name', 'document', 'bankCode', 'accountType', 'accountNo', 'email', 'phone'],
    optional: ['email', 'phone'],
    accountTypes: ['CHECKING', 'SAVINGS', 'VISTA'],
  }),
  rail({
    country: 'PE',
    productType: 'PE_BANK_TRANSFER',
    method: 'CCI',
    minCents: 5_000,
    maxCents: 20_000_000,
    fields: ['name', 'documentType', 'document', 'accountNo', 'email', 'phone'],
    optional: ['email', 'phone'],
    documentTypes: ['DNI', 'RUC', 'CE', 'PASS'],
  }),
  rail({
    country: 'ZA',
    productType: 'BANK_TRANSFER',
    method: 'EFT',
    minCents: 10_000,
    maxCents: 100_000_000,
    fields: ['name', 'bankCode', 'accountType', 'accountNo', 'email'],
    optional: ['email'],
    accountTypes: ['CHECKING', 'SAVINGS'],
  }),
];

export function railsOf(country: Country): readonly PayoutRail[] {
  return PAYOUT_RAILS.filter((r) => r.country === country);
}

export function railOf(country: Country, productType: string): PayoutRail | undefined {
  return PAYOUT_RAILS.find((r) => r.country === country && r.productType === productType);
}

// ---- field rules ---------------------------------------------------------------------------------

export const PAYOUT_FIELD_MESSAGES = {
  required: 'Please fill in this field',
  name: 'Enter the beneficiary name as the bank has it (2 to 128 characters)',
  cpfCnpj: CPF_CNPJ_MESSAGE,
  clabe: 'Enter the 18-digit CLABE with its check digit',
  rfcCurp: 'Enter an RFC (12 or 13 characters) or a CURP (18 characters)',
  cc: 'Enter the CC number: 6 to 10 digits',
  nit: 'Enter the NIT with its check digit: 10 or 11 digits',
  ce: 'Enter the CE number: 6 to 12 letters and digits',
  pass: 'Enter the passport number: 5 to 12 letters and digits',
  rut: 'Enter the RUT with its check digit (0-9 or K), without dots or dash',
  dni: 'Enter the DNI: 8 digits',
  ruc: 'Enter the RUC: 11 digits',
  documentType: 'Choose the document type',
  pixKeyType: 'Choose the PIX key type',
  pixKeyDocument: 'A DOCUMENT key is the beneficiary’s CPF or CNPJ with its check digits',
  pixKeyPhone: 'A PHONE key is +55 followed by the area code and number (or the 11 digits)',
  pixKeyRandom: 'A RANDOM key is the UUID the bank created, like 123e4567-e89b-42d3-a456-426614174000',
  email: EMAIL_INVALID_MESSAGE,
  phone: PAYOUT_PHONE_MESSAGE,
  brBank: 'Enter the bank’s 3-digit COMPE code or 8-digit ISPB',
  brBranch: 'Enter the branch (agência): 1 to 4 digits, without check digit',
  brAccount: 'Enter the account number with its check digit: 1 to 12 digits and an optional -digit or -X',
  coBank: 'Enter the bank code: 2 to 4 digits',
  coAccount: 'Enter the account number: 3 to 18 digits',
  clBank: 'Enter the bank code: 3 digits (SBIF)',
  clAccount: 'Enter the account number: 4 to 20 digits',
  cci: 'Enter the 20-digit CCI (interbank account code)',
  usRouting: 'Enter the 9-digit ABA routing number with its check digit',
  usAccount: 'Enter the account number: 4 to 17 digits',
  zaBranch: 'Enter the 6-digit branch code',
  zaAccount: 'Enter the account number: 7 to 11 digits',
  accountType: 'Choose the account type',
} as const;

/** ABA routing number: 9 digits, 3·(d1+d4+d7) + 7·(d2+d5+d8) + (d3+d6+d9) ≡ 0 (mod 10). */
export function isAbaRouting(value: string): boolean {
  if (!/^[0-9]{9}$/.test(value) || value === '000000000') return false;
  const d = [...value].map(Number);
  const sum =
    3 * ((d[0] ?? 0) + (d[3] ?? 0) + (d[6] ?? 0)) +
    7 * ((d[1] ?? 0) + (d[4] ?? 0) + (d[7] ?? 0)) +
    ((d[2] ?? 0) + (d[5] ?? 0) + (d[8] ?? 0));
  return sum % 10 === 0;
}

const RFC = /^[A-ZÑ&]{3,4}[0-9]{6}[A-Z0-9]{2}[0-9A]$/;
const CURP = /^[A-Z][AEIOUX][A-Z]{2}[0-9]{6}[HMX][A-Z]{2}[B-DF-HJ-NP-TV-Z]{3}[0-9A-Z][0-9]$/;

/**
 * The 11-digit national phone (a Brazilian DDD and number) of spec §5 as the platform needs it: +55
 * before it; an international number stays as typed.
 */
export function phoneE164(phone: string): string {
  return phone.startsWith('+') ? phone : `+55${phone}`;
}

/** The error of one document for a rail (its type decides the rule), or null. */
export function documentError(rail: PayoutRail, documentType: string | undefined, document: string): string | null {
  switch (rail.country) {
    case 'BR':
      return isCpf(document) || isCnpj(document) ? null : PAYOUT_FIELD_MESSAGES.cpfCnpj;
    case 'MX':
      return RFC.test(document) || CURP.test(document) ? null : PAYOUT_FIELD_MESSAGES.rfcCurp;
    case 'CL':
      return isRut(document) ? null : PAYOUT_FIELD_MESSAGES.rut;
    case 'CO':
      if (documentType === 'CC') return /^[0-9]{6,10}$/.test(document) ? null : PAYOUT_FIELD_MESSAGES.cc;
      if (documentType === 'NIT') return isNit(document) ? null : PAYOUT_FIELD_MESSAGES.nit;
      if (documentType === 'CE') return /^[0-9A-Z]{6,12}$/.test(document) ? null : PAYOUT_FIELD_MESSAGES.ce;
      if (documentType === 'PASS') return /^[0-9A-Z]{5,12}$/.test(document) ? null : PAYOUT_FIELD_MESSAGES.pass;
      return PAYOUT_FIELD_MESSAGES.documentType;
    case 'PE':
      if (documentType === 'DNI') return /^[0-9]{8}$/.test(document) ? null : PAYOUT_FIELD_MESSAGES.dni;
      if (documentType === 'RUC') return /^(10|15|17|20)[0-9]{9}$/.test(document) ? null : PAYOUT_FIELD_MESSAGES.ruc;
      if (documentType === 'CE') return /^[0-9A-Z]{6,12}$/.test(document) ? null : PAYOUT_FIELD_MESSAGES.ce;
      if (documentType === 'PASS') return /^[0-9A-Z]{5,12}$/.test(document) ? null : PAYOUT_FIELD_MESSAGES.pass;
      return PAYOUT_FIELD_MESSAGES.documentType;
    default:
      return /^[0-9A-Z]{4,20}$/.test(document) ? null : PAYOUT_FIELD_MESSAGES.required;
  }
}

/** The error of a PIX key of a type, or null. */
export function pixKeyError(type: PixKeyType, key: string): string | null {
  switch (type) {
    case 'DOCUMENT':
      return isCpf(key) || isCnpj(key) ? null : PAYOUT_FIELD_MESSAGES.pixKeyDocument;
    case 'PHONE':
      return /^\+55[1-9][0-9]{9,10}$/.test(key) || /^[1-9][0-9]{10}$/.test(key) ? null : PAYOUT_FIELD_MESSAGES.pixKeyPhone;
    case 'EMAIL':
      return isValidEmail(key) ? null : PAYOUT_FIELD_MESSAGES.email;
    case 'RANDOM':
      return isPixRandomKey(key) ? null : PAYOUT_FIELD_MESSAGES.pixKeyRandom;
  }
}

/** The error of the bank account identifiers of a rail, per field, or none. */
function bankErrors(rail: PayoutRail, b: Beneficiary): Partial<Record<BeneficiaryField, string>> {
  const errors: Partial<Record<BeneficiaryField, string>> = {};
  const bank = b.bankCode ?? '';
  const account = b.accountNo ?? '';
  switch (`${rail.country}:${rail.productType}`) {
    case 'BR:TED':
      if (!/^([0-9]{3}|[0-9]{8})$/.test(bank)) errors.bankCode = PAYOUT_FIELD_MESSAGES.brBank;
      if (!/^[0-9]{1,4}$/.test(b.branch ?? '')) errors.branch = PAYOUT_FIELD_MESSAGES.brBranch;
      if (!/^[0-9]{1,12}(-[0-9X])?$/.test(account)) errors.accountNo = PAYOUT_FIELD_MESSAGES.brAccount;
      break;
    case 'MX:SPEI':
      if (!isClabe(account)) errors.accountNo = PAYOUT_FIELD_MESSAGES.clabe;
      break;
    case 'CO:CO_BANK_TRANSFER':
      if (!/^[0-9]{2,4}$/.test(bank)) errors.bankCode = PAYOUT_FIELD_MESSAGES.coBank;
      if (!/^[0-9]{3,18}$/.test(account)) errors.accountNo = PAYOUT_FIELD_MESSAGES.coAccount;
      break;
    case 'CL:CL_BANK_TRANSFER':
      if (!/^[0-9]{3}$/.test(bank)) errors.bankCode = PAYOUT_FIELD_MESSAGES.clBank;
      if (!/^[0-9]{4,20}$/.test(account)) errors.accountNo = PAYOUT_FIELD_MESSAGES.clAccount;
      break;
    case 'PE:PE_BANK_TRANSFER':
      if (!/^[0-9]{20}$/.test(account)) errors.accountNo = PAYOUT_FIELD_MESSAGES.cci;
      break;
    case 'US:BANK_TRANSFER':
      if (!isAbaRouting(bank)) errors.bankCode = PAYOUT_FIELD_MESSAGES.usRouting;
      if (!/^[0-9]{4,17}$/.test(account)) errors.accountNo = PAYOUT_FIELD_MESSAGES.usAccount;
      break;
    case 'ZA:BANK_TRANSFER':
      if (!/^[0-9]{6}$/.test(bank)) errors.bankCode = PAYOUT_FIELD_MESSAGES.zaBranch;
      if (!/^[0-9]{7,11}$/.test(account)) errors.accountNo = PAYOUT_FIELD_MESSAGES.zaAccount;
      break;
  }
  return errors;
}

// ---- the beneficiary -------------------------------------------------------------------------------

/** A payout beneficiary as stored and sent to the platform: masks removed, identifiers upper-cased. */
export interface Beneficiary {
  name: string;
  documentType?: string;
  document?: string;
  pixKeyType?: PixKeyType;
  pixKey?: string;
  bankCode?: string;
  branch?: string;
  accountType?: BankAccountType;
  accountNo?: string;
  email?: string;
  phone?: string;
}

/** Beneficiary fields as typed (a form's values, a file's cells): texts, possibly empty. */
export type BeneficiaryInput = Partial<Record<BeneficiaryField, string | undefined>>;

const IDENTIFIERS: readonly BeneficiaryField[] = ['document', 'bankCode', 'branch', 'accountNo'];

/** What is kept of a typed value: trimmed; identifiers without masks and upper-cased; the PIX key per its type. */
export function cleanBeneficiaryValue(field: BeneficiaryField, value: string, pixKeyType?: string): string {
  const trimmed = value.trim();
  if (field === 'accountNo') return trimmed.replace(/[\s.]/g, '').toUpperCase();
  if (IDENTIFIERS.includes(field)) return stripDocumentMask(trimmed);
  if (field === 'documentType' || field === 'pixKeyType' || field === 'accountType') return trimmed.toUpperCase();
  if (field === 'pixKey') {
    if (pixKeyType === 'DOCUMENT') return stripDocumentMask(trimmed);
    if (pixKeyType === 'PHONE') return trimmed.replace(/[\s()-]/g, '');
    if (pixKeyType === 'EMAIL' || pixKeyType === 'RANDOM') return trimmed.toLowerCase();
  }
  if (field === 'phone') return trimmed.replace(/[\s()-]/g, '');
  if (field === 'email') return trimmed.toLowerCase();
  return trimmed;
}

/**
 * Checks a typed beneficiary against its rail: answers the cleaned beneficiary, or an error per
 * field (the message a person can act on). The form shows each next to its field; a file's row
 * lists them in the Error column; the server refuses the same input with the same words.
 */
export function checkBeneficiary(
  rail: PayoutRail,
  input: BeneficiaryInput,
): { ok: true; value: Beneficiary } | { ok: false; errors: Partial<Record<BeneficiaryField, string>> } {
  const errors: Partial<Record<BeneficiaryField, string>> = {};
  const pixKeyType = (input.pixKeyType ?? '').trim().toUpperCase();
  const out: Record<string, string> = {};
  for (const field of rail.fields) {
    const raw = input[field] ?? '';
    const value = cleanBeneficiaryValue(field, raw, pixKeyType);
    if (value === '') {
      if (!rail.optional.includes(field)) errors[field] = PAYOUT_FIELD_MESSAGES.required;
      continue;
    }
    if (value.length > 128 || !/^[^\p{Cc}]*$/u.test(value)) {
      errors[field] = field === 'name' ? PAYOUT_FIELD_MESSAGES.name : PAYOUT_FIELD_MESSAGES.required;
      continue;
    }
    out[field] = value;
  }
  if (out.name !== undefined && out.name.length < 2) errors.name = PAYOUT_FIELD_MESSAGES.name;
  if (out.documentType !== undefined && !(rail.documentTypes ?? []).includes(out.documentType))
    errors.documentType = PAYOUT_FIELD_MESSAGES.documentType;
  if (out.accountType !== undefined && !(rail.accountTypes ?? []).includes(out.accountType as BankAccountType)) {
    errors.accountType = PAYOUT_FIELD_MESSAGES.accountType;
  }
  if (out.document !== undefined && errors.documentType === undefined) {
    const error = documentError(rail, out.documentType, out.document);
    if (error) errors.document = error;
  }
  if (rail.fields.includes('pixKeyType') && out.pixKeyType !== undefined) {
    if (!(PIX_KEY_TYPES as readonly string[]).includes(out.pixKeyType)) errors.pixKeyType = PAYOUT_FIELD_MESSAGES.pixKeyType;
    else if (out.pixKey !== undefined) {
      const error = pixKeyError(out.pixKeyType as PixKeyType, out.pixKey);
      if (error) errors.pixKey = error;
      else if (out.pixKeyType === 'PHONE') out.pixKey = phoneE164(out.pixKey);
    }
  }
  if (out.email !== undefined && !isValidEmail(out.email)) errors.email = PAYOUT_FIELD_MESSAGES.email;
  if (out.phone !== undefined && !isPayoutPhone(out.phone)) errors.phone = PAYOUT_FIELD_MESSAGES.phone;
  for (const [field, message] of Object.entries(bankErrors(rail, out as unknown as Beneficiary))) {
    if (errors[field as BeneficiaryField] === undefined && out[field] !== undefined) errors[field as BeneficiaryField] = message;
  }
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, value: out as unknown as Beneficiary };
}

/**
 * The key two payouts to the same beneficiary share (duplicate detection): the rail and the
 * account that receives the money — PIX key, or bank, branch and account.
 */
export function beneficiaryKey(productType: string, b: Beneficiary): string {
  if (b.pixKey !== undefined) return `${productType}|pix|${b.pixKeyType ?? ''}|${b.pixKey}`;
  return `${productType}|acct|${b.bankCode ?? ''}|${b.branch ?? ''}|${b.accountNo ?? ''}`;
}

/** The beneficiary on the wire (answers): every field optional but the name. */
export const BeneficiarySchema = z.object({
  name: z.string(),
  documentType: z.string().optional(),
  document: z.string().optional(),
  pixKeyType: z.enum(PIX_KEY_TYPES).optional(),
  pixKey: z.string().optional(),
  bankCode: z.string().optional(),
  branch: z.string().optional(),
  accountType: z.enum(BANK_ACCOUNT_TYPES).optional(),
  accountNo: z.string().optional(),
  email: z.string().optional(),
  phone: z.string().optional(),
});

/** The beneficiary in a request: typed texts, checked against the rail by the request's schema. */
export const BeneficiaryInputSchema = z
  .object(
    Object.fromEntries(BENEFICIARY_FIELDS.map((f) => [f, text().max(256).optional()])) as Record<
      BeneficiaryField,
      z.ZodOptional<ReturnType<typeof text>>
    >,
  )
  .strict();
