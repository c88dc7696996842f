import { z } from 'zod';
import { ClientRequestIdSchema } from '../accounting/schemas.ts';
import { CountrySchema, CurrencySchema } from '../common/countries.ts';
import { DateRangeSchema } from '../common/dates.ts';
import { isClabe } from '../common/documents.ts';
import { CaseStatusSchema, CaseTypeSchema, ProductTypeSchema, TransactionStatusSchema, TransactionTypeSchema } from '../common/enums.ts';
import { InstantSchema, maxLengthMessage, RecordId, requiredText, SearchText, text } from '../common/fields.ts';
import { FileIdSchema } from '../common/files.ts';
import { CentsSchema } from '../common/money.ts';
import { PageRequest, pageOf } from '../common/page.ts';
import { UploadedFile } from '../common/uploads.ts';
import { isValidEmail } from '../common/validators.ts';
import { TransactionHistoryEntry, TransactionId } from '../transaction/schemas.ts';
import {
  CASE_APPENDIX_MAX,
  CASE_DESCRIPTION_MAX_LENGTH,
  CASE_EMAIL_MAX_LENGTH,
  CASE_INSTRUCTIONS_MAX_LENGTH,
  CASE_REPLY_MAX_LENGTH,
  CASE_TITLE_MAX_LENGTH,
  CASE_TRANSACTION_KEY_MAX_LENGTH,
  CaseActionSchema,
  CaseReplyKindSchema,
  CaseReplySideSchema,
  E2E_ID_PATTERN,
} from './enums.ts';

/**
 * Support cases (work orders; spec §3, §4, §5, §7 Support; issue #14; docs/decisions/0029).
 * A case is the caller's merchant's; a sub-merchant user sees and opens only their sub-merchant's
 * cases. Every call is limited to the caller's authorised countries; another merchant's case (or
 * one outside the caller's scope) answers NOT_FOUND, like an id nobody has.
 */

export const SUPPORT_MESSAGES = {
  caseNotFound: 'No such case',
  fileNotFound: 'The case has no such file',
  appendixUnknown: 'An appendix was not found: upload it again',
  keyOrE2eRequired: 'A case needs an idempotency key or an E2E id',
  requestReused: 'This idempotency key was used for another case',
  duplicateOpenCase: (caseNo: string) =>
    `Case ${caseNo} about this transaction is still open: it was answered instead of opening a second case. Reply there, or close it first.`,
  changed: 'This case was changed in the meantime (a reply or a change of status); reload it and try again',
  notEditable: (status: string) => `This case is ${status}: only PENDING or PROCESSING cases can be edited`,
  notClosable: (status: string) => `This case is ${status}: it cannot be closed`,
  notReopenable: (status: string) => `This case is ${status}: only a CLOSED case can be reopened`,
  closedNoReply: 'This case is closed: reopen it first to reply',
  reopenWindowPassed: (days: number) =>
    `This case was closed more than ${days} days ago and can no longer be reopened: open a new case and quote this case's number`,
  clabeCountry: 'A CLABE number is a Mexican bank account: it is only taken for cases in Mexico',
  titleRequired: 'Enter a title',
  descriptionRequired: 'Describe the problem',
  replyRequired: 'Write a reply',
  instructionsRequired: 'Give the instructions (why)',
} as const;

export const E2E_ID_MESSAGE = 'An E2E id is 32 characters: E, the 8-digit ISPB, yyyyMMddHHmm and 11 letters or digits';
export const CLABE_MESSAGE = 'A CLABE number is 18 digits with a valid check digit';
export const TRANSACTION_KEY_MESSAGE = `A unique id or merchant reference: at most ${CASE_TRANSACTION_KEY_MAX_LENGTH} letters, digits and . _ - / # : characters`;

/** Optional identifier fields: trimmed, empty means absent. */
function optionalPattern(pattern: RegExp, message: string) {
  return text()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || pattern.test(v), message);
}

