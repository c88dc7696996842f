import { z } from 'zod';
import {
  BATCH_MAX_ROWS,
  PAYOUT_APPROVAL_EXPIRY_DAYS,
  PAYOUT_REFUSE_REASON_MAX_LENGTH,
  PAYOUT_VERIFY_CODE_LENGTH,
} from '../common/constants.ts';
import { CountrySchema, CurrencySchema } from '../common/countries.ts';
import { ProductTypeSchema, TransactionStatusSchema } from '../common/enums.ts';
import { InstantSchema, isUnique, optionalText, RecordId, SearchText, text } from '../common/fields.ts';
import { CentsSchema, PositiveCentsSchema } from '../common/money.ts';
import { PageRequest, pageOf } from '../common/page.ts';
import { MFA_CODE_MESSAGE } from '../common/validators.ts';
import { railAmountMessage } from './amounts.ts';
import { PAYOUT_SKIP_REASONS, PayoutApprovalStatusSchema, PayoutHistoryEventSchema, PayoutStatusSchema, PayoutTabSchema } from './enums.ts';
import { BeneficiaryInputSchema, BeneficiarySchema, checkBeneficiary, railOf } from './rails.ts';

/**
 * Payouts (spec §3 Payout, §4, §7 Payout; issue #11; docs/decisions/0025). A payout is created
 * (single, or a batch from a file) with a verification code e-mailed to its creator, reserves its
 * amount, fee and VAT at once, waits for a second person's approval, and is then offered to the
 * platform, which reports its progress. Amounts are integer cents.
 */

export const PAYOUT_MESSAGES = {
  noRail: (productType: string, country: string) => `${productType} payouts are not offered in ${country}`,
  railClosed: (productType: string) => `${productType} payouts are not open for your account: ask your account manager`,
  insufficient: (available: string, needed: string) =>
    `The available balance (${available}) does not cover these payouts with their fees (${needed}); nothing was created`,
  ownPayout: 'A payout must be approved or refused by someone other than the person who created it',
  notPending: 'This payout was already approved or refused',
  codeRequired: 'Send the verification code to your e-mail and enter it',
  requestIdRequired: 'A creation needs its request id (made once per submission, so a repeated click creates nothing twice)',
  codeIncorrect: 'The verification code is incorrect!',
  codeExpired: 'The verification code has expired and has been re sent for you.',
  codeOtherPayouts: 'The verification code was sent for other payouts: send a new code',
  codeTooManyAttempts: 'Too many wrong codes: send a new verification code',
  codeTooSoon: (seconds: number) => `A code was just sent: wait ${seconds} s before asking for another`,
  duplicatesNotConfirmed: 'Some payouts repeat one already made or pending in the last 7 days, or one of the file: confirm them to go on',
  referenceUsed: (reference: string) => `The merchant reference ${reference} was already used for another payout`,
  referenceRepeated: (reference: string, row: number) => `The merchant reference ${reference} is also on row ${row}`,
  requestReused: 'This request id was used for other payouts',
  noValidRows: 'No row of the file can be paid: fix the rows listed and upload the file again',
  selectionEmpty: 'Choose at least one payout',
  selectionTooLarge: (max: number) => `At most ${max} payouts at once`,
  batchOrPayouts: 'Name a batch or the payouts, not both',
  noEmail: 'Your user has no e-mail address to send the code to: ask an administrator to add one',
  /** The reasons a payout's history and transaction carry when it was not approved. */
  refusedBy: (name: string, reason: string) => (reason === '' ? `Refused by ${name}` : `Refused by ${name}: ${reason}`),
  approvalExpired: `Not approved within ${PAYOUT_APPROVAL_EXPIRY_DAYS} days`,
  /** The Status column of a batch's result file. */
  fileRowCreated: 'Created: waiting for approval',
  fileRowValid: 'Valid: not created (dry run)',
  fileRowDuplicate: (status: string, of: string) => `${status}; possible duplicate of ${of}`,
} as const;

// ---- the payout ----------------------------------------------------------------------------------

