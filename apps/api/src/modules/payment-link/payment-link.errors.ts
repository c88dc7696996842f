import { BATCH_UPLOAD_FIELD } from '@andes/contract/common/constants';
import { ResultCode } from '@andes/contract/common/envelope';
import { PAYMENT_LINK_MESSAGES } from '@andes/contract/payment-link/schemas';
import { AppError } from '../../http/errors.ts';

/**
 * Refusals of the payment-link calls (docs/decisions/0035). A refusal about one field is a
 * validation error whose message is the sentence alone and whose issue names the field, so the
 * form puts it next to it.
 */

/** The messages this module adds to the contract's (PAYMENT_LINK_MESSAGES). */
export const LINK_ERROR_MESSAGES = {
  referenceUsed: (reference: string) => `The reference ${reference} is already used by another payment link`,
  referenceTwice: (reference: string, row: number) => `The reference ${reference} is also on row ${row} of this file`,
  /** Unknown and malformed tokens alike: the payer's page cannot tell one from the other. */
  linkNotFound: 'This payment link does not exist',
  notFound: 'The payment link was not found',
  alreadyPaid: 'This payment link is paid already',
  expired: 'This payment link has expired',
  cancelled: 'This payment link was cancelled',
  paymentInProgress: 'A payment of this link is in progress: it cannot be cancelled now',
  requestReused: 'This request id was used for another file: upload the file again to generate its links',
  noValidRows: 'No row of the file is valid: nothing was generated',
  /** A repeated request's row that did not become a link the first time. */
  notGenerated: 'Not generated when this file was first uploaded with this request id',
  requestIdRequired: 'A request id is required to generate the links',
  appendixNotFound: 'The file was not found',
} as const;

function fieldError(path: string, message: string): AppError {
  return new AppError(ResultCode.VALIDATION_FAILED, message, undefined, { issues: [{ path, message }] });
}

export const PaymentLinkErrors = {
  productNotOffered: () => fieldError('productType', PAYMENT_LINK_MESSAGES.productNotOffered),
  amountOutOfRange: (message: string) => fieldError('amount', message),
  installmentsNotOffered: () => fieldError('installments', PAYMENT_LINK_MESSAGES.installmentsNotOffered),
  installmentsNotAvailable: () => fieldError('installments', PAYMENT_LINK_MESSAGES.installmentsNotAvailable),
  /** An installments refusal of payment-link.rules.ts (one of the two above). */
  installments: (message: string) => fieldError('installments', message),
  referenceUsed: (reference: string) => fieldError('merchantReference', LINK_ERROR_MESSAGES.referenceUsed(reference)),
  linkNotFound: () => new AppError(ResultCode.NOT_FOUND, LINK_ERROR_MESSAGES.linkNotFound),
  notFound: () => new AppError(ResultCode.NOT_FOUND, LINK_ERROR_MESSAGES.notFound),
  alreadyPaid: () => new AppError(ResultCode.CONFLICT, LINK_ERROR_MESSAGES.alreadyPaid),
  expired: () => new AppError(ResultCode.CONFLICT, LINK_ERROR_MESSAGES.expired),
  cancelled: () => new AppError(ResultCode.CONFLICT, LINK_ERROR_MESSAGES.cancelled),
  paymentInProgress: () => new AppError(ResultCode.CONFLICT, LINK_ERROR_MESSAGES.paymentInProgress),
  requestReused: () => new AppError(ResultCode.CONFLICT, LINK_ERROR_MESSAGES.requestReused),
  requestIdRequired: () => fieldError('requestId', LINK_ERROR_MESSAGES.requestIdRequired),
  noValidRows: () => fieldError(BATCH_UPLOAD_FIELD, LINK_ERROR_MESSAGES.noValidRows),
  appendixNotFound: () => new AppError(ResultCode.NOT_FOUND, LINK_ERROR_MESSAGES.appendixNotFound),
} as const;
