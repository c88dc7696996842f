import { ResultCode } from '@andes/contract/common/envelope';
import { AppError, CommonErrors } from '../../http/errors.ts';

/** What the ingestion API answers the platform when it refuses an event (nothing is recorded). */
export const PlatformErrors = {
  serviceUnauthorized: () =>
    new AppError(ResultCode.SERVICE_UNAUTHORIZED, 'A valid platform service token is required (Authorization: Bearer <token>)'),
  eventIdReused: (eventId: string) =>
    new AppError(ResultCode.CONFLICT, `Event id ${eventId} was already used for a different event; send a new id for a new event`),
  merchantNotFound: (code: string) => new AppError(ResultCode.NOT_FOUND, `Merchant ${code} was not found`),
  subMerchantNotFound: (sub: string, merchant: string) =>
    new AppError(ResultCode.NOT_FOUND, `Sub-merchant ${sub} of merchant ${merchant} was not found`),
  notTopLevel: (code: string) =>
    CommonErrors.validation([
      { path: 'merchantCode', message: `${code} is a sub-merchant: send its parent's code as merchantCode and ${code} as subMerchantCode` },
    ]),
  invalid: (path: string, message: string) => CommonErrors.validation([{ path, message }]),
  conflict: (message: string) => new AppError(ResultCode.CONFLICT, message),
  insufficient: (message: string) => new AppError(ResultCode.INSUFFICIENT_BALANCE, message),
} as const;
