import { ResultCode } from '@andes/contract/common/envelope';
import { RISK_MESSAGES } from '@andes/contract/risk/schemas';
import { AppError, CommonErrors } from '../../http/errors.ts';

/** Refusals of the chargeback calls (docs/decisions/0028), each with the contract's words. */
export const ChargebackErrors = {
  /** Another merchant's (or sub-merchant's) chargeback answers as a missing one. */
  notFound: () => new AppError(ResultCode.NOT_FOUND, RISK_MESSAGES.chargebackNotFound),
  noSuchFile: () => new AppError(ResultCode.NOT_FOUND, 'No such appendix of this chargeback'),
  /** Defended, accepted or decided already: a double click or a retry changes nothing. */
  notOpen: (status: string) => new AppError(ResultCode.CONFLICT, RISK_MESSAGES.chargebackNotOpen(status)),
  deadlinePassed: (deadline: string) => new AppError(ResultCode.CONFLICT, RISK_MESSAGES.deadlinePassed(deadline)),
  appendixUnknown: () => CommonErrors.validation([{ path: 'fileIds', message: RISK_MESSAGES.appendixUnknown }]),
  /** Chargebacks are defended and accepted by the merchant; a sub-merchant user only looks. */
  subMerchantUser: () =>
    new AppError(ResultCode.FORBIDDEN, 'Chargebacks are defended or accepted by the merchant; sub-merchant users can only view them'),
  invalidCursor: () => CommonErrors.validation([{ path: 'cursor', message: 'Not a valid page cursor: reload the first page' }]),
} as const;
