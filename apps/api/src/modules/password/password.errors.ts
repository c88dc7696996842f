import { ResultCode } from '@andes/contract/common/envelope';
import { PASSWORD_MESSAGES } from '@andes/contract/password/schemas';
import { AppError } from '../../http/errors.ts';

/** Error table of the password module (forgot password and reset links). */
export const PasswordErrors = {
  /**
   * An unknown, used or expired link — or one of a user or merchant disabled since — answers
   * NOT_FOUND (not SESSION_EXPIRED, which would send the page to the sign-in form).
   */
  linkInvalid: () => new AppError(ResultCode.NOT_FOUND, PASSWORD_MESSAGES.linkInvalid),
} as const;
