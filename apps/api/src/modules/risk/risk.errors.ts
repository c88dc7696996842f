import { ResultCode } from '@andes/contract/common/envelope';
import { ENABLED_RULES_MAX } from '@andes/contract/risk/enums';
import { RISK_MESSAGES } from '@andes/contract/risk/schemas';
import { AppError, CommonErrors } from '../../http/errors.ts';

/**
 * Refusals of the risk calls (docs/decisions/0028), each with the contract's words. Another
 * merchant's rule, replay or review answers as a missing one: whether it exists is never told.
 */

function fieldError(path: string, message: string): AppError {
  return new AppError(ResultCode.VALIDATION_FAILED, message, undefined, { issues: [{ path, message }] });
}

export const RiskErrors = {
  subMerchantUser: () => new AppError(ResultCode.FORBIDDEN, RISK_MESSAGES.subMerchantUser),
  ruleNotFound: () => new AppError(ResultCode.NOT_FOUND, RISK_MESSAGES.ruleNotFound),
  ruleChanged: () => new AppError(ResultCode.CONFLICT, RISK_MESSAGES.ruleChanged),
  requestReused: () => new AppError(ResultCode.CONFLICT, RISK_MESSAGES.requestReused),
  tooManyEnabled: () => fieldError('enabled', RISK_MESSAGES.tooManyEnabled(ENABLED_RULES_MAX)),
  /** Type, template and country of a rule stay what they were at creation. */
  fixedField: (field: 'type' | 'template' | 'country', was: string) =>
    fieldError(field, `A rule's ${field} cannot be changed (it is ${was}); add a new rule instead`),
  reviewNotFound: () => new AppError(ResultCode.NOT_FOUND, RISK_MESSAGES.reviewNotFound),
  reviewDecided: (status: string) => new AppError(ResultCode.CONFLICT, RISK_MESSAGES.reviewDecided(status)),
  reviewExpired: () => new AppError(ResultCode.CONFLICT, RISK_MESSAGES.reviewExpired),
  replayNotFound: () => new AppError(ResultCode.NOT_FOUND, RISK_MESSAGES.replayNotFound),
  decisionNotFound: (uniqueId: string) => new AppError(ResultCode.NOT_FOUND, `No risk decision for pay-in ${uniqueId}`),
  invalidCursor: () => CommonErrors.validation([{ path: 'cursor', message: 'Not a valid page cursor: reload the first page' }]),
} as const;
