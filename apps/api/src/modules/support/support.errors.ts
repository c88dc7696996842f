import { ResultCode } from '@andes/contract/common/envelope';
import { CASE_REOPEN_WINDOW_DAYS } from '@andes/contract/support/enums';
import { SUPPORT_MESSAGES } from '@andes/contract/support/schemas';
import { AppError, CommonErrors } from '../../http/errors.ts';

/** Refusals of the support-case calls (docs/decisions/0029), each with the contract's words. */
export const SupportErrors = {
  /** Another merchant's (or sub-merchant's, or an unauthorised country's) case answers as a missing one. */
  notFound: () => new AppError(ResultCode.NOT_FOUND, SUPPORT_MESSAGES.caseNotFound),
  noSuchFile: () => new AppError(ResultCode.NOT_FOUND, SUPPORT_MESSAGES.fileNotFound),
  appendixUnknown: () => CommonErrors.validation([{ path: 'fileIds', message: SUPPORT_MESSAGES.appendixUnknown }]),
  requestReused: () => new AppError(ResultCode.CONFLICT, SUPPORT_MESSAGES.requestReused),
  changed: () => new AppError(ResultCode.CONFLICT, SUPPORT_MESSAGES.changed),
  notEditable: (status: string) => new AppError(ResultCode.CONFLICT, SUPPORT_MESSAGES.notEditable(status)),
  notClosable: (status: string) => new AppError(ResultCode.CONFLICT, SUPPORT_MESSAGES.notClosable(status)),
  notReopenable: (status: string) => new AppError(ResultCode.CONFLICT, SUPPORT_MESSAGES.notReopenable(status)),
  closedNoReply: () => new AppError(ResultCode.CONFLICT, SUPPORT_MESSAGES.closedNoReply),
  reopenWindowPassed: () => new AppError(ResultCode.CONFLICT, SUPPORT_MESSAGES.reopenWindowPassed(CASE_REOPEN_WINDOW_DAYS)),
  invalidCursor: () => CommonErrors.validation([{ path: 'cursor', message: 'Not a valid page cursor: reload the first page' }]),
} as const;
