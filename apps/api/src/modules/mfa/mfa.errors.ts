import { ResultCode } from '@andes/contract/common/envelope';
import { AppError } from '../../http/errors.ts';

/** Error table of the MFA module. Wrong codes are not errors: the answers say so (authResult false). */
export const MfaErrors = {
  alreadyOn: () => new AppError(ResultCode.CONFLICT, 'Two-factor authentication is already on; turn it off before binding another device'),
  noBinding: () => new AppError(ResultCode.CONFLICT, 'Start binding an authenticator first'),
  bindingExpired: () => new AppError(ResultCode.CONFLICT, 'The QR code has expired; please start binding again'),
  notOn: () => new AppError(ResultCode.CONFLICT, 'Two-factor authentication is not on'),
  blocked(until: Date, now: Date) {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    return new AppError(
      ResultCode.RATE_LIMITED,
      `Too many wrong codes. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`,
      undefined,
      { retryAt: until.toISOString() },
    );
  },
} as const;