/** A payout (spec §3 Payout: unique id, name, document and type, account id and type, bank code, agency, amount, status, dates, channel, phone, e-mail). */
export const Payout = z.object({
  id: RecordId,
  batchId: RecordId,
  /** The transaction's unique id (spec uniqueId): the payout in /transactions/payout. */
  uniqueId: z.string(),
  /** The transaction's id, for its detail and proofs. */
  transactionId: z.number().int().min(1),
  merchantReference: z.string(),
  country: CountrySchema,
  currency: CurrencySchema,
  /** The payment channel (rail). */
  productType: ProductTypeSchema,
  method: z.string(),
  amount: PositiveCentsSchema,
  /** The fee and its VAT, as quoted and reserved at creation (the platform's final figures once SETTLED). */
  fee: CentsSchema,
  vat: CentsSchema,
  status: PayoutStatusSchema,
  approvalStatus: PayoutApprovalStatusSchema,
  /** The platform's or approver's reason for FAILED, REJECTED, CANCELLED. */
  statusReason: z.string().nullable(),
  beneficiary: BeneficiarySchema,
  /** Same beneficiary and amount paid or pending in the window, or twice in its file: confirmed by its creator. */
  duplicateConfirmed: z.boolean(),
  createdBy: z.string(),
  createdAt: InstantSchema,
  approvedBy: z.string().nullable(),
  /** When it was approved or refused. */
  approvedAt: InstantSchema.nullable(),
  /** PENDING payouts not decided by then are cancelled and their money released. */
  expiresAt: InstantSchema,
  settledAt: InstantSchema.nullable(),
  /** The file it came from, for a batch. */
  fileName: z.string().nullable(),
});
export type Payout = z.infer<typeof Payout>;

export const PayoutHistoryEntry = z.object({
  event: PayoutHistoryEventSchema,
  at: InstantSchema,
  /** Who did it: a user's name, or null for the platform and the system. */
  by: z.string().nullable(),
  /** The transaction status after the event, where it has one. */
  transactionStatus: TransactionStatusSchema.nullable(),
  reason: z.string().nullable(),
});
export type PayoutHistoryEntry = z.infer<typeof PayoutHistoryEntry>;

export const PayoutDetail = Payout.extend({ history: z.array(PayoutHistoryEntry) });
export type PayoutDetail = z.infer<typeof PayoutDetail>;

/** The available and reserved money of the country's payout account. */
export const PayoutBalance = z.object({
  currency: CurrencySchema,
  available: CentsSchema,
  reserved: CentsSchema,
});
export type PayoutBalance = z.infer<typeof PayoutBalance>;

/**
 * The payout list of a country: a tab (Pending: waiting for approval; Approved: decided), the
 * search bar's filters, newest first. `keyword` matches the unique id, merchant reference,
 * beneficiary name, document or account exactly or by prefix; `batchId` shows one batch.
 */
export const PayoutPageRequest = PageRequest.extend({
  country: CountrySchema,
  tab: PayoutTabSchema.default('PENDING'),
  keyword: SearchText,
  status: PayoutStatusSchema.optional(),
  productType: ProductTypeSchema.optional(),
  batchId: RecordId.optional(),
  createdFrom: InstantSchema.optional(),
  createdTo: InstantSchema.optional(),
  /** Answer one payout with its history (the detail drawer), within the same scope. */
  id: RecordId.optional(),
});
export type PayoutPageRequest = z.input<typeof PayoutPageRequest>;

/** A batch's payouts still waiting for approval, summed (the approval of a whole batch). */
export const PayoutBatchPending = z.object({
  batchId: RecordId,
  currency: CurrencySchema,
  count: z.number().int().min(0),
  amount: CentsSchema,
  fee: CentsSchema,
  vat: CentsSchema,
});
export type PayoutBatchPending = z.infer<typeof PayoutBatchPending>;

export const PayoutPage = pageOf(Payout).extend({
  /** The country's payout account now (the approval view's "available before and after"). */
  balance: PayoutBalance,
  /** The payout asked for by `id`, with its history; null when not asked or not found. */
  detail: PayoutDetail.nullable(),
  /** With `batchId`: that batch's pending payouts summed (whatever the page shows); null when none is pending (or not asked). */
  batchPending: PayoutBatchPending.nullable(),
});
export type PayoutPage = z.infer<typeof PayoutPage>;

// ---- creation ------------------------------------------------------------------------------------

