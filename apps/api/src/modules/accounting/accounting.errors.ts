import { ACCOUNTING_MESSAGES, PROOF_FILE_MESSAGES } from '@andes/contract/accounting/schemas';
import { ResultCode } from '@andes/contract/common/envelope';
import { AppError, CommonErrors } from '../../http/errors.ts';

/**
 * Refusals of the accounting calls (docs/decisions/0027), each with the contract's words. A
 * refusal about one field is a validation error whose message is the sentence alone and whose
 * issue names the field, so a form can show it next to it (as the payout errors do).
 */

function fieldError(path: string, message: string): AppError {
  return new AppError(ResultCode.VALIDATION_FAILED, message, undefined, { issues: [{ path, message }] });
}

export const AccountingErrors = {
  /** Another merchant's request answers as a missing one: whether it exists is never told. */
  notFound: () => new AppError(ResultCode.NOT_FOUND, ACCOUNTING_MESSAGES.notFound),
  noSuchFile: () => new AppError(ResultCode.NOT_FOUND, PROOF_FILE_MESSAGES.notFound),
  /** The request moved on (or never was) in a state that allows the action. */
  notAllowed: (status: string) => new AppError(ResultCode.CONFLICT, ACCOUNTING_MESSAGES.notAllowed(status)),
  insufficient: (available: string, needed: string) =>
    new AppError(ResultCode.INSUFFICIENT_BALANCE, ACCOUNTING_MESSAGES.insufficient(available, needed)),
  belowMinimum: (min: string) => fieldError('amount', ACCOUNTING_MESSAGES.belowMinimum(min)),
  aboveMaximum: (max: string) => fieldError('amount', ACCOUNTING_MESSAGES.aboveMaximum(max)),
  requestReused: () => new AppError(ResultCode.CONFLICT, ACCOUNTING_MESSAGES.requestReused),
  quoteExpired: () => new AppError(ResultCode.CONFLICT, ACCOUNTING_MESSAGES.quoteExpired),
  /** The rate confirmed is not the one quoted now (a newer quote replaced the one the merchant saw). */
  rateChanged: (quoted: string) => fieldError('rate', `The quoted rate is now ${quoted}: check the amounts again before confirming`),
  tooSmallToExchange: () => fieldError('amount', ACCOUNTING_MESSAGES.tooSmallToExchange),
  ownWithdrawal: () => new AppError(ResultCode.FORBIDDEN, ACCOUNTING_MESSAGES.ownWithdrawal),
  notAwaitingApproval: () => new AppError(ResultCode.CONFLICT, ACCOUNTING_MESSAGES.notAwaitingApproval),
  noSubMerchant: () => fieldError('subMerchantId', ACCOUNTING_MESSAGES.noSubMerchant),
  subMerchantNotInCountry: (country: string) => fieldError('subMerchantId', `The sub-merchant is not set up in ${country}`),
  /** Top-ups, withdrawals and exchanges move the merchant's money: a sub-merchant user neither makes nor sees them. */
  subMerchantUser: () => new AppError(ResultCode.FORBIDDEN, ACCOUNTING_MESSAGES.subMerchantUserCannotTransfer),
  notOffered: (path: string, what: string, country: string) => fieldError(path, ACCOUNTING_MESSAGES.notOffered(what, country)),
  invalidCursor: () => CommonErrors.validation([{ path: 'cursor', message: 'Not a valid page cursor: reload the first page' }]),
} as const;
