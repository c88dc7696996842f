import { ResultCode } from '@andes/contract/common/envelope';
import { MESSAGE_MESSAGES } from '@andes/contract/message/schemas';
import { AppError, CommonErrors } from '../../http/errors.ts';

/** Refusals of the message-center calls (docs/decisions/0030). */
export const MessageErrors = {
  /** Another merchant's message, another user's notice, or a scheduled one: answered as a missing one. */
  notFound: () => new AppError(ResultCode.NOT_FOUND, MESSAGE_MESSAGES.notFound),
  invalidCursor: () => CommonErrors.validation([{ path: 'cursor', message: 'Not a valid page cursor: reload the first page' }]),
  merchantUnknown: () => CommonErrors.validation([{ path: 'merchantCode', message: MESSAGE_MESSAGES.merchantUnknown }]),
  scheduleTooFar: () => CommonErrors.validation([{ path: 'publishAt', message: MESSAGE_MESSAGES.scheduleTooFar }]),
} as const;