export const PayoutVerifyCode = text().regex(new RegExp(`^[0-9]{${PAYOUT_VERIFY_CODE_LENGTH}}$`), MFA_CODE_MESSAGE);

/** An idempotency key of a creation: the same key answers the first outcome, never a second batch. */
export const PayoutRequestId = text().regex(/^[A-Za-z0-9_-]{8,64}$/, 'A request id is 8 to 64 letters, digits, _ or -');

export const SinglePayoutFields = z.object({
  country: CountrySchema,
  productType: ProductTypeSchema,
  /** Cents, typed with the amount normaliser. */
  amount: PositiveCentsSchema,
  /** The merchant's own reference; one is made when empty. Unique per merchant. */
  merchantReference: optionalText(64),
  beneficiary: BeneficiaryInputSchema,
});

/** Checks the beneficiary and the amount against the rail (the same words on the form and the server). */
function checkSingle(value: z.infer<typeof SinglePayoutFields>, ctx: z.RefinementCtx): void {
  const rail = railOf(value.country, value.productType);
  if (!rail) {
    ctx.addIssue({ code: 'custom', path: ['productType'], message: PAYOUT_MESSAGES.noRail(value.productType, value.country) });
    return;
  }
  if (value.amount < rail.minCents || value.amount > rail.maxCents) {
    ctx.addIssue({ code: 'custom', path: ['amount'], message: railAmountMessage(rail) });
  }
  const checked = checkBeneficiary(rail, value.beneficiary);
  if (!checked.ok) {
    for (const [field, message] of Object.entries(checked.errors)) ctx.addIssue({ code: 'custom', path: ['beneficiary', field], message });
  }
}

/**
 * One payout: `dryRun` answers the quote (fee, VAT, balance after, duplicates) and creates
 * nothing; otherwise `verifyCode` (sent by verify-code/send for this payout's total) and
 * `requestId` are required, and a duplicate needs `confirmDuplicates`.
 */
export const PayoutCreateRequest = SinglePayoutFields.extend({
  dryRun: z.boolean().default(false),
  verifyCode: PayoutVerifyCode.optional(),
  requestId: PayoutRequestId.optional(),
  confirmDuplicates: z.boolean().default(false),
}).superRefine(checkSingle);
export type PayoutCreateRequest = z.input<typeof PayoutCreateRequest>;

/** Why a payout is flagged as a possible duplicate. */
export const PayoutDuplicate = z.object({
  /** The earlier payout's unique id (paid or pending in the window), or null when it repeats a row of the file. */
  uniqueId: z.string().nullable(),
  /** The file's row it repeats, or null. */
  rowNumber: z.number().int().min(1).nullable(),
  createdAt: InstantSchema.nullable(),
  status: PayoutStatusSchema.nullable(),
});
export type PayoutDuplicate = z.infer<typeof PayoutDuplicate>;

/** What creating the payouts does to the money, per currency (the account of the country). */
export const PayoutQuote = z.object({
  currency: CurrencySchema,
  count: z.number().int().min(0),
  amount: CentsSchema,
  fee: CentsSchema,
  vat: CentsSchema,
  /** amount + fee + VAT: what is reserved now. */
  total: CentsSchema,
  availableBefore: CentsSchema,
  availableAfter: CentsSchema,
  /** False when the available balance does not cover `total`. */
  sufficient: z.boolean(),
});
export type PayoutQuote = z.infer<typeof PayoutQuote>;

export const PayoutCreateAnswer = z.object({
  quote: PayoutQuote,
  duplicates: z.array(PayoutDuplicate),
  /** The created payout; null for a dry run. */
  payout: Payout.nullable(),
});
export type PayoutCreateAnswer = z.infer<typeof PayoutCreateAnswer>;

/**
 * Sends a verification code to the caller's e-mail, bound to what it will create: the number of
 * payouts and their total amount in the country's currency. A creation whose payouts differ needs
 * a new code. A code lasts PAYOUT_VERIFY_CODE_TTL_MINUTES and serves one creation.
 */
export const PayoutVerifyCodeSendRequest = z.object({
  country: CountrySchema,
  count: z.number().int().min(1).max(BATCH_MAX_ROWS),
  amount: PositiveCentsSchema,
});
export type PayoutVerifyCodeSendRequest = z.infer<typeof PayoutVerifyCodeSendRequest>;

