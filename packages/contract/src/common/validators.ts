import { z } from 'zod';
import {
  AMOUNT_MAX_DECIMALS,
  ATTACHMENT_MAX_BYTES,
  BATCH_UPLOAD_EXTENSION,
  CNPJ_LENGTH,
  CPF_LENGTH,
  E164_MAX_DIGITS,
  E164_MIN_DIGITS,
  EMAIL_LOCAL_MAX_LENGTH,
  EMAIL_MAX_LENGTH,
  LIST_INPUT_ENTRY_MAX,
  MAX_AMOUNT_CENTS,
  MFA_CODE_LENGTH,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  PAYOUT_PHONE_NATIONAL_LENGTH,
  UPLOADER_DEFAULT_MAX_FILES,
} from './constants.ts';
import type { Currency } from './countries.ts';
import { isCnpj, isCpf } from './documents.ts';
import { text } from './fields.ts';
import { formatCents } from './money.ts';

/**
 * The input rules of spec §5, each as a pure function (the web runs it as the user types; the
 * server runs the same code) and, for inputs, as a zod schema with an English message.
 */

/** Full-width digits (as typed with a CJK input method) become ASCII digits. */
function toAsciiDigits(text: string): string {
  return text.replace(/[\uFF10-\uFF19]/g, (c) => String.fromCharCode(c.charCodeAt(0) - 0xfee0));
}

// ---------------------------------------------------------------------------------------------
// Password
// ---------------------------------------------------------------------------------------------

/** The password policy as a checklist, in the order the UI lists it. */
export const PASSWORD_RULES = ['MIN_LENGTH', 'UPPERCASE', 'LOWERCASE', 'DIGIT', 'MAX_LENGTH'] as const;
export type PasswordRule = (typeof PASSWORD_RULES)[number];

export const PASSWORD_RULE_MESSAGES: Readonly<Record<PasswordRule, string>> = {
  MIN_LENGTH: `At least ${PASSWORD_MIN_LENGTH} characters`,
  UPPERCASE: 'At least one upper-case letter',
  LOWERCASE: 'At least one lower-case letter',
  DIGIT: 'At least one number',
  MAX_LENGTH: `At most ${PASSWORD_MAX_LENGTH} characters`,
};

export const PASSWORD_MISMATCH_MESSAGE = 'The two passwords do not match';

/**
 * The rules a new password does not meet, in checklist order; empty when it is acceptable.
 * Length counts characters (code points); letters are any script's upper/lower case letters
 * (so `Ñ` and `é` count), numbers are 0–9.
 */
export function unmetPasswordRules(password: string): PasswordRule[] {
  const length = [...password].length;
  const unmet: PasswordRule[] = [];
  if (length < PASSWORD_MIN_LENGTH) unmet.push('MIN_LENGTH');
  if (!/\p{Lu}/u.test(password)) unmet.push('UPPERCASE');
  if (!/\p{Ll}/u.test(password)) unmet.push('LOWERCASE');
  if (!/[0-9]/.test(password)) unmet.push('DIGIT');
  if (length > PASSWORD_MAX_LENGTH) unmet.push('MAX_LENGTH');
  return unmet;
}

export function isStrongPassword(password: string): boolean {
  return unmetPasswordRules(password).length === 0;
}

/** A new password: one issue per unmet rule, each with the rule's message. */
export const NewPasswordSchema = text().superRefine((value, ctx) => {
  for (const rule of unmetPasswordRules(value)) {
    ctx.addIssue({ code: 'custom', message: PASSWORD_RULE_MESSAGES[rule], params: { rule } });
  }
});

/**
 * Refinement for any object with `newPassword` and `confirmPassword`: the confirmation must
 * match, reported on `confirmPassword`. Use as `.superRefine(checkPasswordConfirmation)`.
 */
export function checkPasswordConfirmation(value: { newPassword: string; confirmPassword: string }, ctx: z.RefinementCtx): void {
  if (value.newPassword !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', message: PASSWORD_MISMATCH_MESSAGE, path: ['confirmPassword'] });
  }
}

/** The new-password pair of the reset and change forms. */
export const NewPasswordPairSchema = z
  .object({ newPassword: NewPasswordSchema, confirmPassword: text() })
  .superRefine(checkPasswordConfirmation);
