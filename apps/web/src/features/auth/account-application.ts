import { EMAIL_MAX_LENGTH } from '@andes/contract/common/constants';
import type { Country } from '@andes/contract/common/countries';
import type { Product } from '@andes/contract/common/enums';
import { AccountApplicationRequest, type MonthlyVolumeBand, ONBOARDING_LIMITS } from '@andes/contract/onboarding/schemas';
import type { z } from 'zod';
import { serverFieldErrors } from '../../shared/ui/form-errors.ts';

/**
 * The account application form of `/login/registerAccount` as plain logic: what the form holds,
 * how it becomes the contract's request, and which problem each field has (from the contract
 * schema before sending, or from the server's VALIDATION_FAILED answer afterwards).
 */

/** The form's fields in the order the page shows them (the first one with a problem gets focus). */
export const APPLICATION_FIELDS = [
  'companyName',
  'contactName',
  'email',
  'phone',
  'website',
  'countries',
  'products',
  'monthlyVolume',
  'message',
] as const satisfies readonly Exclude<keyof AccountApplicationRequest, 'requestId'>[];
export type ApplicationField = (typeof APPLICATION_FIELDS)[number];

/** What the form holds while the applicant fills it in. */
export interface ApplicationValues {
  companyName: string;
  contactName: string;
  email: string;
  phone: string;
  website: string;
  countries: Country[];
  products: Product[];
  /** Empty until a band is chosen. */
  monthlyVolume: MonthlyVolumeBand | '';
  message: string;
}

export const EMPTY_APPLICATION: Readonly<ApplicationValues> = {
  companyName: '',
  contactName: '',
  email: '',
  phone: '',
  website: '',
  countries: [],
  products: [],
  monthlyVolume: '',
  message: '',
};

/** Longest text each text field takes (the inputs' `maxLength`). */
export const TEXT_LIMITS = {
  companyName: ONBOARDING_LIMITS.companyName,
  contactName: ONBOARDING_LIMITS.contactName,
  email: EMAIL_MAX_LENGTH,
  phone: ONBOARDING_LIMITS.phone,
  website: ONBOARDING_LIMITS.website,
  message: ONBOARDING_LIMITS.message,
} as const;

/** The i18n key (namespace `auth`) of a problem the page states itself. */
export type ApplicationErrorKey =
  | 'apply.error.companyName'
  | 'apply.error.contactName'
  | 'apply.error.emailRequired'
  | 'apply.error.email'
  | 'apply.error.phone'
  | 'apply.error.countries'
  | 'apply.error.products'
  | 'apply.error.monthlyVolume'
  | 'apply.error.tooLong';

/** A field's problem: a message of the page (with the limit for "too long"), or the server's own text. */
export type FieldProblem = { key: ApplicationErrorKey; max?: number } | { text: string };
export type FieldProblems = Partial<Record<ApplicationField, FieldProblem>>;

export type ApplicationCheck = { ok: true; request: z.output<typeof AccountApplicationRequest> } | { ok: false; problems: FieldProblems };

/** The message for an empty or unchosen field. */
const REQUIRED: Readonly<Record<ApplicationField, ApplicationErrorKey | null>> = {
  companyName: 'apply.error.companyName',
  contactName: 'apply.error.contactName',
  email: 'apply.error.emailRequired',
  phone: null,
  website: null,
  countries: 'apply.error.countries',
  products: 'apply.error.products',
  monthlyVolume: 'apply.error.monthlyVolume',
  message: null,
};

/** The message for a value in the wrong form. */
const INVALID: Readonly<Partial<Record<ApplicationField, ApplicationErrorKey>>> = {
  email: 'apply.error.email',
  phone: 'apply.error.phone',
  monthlyVolume: 'apply.error.monthlyVolume',
};

function isField(value: unknown): value is ApplicationField {
  return typeof value === 'string' && (APPLICATION_FIELDS as readonly string[]).includes(value);
}

function isBlank(value: ApplicationValues[ApplicationField]): boolean {
  return typeof value === 'string' ? value.trim() === '' : value.length === 0;
}

function problemOf(field: ApplicationField, issue: z.core.$ZodIssue, values: ApplicationValues): FieldProblem {
  if (issue.code === 'too_big' && typeof values[field] === 'string') return { key: 'apply.error.tooLong', max: Number(issue.maximum) };
  const required = REQUIRED[field];
  if (required && isBlank(values[field])) return { key: required };
  const invalid = INVALID[field] ?? required;
  return invalid ? { key: invalid } : { text: issue.message };
}

/**
 * Checks the form with the contract's request schema. On success, the request to send: values
 * trimmed, optional fields defaulted, and `requestId` — the form's one idempotency id.
 */
export function checkApplication(values: ApplicationValues, requestId: string): ApplicationCheck {
  const parsed = AccountApplicationRequest.safeParse({ ...values, requestId });
  if (parsed.success) return { ok: true, request: parsed.data };
  const problems: FieldProblems = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if (isField(field) && !problems[field]) problems[field] = problemOf(field, issue, values);
  }
  return { ok: false, problems };
}

/** The field problems of the server's VALIDATION_FAILED answer, in its words; empty for any other failure. */
export function serverProblems(error: unknown): FieldProblems {
  const problems: FieldProblems = {};
  for (const { name, errors } of serverFieldErrors(error, APPLICATION_FIELDS)) problems[name[0]] = { text: errors.join(' ') };
  return problems;
}

/** The first field, in page order, that has a problem. */
export function firstProblemField(problems: FieldProblems): ApplicationField | null {
  return APPLICATION_FIELDS.find((field) => problems[field] !== undefined) ?? null;
}

/** `list` with `value` added, or removed when it was there, kept in the order of `all`. */
export function toggled<V extends string>(list: readonly V[], value: V, all: readonly V[]): V[] {
  const next = list.includes(value) ? list.filter((v) => v !== value) : [...list, value];
  return all.filter((v) => next.includes(v));
}