export const PayoutVerifyCodeSent = z.object({
  /** The address, masked (`pa***@andes-demo.test`). */
  sentTo: z.string(),
  expiresAt: InstantSchema,
  /** When another code may be asked for. */
  resendAt: InstantSchema,
});
export type PayoutVerifyCodeSent = z.infer<typeof PayoutVerifyCodeSent>;

// ---- batch ---------------------------------------------------------------------------------------

/** The template of a country: its rails' columns. */
export const PayoutTemplateRequest = z.object({ country: CountrySchema });

/**
 * The form fields of a batch upload: the country; `dryRun` ("true") checks the file and answers
 * the result file without creating anything; otherwise `verifyCode` and `requestId` are required,
 * and `confirmDuplicates` ("true") when rows are flagged as duplicates.
 */
const flag = z
  .enum(['true', 'false'])
  .default('false')
  .transform((v) => v === 'true');
export const PayoutBatchUploadFields = z.object({
  country: CountrySchema,
  dryRun: flag,
  verifyCode: PayoutVerifyCode.optional(),
  requestId: PayoutRequestId.optional(),
  confirmDuplicates: flag,
});
export type PayoutBatchUploadFields = z.input<typeof PayoutBatchUploadFields>;

/** A row of a batch check: what it would pay, or why it cannot. */
export const PayoutCheckRow = z.object({
  rowNumber: z.number().int().min(1),
  productType: z.string(),
  name: z.string(),
  /** Cents, or null when the amount cell is not an amount. */
  amount: z.number().int().nullable(),
  errors: z.array(z.string()),
  duplicate: PayoutDuplicate.nullable(),
});
export type PayoutCheckRow = z.infer<typeof PayoutCheckRow>;

/**
 * The dry run of a file, in JSON so the screen shows every row's errors inline: the counts, the
 * quote of the valid rows and each row that has an error or is a duplicate (the others are fine).
 */
export const PayoutBatchCheck = z.object({
  fileName: z.string(),
  total: z.number().int().min(0),
  ok: z.number().int().min(0),
  failed: z.number().int().min(0),
  quote: PayoutQuote,
  rows: z.array(PayoutCheckRow),
  maxRows: z.number().int().min(1),
});
export type PayoutBatchCheck = z.infer<typeof PayoutBatchCheck>;

// ---- approval ------------------------------------------------------------------------------------

/** Approve or refuse: a whole batch (its PENDING payouts) or chosen payouts. */
export const PayoutDecisionRequest = z
  .object({
    country: CountrySchema,
    batchId: RecordId.optional(),
    ids: z
      .array(RecordId)
      .max(BATCH_MAX_ROWS, PAYOUT_MESSAGES.selectionTooLarge(BATCH_MAX_ROWS))
      .refine(isUnique, 'Each payout can be chosen once')
      .optional(),
  })
  .superRefine((v, ctx) => {
    if (v.batchId !== undefined && v.ids !== undefined)
      ctx.addIssue({ code: 'custom', message: PAYOUT_MESSAGES.batchOrPayouts, path: ['ids'] });
    if (v.batchId === undefined && (v.ids === undefined || v.ids.length === 0)) {
      ctx.addIssue({ code: 'custom', message: PAYOUT_MESSAGES.selectionEmpty, path: ['ids'] });
    }
  });
export type PayoutDecisionRequest = z.input<typeof PayoutDecisionRequest>;

export const PayoutApproveRequest = PayoutDecisionRequest;
export const PayoutRefuseRequest = z.intersection(
  PayoutDecisionRequest,
  z.object({ reason: optionalText(PAYOUT_REFUSE_REASON_MAX_LENGTH) }),
);
export type PayoutRefuseRequest = z.input<typeof PayoutRefuseRequest>;

export const PayoutSkip = z.object({ id: RecordId, uniqueId: z.string().nullable(), reason: z.enum(PAYOUT_SKIP_REASONS) });

/** What the decision did: the payouts it changed and those it left (with why), per currency totals of the changed ones. */
export const PayoutDecisionAnswer = z.object({
  decided: z.number().int().min(0),
  amount: CentsSchema,
  skipped: z.array(PayoutSkip),
});
export type PayoutDecisionAnswer = z.infer<typeof PayoutDecisionAnswer>;