export type NewPasswordPair = z.infer<typeof NewPasswordPairSchema>;

// ---------------------------------------------------------------------------------------------
// E-mail
// ---------------------------------------------------------------------------------------------

export const EMAIL_INVALID_MESSAGE = 'Please enter the correct email';

/** Local part: word characters (letters, digits, underscore) plus `+` and `-`, dots between runs. */
const EMAIL_LOCAL = /^[\w+-]+(?:\.[\w+-]+)*$/;
/** A domain label: letters, digits or CJK characters, hyphens inside only. */
const EMAIL_LABEL = /^[A-Za-z0-9\p{Script=Han}](?:[A-Za-z0-9\p{Script=Han}-]{0,61}[A-Za-z0-9\p{Script=Han}])?$/u;
/** The last label: 2–6 letters or 2–3 CJK characters (spec §5). */
const EMAIL_SUFFIX = /^(?:[A-Za-z]{2,6}|\p{Script=Han}{2,3})$/u;

/**
 * True for an address as spec §5 describes it: `local@domain.suffix`. Andes also accepts `+` and
 * `-` in the local part (common in real addresses) and rejects leading, trailing or doubled dots.
 */
export function isValidEmail(email: string): boolean {
  if (email.length > EMAIL_MAX_LENGTH) return false;
  const at = email.indexOf('@');
  if (at <= 0 || at !== email.lastIndexOf('@')) return false;
  const local = email.slice(0, at);
  const labels = email.slice(at + 1).split('.');
  const suffix = labels.at(-1) ?? '';
  return (
    local.length <= EMAIL_LOCAL_MAX_LENGTH &&
    EMAIL_LOCAL.test(local) &&
    labels.length >= 2 &&
    labels.every((l) => EMAIL_LABEL.test(l)) &&
    EMAIL_SUFFIX.test(suffix)
  );
}

/** An e-mail input; surrounding spaces are trimmed. */
export const EmailSchema = text().trim().refine(isValidEmail, EMAIL_INVALID_MESSAGE);

// ---------------------------------------------------------------------------------------------
// MFA code
// ---------------------------------------------------------------------------------------------

export const MFA_CODE_MESSAGE = `Please enter the ${MFA_CODE_LENGTH}-digit verification code`;

/** What the MFA input keeps of what was typed or pasted: digits only (full-width ones converted), at most 6. */
export function normalizeMfaCode(input: string): string {
  return toAsciiDigits(input)
    .replace(/[^0-9]/g, '')
    .slice(0, MFA_CODE_LENGTH);
}

/** True when the code has all 6 digits: the panel submits it at once. */
export function isCompleteMfaCode(code: string): boolean {
  return code.length === MFA_CODE_LENGTH && /^[0-9]+$/.test(code);
}

export const MfaCodeSchema = text().refine(isCompleteMfaCode, MFA_CODE_MESSAGE);

// ---------------------------------------------------------------------------------------------
// Payout beneficiary: CPF/CNPJ and phone
// ---------------------------------------------------------------------------------------------

export const CPF_CNPJ_MESSAGE = `Enter a valid CPF (${CPF_LENGTH} digits) or CNPJ (${CNPJ_LENGTH} letters and digits), with its check digits and without dots, slashes or dashes`;

/**
 * A Brazilian document of a payout beneficiary: a CPF (11 digits) or a CNPJ (14 characters, the
 * first 12 letters or digits since the alphanumeric CNPJ of July 2026), each with valid check
 * digits, and nothing else — no dots, slashes or dashes. Spec §5 says "11 or 14 digits only",
 * which would refuse every new CNPJ and accept mistyped ones: docs/decisions/0024.
 */
export function isCpfOrCnpj(document: string): boolean {
  return isCpf(document) || isCnpj(document);
}

export const CpfCnpjSchema = text().trim().refine(isCpfOrCnpj, CPF_CNPJ_MESSAGE);

export const PAYOUT_PHONE_MESSAGE = `Enter an ${PAYOUT_PHONE_NATIONAL_LENGTH}-digit phone number, or include the country code (+ and ${E164_MIN_DIGITS} to ${E164_MAX_DIGITS} digits)`;

