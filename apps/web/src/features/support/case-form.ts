import { type Country, CountrySchema } from '@andes/contract/common/countries';
import {
  type CaseType,
  type ProductType,
  ProductTypeSchema,
  productTypesOf,
  type TransactionType,
  TransactionTypeSchema,
} from '@andes/contract/common/enums';
import type { UploadedFile } from '@andes/contract/common/uploads';
import type { CaseDetail, CaseEditRequest, CaseSaveRequest } from '@andes/contract/support/schemas';

/** What the case form holds. */
export interface CaseFormValues {
  country: Country;
  caseType?: CaseType;
  transactionType?: TransactionType;
  productType?: ProductType;
  title?: string;
  description?: string;
  transactionKey?: string;
  e2eId?: string;
  clabe?: string;
  notificationEmail?: string;
  appendices?: UploadedFile[];
}

/** The form's fields a server's field error can name (`fileIds` is the appendices' field). */
export const CASE_FORM_FIELDS = [
  'country',
  'caseType',
  'transactionType',
  'productType',
  'title',
  'description',
  'transactionKey',
  'e2eId',
  'clabe',
  'notificationEmail',
  'appendices',
] as const;
export type CaseFormField = (typeof CASE_FORM_FIELDS)[number];

/** The request's field a form field is sent as. */
export const REQUEST_FIELD_OF: Readonly<Record<string, CaseFormField>> = {
  ...Object.fromEntries(CASE_FORM_FIELDS.map((f) => [f, f])),
  fileIds: 'appendices',
  // An idempotency-key problem is about the transaction's identifiers (a key or an E2E id is needed).
  idempotencyKey: 'e2eId',
};

/** The transaction a case is opened from (the query of the create page), as the form's first values. */
export interface PrefilledTransaction {
  uniqueId: string;
  transactionType?: TransactionType;
  productType?: ProductType;
  country?: Country;
  e2eId?: string;
}

/**
 * The transaction named in the create page's query (`?uniqueId=…&transactionType=…&productType=…&country=…`),
 * each value kept only when the contract knows it; null without a unique id.
 */
export function prefilledOf(params: URLSearchParams): PrefilledTransaction | null {
  const uniqueId = params.get('uniqueId')?.trim();
  if (!uniqueId) return null;
  const transactionType = TransactionTypeSchema.safeParse(params.get('transactionType'));
  const productType = ProductTypeSchema.safeParse(params.get('productType'));
  const country = CountrySchema.safeParse(params.get('country'));
  const e2eId = params.get('e2eId')?.trim();
  return {
    uniqueId,
    ...(transactionType.success ? { transactionType: transactionType.data } : {}),
    ...(productType.success ? { productType: productType.data } : {}),
    ...(country.success ? { country: country.data } : {}),
    ...(e2eId ? { e2eId } : {}),
  };
}

/** The create page's query that opens a case about a transaction. */
export function createCaseQuery(transaction: PrefilledTransaction): string {
  const params = new URLSearchParams({ uniqueId: transaction.uniqueId });
  if (transaction.transactionType) params.set('transactionType', transaction.transactionType);
  if (transaction.productType) params.set('productType', transaction.productType);
  if (transaction.country) params.set('country', transaction.country);
  if (transaction.e2eId) params.set('e2eId', transaction.e2eId);
  return `?${params.toString()}`;
}

/** A new case's first values: the transaction it is about (its type, product type, key), the user's e-mail. */
export function initialCreateValues(country: Country, email: string | null, transaction: PrefilledTransaction | null): CaseFormValues {
  const productType =
    transaction?.productType && productTypesOf(country).includes(transaction.productType) ? transaction.productType : undefined;
  return {
    country,
    ...(transaction ? { caseType: 'TRANSACTIONS' as const, transactionKey: transaction.uniqueId } : {}),
    ...(transaction?.transactionType ? { transactionType: transaction.transactionType } : {}),
    ...(productType ? { productType } : {}),
    ...(transaction?.e2eId ? { e2eId: transaction.e2eId } : {}),
    ...(email ? { notificationEmail: email } : {}),
    appendices: [],
  };
}

/** A case's values in the edit form. */
export function initialEditValues(detail: CaseDetail): CaseFormValues {
  return {
    country: detail.country,
    caseType: detail.caseType,
    ...(detail.transactionType ? { transactionType: detail.transactionType } : {}),
    ...(detail.productType ? { productType: detail.productType } : {}),
    title: detail.title,
    description: detail.description,
    ...(detail.transactionKey ? { transactionKey: detail.transactionKey } : {}),
    ...(detail.e2eId ? { e2eId: detail.e2eId } : {}),
    ...(detail.clabe ? { clabe: detail.clabe } : {}),
    ...(detail.notificationEmail ? { notificationEmail: detail.notificationEmail } : {}),
    appendices: [...detail.appendices],
  };
}

const trimmed = (value: string | undefined) => {
  const v = value?.trim();
  return v ? v : undefined;
};

/** The fields both calls send (text trimmed, empty ones left out; a CLABE only for Mexico). */
function caseFieldsOf(values: CaseFormValues) {
  const transactionKey = trimmed(values.transactionKey);
  const e2eId = trimmed(values.e2eId);
  const clabe = values.country === 'MX' ? trimmed(values.clabe) : undefined;
  const notificationEmail = trimmed(values.notificationEmail);
  return {
    caseType: values.caseType as CaseType,
    ...(values.transactionType ? { transactionType: values.transactionType } : {}),
    ...(values.productType ? { productType: values.productType } : {}),
    title: values.title?.trim() ?? '',
    description: values.description?.trim() ?? '',
    ...(transactionKey ? { transactionKey } : {}),
    ...(e2eId ? { e2eId } : {}),
    ...(clabe ? { clabe } : {}),
    ...(notificationEmail ? { notificationEmail } : {}),
    fileIds: (values.appendices ?? []).map((file) => file.fileId),
  };
}

/** The creation request: the form's values with its idempotency key (one per opening of the form). */
export function saveRequestOf(values: CaseFormValues, idempotencyKey: string): CaseSaveRequest {
  return { idempotencyKey, country: values.country, ...caseFieldsOf(values) };
}

/** The edit request: the form's values, conditional on the version loaded. */
export function editRequestOf(values: CaseFormValues, id: number, version: number): CaseEditRequest {
  return { id, version, ...caseFieldsOf(values) };
}
