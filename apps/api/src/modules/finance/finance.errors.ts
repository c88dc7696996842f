import { ResultCode } from '@andes/contract/common/envelope';
import { FINANCE_MESSAGES } from '@andes/contract/finance/enums';
import { AppError, CommonErrors } from '../../http/errors.ts';

/**
 * Refusals of the finance, report and sub-account calls (docs/decisions/0026), in the contract's
 * words. A refusal about one field is a validation error whose message is the sentence alone and
 * whose issue names the field (`range.to`…), so a form can show it next to the picker.
 */

function fieldError(path: string, message: string): AppError {
  return new AppError(ResultCode.VALIDATION_FAILED, message, undefined, { issues: [{ path, message }] });
}

export const FinanceErrors = {
  future: () => fieldError('range.to', FINANCE_MESSAGES.future),
  spanTooLong: () => fieldError('range', FINANCE_MESSAGES.spanTooLong),
  tooFarBack: () => fieldError('range.from', FINANCE_MESSAGES.tooFarBack),
  billTypeNotOnPage: () => fieldError('billType', FINANCE_MESSAGES.billTypeNotOnPage),
  invalidCursor: () => fieldError('cursor', 'Not a valid page cursor: reload the first page'),
  tooLargeForDirect: () => CommonErrors.conflict(FINANCE_MESSAGES.tooLargeForDirect),
  /** Another merchant's sub-merchant answers exactly as an id nobody has. */
  subMerchantNotFound: () => CommonErrors.notFound('The sub-merchant'),
  transactionNotFound: () => CommonErrors.notFound('The transaction on this account'),
} as const;