const E164 = new RegExp(`^\\+[1-9][0-9]{${E164_MIN_DIGITS - 1},${E164_MAX_DIGITS - 1}}$`);
const NATIONAL_PHONE = new RegExp(`^[0-9]{${PAYOUT_PHONE_NATIONAL_LENGTH}}$`);

/**
 * A payout phone: exactly 11 digits (a Brazilian DDD and mobile number, no country code), or an
 * international number in E.164 form — `+`, a country code not starting with 0, 8 to 15 digits in
 * all. No spaces, dashes or brackets.
 */
export function isPayoutPhone(phone: string): boolean {
  return NATIONAL_PHONE.test(phone) || E164.test(phone);
}

export const PayoutPhoneSchema = text().trim().refine(isPayoutPhone, PAYOUT_PHONE_MESSAGE);

// ---------------------------------------------------------------------------------------------
// Amounts
// ---------------------------------------------------------------------------------------------

/**
 * What an amount input keeps of what was typed (spec §5): full-width periods (`。` `．`) become
 * `.`, full-width digits become ASCII, every other character but digits and `.` goes, leading
 * dots go, only the first dot stays, and at most two decimals. Idempotent.
 */
export function normalizeAmountInput(raw: string): string {
  const kept = toAsciiDigits(raw)
    .replace(/[。．]/g, '.')
    .replace(/[^0-9.]/g, '')
    .replace(/^\.+/, '');
  const dot = kept.indexOf('.');
  if (dot < 0) return kept;
  const decimals = kept
    .slice(dot + 1)
    .replace(/\./g, '')
    .slice(0, AMOUNT_MAX_DECIMALS);
  return `${kept.slice(0, dot)}.${decimals}`;
}

const AMOUNT_TEXT = new RegExp(`^([0-9]+)(?:\\.([0-9]{0,${AMOUNT_MAX_DECIMALS}}))?$`);

/**
 * The cents of an amount in units typed as text (`12`, `12.`, `12.3`, `0.05`), by string
 * arithmetic; null for anything else (empty, signs, more than two decimals, beyond a safe integer).
 */
export function parseAmountToCents(text: string): number | null {
  const m = AMOUNT_TEXT.exec(text.trim());
  if (!m) return null;
  const digits = `${m[1]}${(m[2] ?? '').padEnd(AMOUNT_MAX_DECIMALS, '0')}`.replace(/^0+(?=[0-9])/, '');
  const cents = Number(digits);
  return Number.isSafeInteger(cents) && cents <= MAX_AMOUNT_CENTS ? cents : null;
}

export interface AmountLimits {
  currency: Currency;
  /** Smallest amount in cents (default 1 cent). */
  minCents?: number;
  /** Largest amount in cents, when the field has one. */
  maxCents?: number;
}

export const AMOUNT_REQUIRED_MESSAGE = 'Please enter the amount';
export const AMOUNT_INVALID_MESSAGE = 'Please enter a valid amount';

/**
 * The message an out-of-range amount shows (spec §5): "Minimum amount is 1.00 BRL", or with a
 * maximum "Amount must be between 1.00 and 5,000.00 BRL".
 */
export function amountRangeMessage(limits: AmountLimits): string {
  const min = formatCents(limits.minCents ?? 1, limits.currency, { symbol: false });
  if (limits.maxCents === undefined) return `Minimum amount is ${min} ${limits.currency}`;
  const max = formatCents(limits.maxCents, limits.currency, { symbol: false });
  return `Amount must be between ${min} and ${max} ${limits.currency}`;
}

/** True when `cents` is a whole number of cents within the limits. */
export function isAmountWithin(cents: number, limits: AmountLimits): boolean {
  const min = limits.minCents ?? 1;
  const max = Math.min(limits.maxCents ?? MAX_AMOUNT_CENTS, MAX_AMOUNT_CENTS);
  return Number.isSafeInteger(cents) && cents >= min && cents <= max;
}

function checkLimits(limits: AmountLimits): void {
  const min = limits.minCents ?? 1;
  if (!Number.isSafeInteger(min) || min < 1) throw new RangeError('minCents must be a positive integer');
  if (limits.maxCents !== undefined && (!Number.isSafeInteger(limits.maxCents) || limits.maxCents < min)) {
    throw new RangeError('maxCents must be an integer not below minCents');
  }
}

