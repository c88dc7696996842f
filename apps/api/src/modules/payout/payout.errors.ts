import { BATCH_UPLOAD_FIELD } from '@andes/contract/common/constants';
import { ResultCode } from '@andes/contract/common/envelope';
import { PAYOUT_MESSAGES, type PayoutDuplicate } from '@andes/contract/payout/schemas';
import { AppError, CommonErrors } from '../../http/errors.ts';

/**
 * Refusals of the payout calls (docs/decisions/0025), each with the contract's words. A refusal
 * about one field is a validation error whose message is exactly the contract's sentence (the
 * screen shows it as is: spec §8's 'The verification code has expired and has been re sent for
 * you.') and whose issue names the field, so a form can put it next to it.
 */

/** A validation error (200001) on one field whose message is the sentence alone. */
function fieldError(path: string, message: string, data: Record<string, unknown> = {}): AppError {
  return new AppError(ResultCode.VALIDATION_FAILED, message, undefined, { issues: [{ path, message }], ...data });
}

export const PayoutErrors = {
  railClosed: (productType: string) => fieldError('productType', PAYOUT_MESSAGES.railClosed(productType)),
  insufficient: (available: string, needed: string) =>
    new AppError(ResultCode.INSUFFICIENT_BALANCE, PAYOUT_MESSAGES.insufficient(available, needed)),
  codeRequired: () => fieldError('verifyCode', PAYOUT_MESSAGES.codeRequired),
  requestIdRequired: () => fieldError('requestId', PAYOUT_MESSAGES.requestIdRequired),
  codeIncorrect: () => fieldError('verifyCode', PAYOUT_MESSAGES.codeIncorrect),
  codeExpired: (resent: { sentTo: string; expiresAt: string; resendAt: string }) =>
    fieldError('verifyCode', PAYOUT_MESSAGES.codeExpired, { resent }),
  codeOtherPayouts: () => fieldError('verifyCode', PAYOUT_MESSAGES.codeOtherPayouts),
  codeTooManyAttempts: () => fieldError('verifyCode', PAYOUT_MESSAGES.codeTooManyAttempts),
  codeTooSoon: (seconds: number, retryAt: Date) =>
    new AppError(ResultCode.RATE_LIMITED, PAYOUT_MESSAGES.codeTooSoon(seconds), undefined, { retryAt: retryAt.toISOString() }),
  /** The duplicates travel in `data.duplicates` (and, for a file, the rows flagged in `data.rows`), for the screen to list them. */
  duplicatesNotConfirmed: (duplicates: readonly PayoutDuplicate[], rows: readonly number[] = []) =>
    new AppError(ResultCode.CONFLICT, PAYOUT_MESSAGES.duplicatesNotConfirmed, undefined, { duplicates, rows }),
  referenceUsed: (reference: string) => fieldError('merchantReference', PAYOUT_MESSAGES.referenceUsed(reference)),
  requestReused: () => new AppError(ResultCode.CONFLICT, PAYOUT_MESSAGES.requestReused),
  noValidRows: () => fieldError(BATCH_UPLOAD_FIELD, PAYOUT_MESSAGES.noValidRows),
  ownPayout: () => new AppError(ResultCode.FORBIDDEN, PAYOUT_MESSAGES.ownPayout),
  batchNotFound: () => CommonErrors.notFound('The payout batch'),
  payoutsNotFound: () => CommonErrors.notFound('The payouts chosen'),
  noEmail: () => new AppError(ResultCode.CONFLICT, PAYOUT_MESSAGES.noEmail),
  invalidCursor: () => CommonErrors.validation([{ path: 'cursor', message: 'Not a valid page cursor: reload the first page' }]),
} as const;