export const E2eIdSchema = text().trim().regex(E2E_ID_PATTERN, E2E_ID_MESSAGE);
const optionalE2eId = optionalPattern(E2E_ID_PATTERN, E2E_ID_MESSAGE);
const optionalClabe = text()
  .trim()
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .refine((v) => v === undefined || isClabe(v), CLABE_MESSAGE);
const optionalTransactionKey = optionalPattern(/^[A-Za-z0-9][A-Za-z0-9._\-/#:]{0,63}$/, TRANSACTION_KEY_MESSAGE);
const optionalEmail = text()
  .trim()
  .max(CASE_EMAIL_MAX_LENGTH, maxLengthMessage(CASE_EMAIL_MAX_LENGTH))
  .optional()
  .transform((v) => (v === '' ? undefined : v))
  .refine((v) => v === undefined || isValidEmail(v), 'Please enter the correct email');

const title = requiredText(CASE_TITLE_MAX_LENGTH, SUPPORT_MESSAGES.titleRequired);
const description = text()
  .trim()
  .min(1, SUPPORT_MESSAGES.descriptionRequired)
  .max(CASE_DESCRIPTION_MAX_LENGTH, `A description has at most ${CASE_DESCRIPTION_MAX_LENGTH} characters`);
const fileIds = z
  .array(FileIdSchema)
  .max(CASE_APPENDIX_MAX, `At most ${CASE_APPENDIX_MAX} appendices`)
  .refine((ids) => new Set(ids).size === ids.length, 'Each appendix can be attached once')
  .default([]);
const instructions = text()
  .trim()
  .min(1, SUPPORT_MESSAGES.instructionsRequired)
  .max(CASE_INSTRUCTIONS_MAX_LENGTH, `Instructions have at most ${CASE_INSTRUCTIONS_MAX_LENGTH} characters`);

// ---- cases ----------------------------------------------------------------------------------------

/** A case as the list shows it (spec §3 "Support case"). */
export const SupportCase = z.object({
  id: RecordId,
  caseNo: z.string(),
  caseType: CaseTypeSchema,
  transactionType: TransactionTypeSchema.nullable(),
  title: z.string(),
  country: CountrySchema,
  productType: ProductTypeSchema.nullable(),
  transactionKey: z.string().nullable(),
  e2eId: z.string().nullable(),
  clabe: z.string().nullable(),
  status: CaseStatusSchema,
  /** The version an edit, close or reopen must name (it changes with every change of the case). */
  version: z.number().int().min(1),
  subMerchantId: RecordId.nullable(),
  subMerchantName: z.string().nullable(),
  /** The asker: who opened the case. */
  createdByName: z.string(),
  createdAt: InstantSchema,
  updatedAt: InstantSchema,
  lastMerchantReplyAt: InstantSchema.nullable(),
  lastProviderReplyAt: InstantSchema.nullable(),
  /** True while the provider owes an answer. */
  awaitingProvider: z.boolean(),
  closedAt: InstantSchema.nullable(),
  /** The merchant's transaction the case is about, when one matched its key or E2E id. */
  transactionId: TransactionId.nullable(),
  transactionUniqueId: z.string().nullable(),
});
export type SupportCase = z.infer<typeof SupportCase>;

/** The linked transaction as it is now (its live status) with its status history, oldest first. */
export const CaseTransaction = z.object({
  id: TransactionId,
  uniqueId: z.string(),
  merchantReference: z.string(),
  transactionType: TransactionTypeSchema,
  productType: ProductTypeSchema,
  status: TransactionStatusSchema,
  statusReason: z.string().nullable(),
  currency: CurrencySchema,
  amount: CentsSchema,
  createdAt: InstantSchema,
  settledAt: InstantSchema.nullable(),
  e2eId: z.string().nullable(),
  history: z.array(TransactionHistoryEntry),
});
export type CaseTransaction = z.infer<typeof CaseTransaction>;

export const CaseDetail = SupportCase.extend({
  description: z.string(),
  notificationEmail: z.string().nullable(),
  appendices: z.array(UploadedFile),
  /** Null when no transaction is linked (or the caller can no longer see it). */
  transaction: CaseTransaction.nullable(),
  /** The server's time, and seconds since the last reply of each side (null: that side has not replied). */
  serverTime: InstantSchema,
  secondsSinceMerchantReply: z.number().int().min(0).nullable(),
  secondsSinceProviderReply: z.number().int().min(0).nullable(),
  /** A CLOSED case can be reopened until this instant (closedAt + CASE_REOPEN_WINDOW_DAYS); null otherwise. */
  reopenUntil: InstantSchema.nullable(),
  /** What the caller may do now (state and permissions): EDIT, REPLY, CLOSE, REOPEN. */
  actions: z.array(CaseActionSchema),
});
export type CaseDetail = z.infer<typeof CaseDetail>;

/** Cases of a country, newest first. */
export const CasePageRequest = PageRequest.extend({
  country: CountrySchema,
  status: CaseStatusSchema.optional(),
  caseType: CaseTypeSchema.optional(),
  /** Local dates of creation. */
  range: DateRangeSchema.optional(),
  /** The case number, the transaction key or E2E id (exact), or words of the title. */
  keyword: SearchText,
});
export type CasePageRequest = z.input<typeof CasePageRequest>;
export const CasePage = pageOf(SupportCase);
export type CasePage = z.infer<typeof CasePage>;

export const CaseStatisticsRequest = z.object({
  country: CountrySchema,
  caseType: CaseTypeSchema.optional(),
  range: DateRangeSchema.optional(),
});
export type CaseStatisticsRequest = z.input<typeof CaseStatisticsRequest>;
/** Cases per status (every status, 0 included), and how many wait for the provider. */
export const CaseStatistics = z.object({
  statuses: z.array(z.object({ status: CaseStatusSchema, count: z.number().int().min(0) })),
  total: z.number().int().min(0),
  awaitingProvider: z.number().int().min(0),
});
export type CaseStatistics = z.infer<typeof CaseStatistics>;

/** What an edit can change: everything but the country and what the case is about (docs/decisions/0029). */
const editableFields = {
  caseType: CaseTypeSchema,
  transactionType: TransactionTypeSchema.optional(),
  productType: ProductTypeSchema.optional(),
  title,
  description,
  notificationEmail: optionalEmail,
  /** Files uploaded with the file upload call. */
  fileIds,
};
const caseFields = {
  ...editableFields,
  /** A unique id or merchant reference of the transaction the case is about. */
  transactionKey: optionalTransactionKey,
  e2eId: optionalE2eId,
  clabe: optionalClabe,
};

/**
 * Opens a case (PENDING). Needs an idempotency key or an E2E id (spec §5): the same key (or, without
 * one, the same E2E id) answers the case it opened. A case about a transaction that has an open case
 * answers that case (`outcome: OPEN_CASE_EXISTS`) instead of opening a second one.
 */
export const CaseSaveRequest = z
  .object({
    idempotencyKey: ClientRequestIdSchema.optional(),
    country: CountrySchema,
    ...caseFields,
  })
  .superRefine((r, ctx) => {
    if (r.idempotencyKey === undefined && r.e2eId === undefined) {
      ctx.addIssue({ code: 'custom', path: ['idempotencyKey'], message: SUPPORT_MESSAGES.keyOrE2eRequired });
    }
    if (r.clabe !== undefined && r.country !== 'MX') {
      ctx.addIssue({ code: 'custom', path: ['clabe'], message: SUPPORT_MESSAGES.clabeCountry });
    }
  });
export type CaseSaveRequest = z.input<typeof CaseSaveRequest>;

export const CASE_SAVE_OUTCOMES = ['CREATED', 'SAME_REQUEST', 'OPEN_CASE_EXISTS'] as const;
export type CaseSaveOutcome = (typeof CASE_SAVE_OUTCOMES)[number];
/**
 * CREATED: a new case. SAME_REQUEST: the key (or E2E id) was used before: the case it opened.
 * OPEN_CASE_EXISTS: the transaction already has an open case: that case (nothing was created).
 */
export const CaseSaveResult = z.object({
  outcome: z.enum(CASE_SAVE_OUTCOMES),
  case: SupportCase,
  /** OPEN_CASE_EXISTS: what to tell the user. */
  message: z.string().nullable(),
});
export type CaseSaveResult = z.infer<typeof CaseSaveResult>;

/**
 * Changes a PENDING or PROCESSING case, conditional on the version the editor loaded. `fileIds` is
 * the whole new list. The country and what the case is about (transaction key, E2E id, CLABE) stay
 * as opened: the provider may be working on that transaction; a case about another one is a new case.
 */
export const CaseEditRequest = z.object({ id: RecordId, version: z.number().int().min(1), ...editableFields });
export type CaseEditRequest = z.input<typeof CaseEditRequest>;

export const CaseIdRequest = z.object({ id: RecordId });
export type CaseIdRequest = z.infer<typeof CaseIdRequest>;

/** Close or reopen, with the instructions (why); conditional on the version; a retry with the same request id changes nothing. */
export const CaseActionRequest = z.object({
  id: RecordId,
  version: z.number().int().min(1),
  requestId: ClientRequestIdSchema,
  instructions,
});
export type CaseActionRequest = z.input<typeof CaseActionRequest>;

// ---- replies ---------------------------------------------------------------------------------------

/** One row of a case's thread: a reply of either side (asker MERCHANT, responder PROVIDER) or a change of state. */
export const CaseReply = z.object({
  id: RecordId,
  side: CaseReplySideSchema,
  kind: CaseReplyKindSchema,
  authorName: z.string(),
  content: z.string(),
  /** The case's status after this row. */
  status: CaseStatusSchema,
  appendices: z.array(UploadedFile),
  createdAt: InstantSchema,
});
export type CaseReply = z.infer<typeof CaseReply>;

export const REPLY_ORDERS = ['OLDEST_FIRST', 'NEWEST_FIRST'] as const;
export const CaseReplyPageRequest = PageRequest.extend({
  id: RecordId,
  /** A thread reads oldest first (the default); NEWEST_FIRST for "latest activity". */
  order: z.enum(REPLY_ORDERS).default('OLDEST_FIRST'),
});
export type CaseReplyPageRequest = z.input<typeof CaseReplyPageRequest>;
export const CaseReplyPage = pageOf(CaseReply);
export type CaseReplyPage = z.infer<typeof CaseReplyPage>;

/**
 * The merchant's reply (idempotent by request id). PENDING and PROCESSING stay; a SOLVED case goes
 * back to PROCESSING (the merchant says it is not solved); a CLOSED case is refused (reopen it first).
 */
export const CaseReplySaveRequest = z.object({
  id: RecordId,
  requestId: ClientRequestIdSchema,
  content: text()
    .trim()
    .min(1, SUPPORT_MESSAGES.replyRequired)
    .max(CASE_REPLY_MAX_LENGTH, `A reply has at most ${CASE_REPLY_MAX_LENGTH} characters`),
  fileIds,
});
export type CaseReplySaveRequest = z.input<typeof CaseReplySaveRequest>;
export const CaseReplySaved = z.object({ reply: CaseReply, case: SupportCase });
export type CaseReplySaved = z.infer<typeof CaseReplySaved>;

// ---- files -----------------------------------------------------------------------------------------

export const CaseFileFields = z.object({}).strict();
/** A file of a case: an appendix of the case or of one of its replies. */
export const CaseFileRequest = z.object({ id: RecordId, fileId: FileIdSchema });
export type CaseFileRequest = z.infer<typeof CaseFileRequest>;
export const CaseFileLink = z.object({ url: z.string(), expiresAt: InstantSchema });
export type CaseFileLink = z.infer<typeof CaseFileLink>;