/** A positive amount in cents within the limits, with the spec's range message. */
export function amountCentsSchema(limits: AmountLimits) {
  checkLimits(limits);
  const message = amountRangeMessage(limits);
  return z
    .number({ error: AMOUNT_REQUIRED_MESSAGE })
    .int(AMOUNT_INVALID_MESSAGE)
    .refine((cents) => isAmountWithin(cents, limits), message);
}

/** An amount field's text (as normalised by `normalizeAmountInput`) parsed to cents within the limits. */
export function amountInputSchema(limits: AmountLimits) {
  return z
    .string({ error: AMOUNT_REQUIRED_MESSAGE })
    .transform((text, ctx) => {
      if (text.trim() === '') {
        ctx.addIssue({ code: 'custom', message: AMOUNT_REQUIRED_MESSAGE });
        return z.NEVER;
      }
      const cents = parseAmountToCents(text);
      if (cents === null) {
        ctx.addIssue({ code: 'custom', message: AMOUNT_INVALID_MESSAGE });
        return z.NEVER;
      }
      return cents;
    })
    .pipe(amountCentsSchema(limits));
}

// ---------------------------------------------------------------------------------------------
// List input
// ---------------------------------------------------------------------------------------------

export const LIST_ENTRY_REQUIRED_MESSAGE = 'Please enter a value';
export const LIST_ENTRY_TOO_LONG_MESSAGE = `At most ${LIST_INPUT_ENTRY_MAX} characters`;

/** The message of a list-input entry, or null when it is fine: non-empty after trimming, at most 128 characters. */
export function listEntryError(entry: string): string | null {
  const trimmed = entry.trim();
  if (trimmed === '') return LIST_ENTRY_REQUIRED_MESSAGE;
  if (trimmed.length > LIST_INPUT_ENTRY_MAX) return LIST_ENTRY_TOO_LONG_MESSAGE;
  return null;
}

export function isValidListEntry(entry: string): boolean {
  return listEntryError(entry) === null;
}

export const ListEntrySchema = text().trim().min(1, LIST_ENTRY_REQUIRED_MESSAGE).max(LIST_INPUT_ENTRY_MAX, LIST_ENTRY_TOO_LONG_MESSAGE);

/** Rows are added only from the last row (spec §5). */
export function canAddListRow(rowIndex: number, rowCount: number): boolean {
  return rowCount > 0 && rowIndex === rowCount - 1;
}

/** A row can be removed only while more than one remains: one row is always kept. */
export function canRemoveListRow(rowCount: number): boolean {
  return rowCount > 1;
}

// ---------------------------------------------------------------------------------------------
// Attachments and batch upload
// ---------------------------------------------------------------------------------------------

/** i18n key of the message shown for a file over the size limit (spec §5, §8). */
export const UPLOAD_SIZE_EXCEED_KEY = 'uploadSizeExceed';
/** Its English text. */
export const UPLOAD_SIZE_EXCEED_MESSAGE = 'The file must not exceed 10 MB';
export const ATTACHMENT_REQUIRED_MESSAGE = 'Please upload the attachment';
export const BATCH_UPLOAD_TYPE_MESSAGE = 'Only .xlsx files can be uploaded';

/** True when a single attachment is within 10 MB (10,485,760 bytes, inclusive). */
export function isAttachmentSizeOk(bytes: number): boolean {
  return Number.isSafeInteger(bytes) && bytes >= 0 && bytes <= ATTACHMENT_MAX_BYTES;
}

/** True while an uploader holding `fileCount` files can take one more. */
export function canAddAttachment(fileCount: number, maxFiles: number = UPLOADER_DEFAULT_MAX_FILES): boolean {
  return fileCount < maxFiles;
}

/** True for a file the batch tool accepts: an `.xlsx` (any letter case) with a name before the extension. */
export function isBatchUploadFileName(fileName: string): boolean {
  return fileName.length > BATCH_UPLOAD_EXTENSION.length && fileName.toLowerCase().endsWith(BATCH_UPLOAD_EXTENSION);
}
