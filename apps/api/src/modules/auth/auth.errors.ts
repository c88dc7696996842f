import { ResultCode, type ValidationIssue } from '@andes/contract/common/envelope';
import { AppError } from '../../http/errors.ts';
import { passwordPolicyMessage } from './password-policy.ts';

/** Error table of the auth module. */
export const AuthErrors = {
  /** Same message for an unknown username and a wrong password. */
  invalidCredentials: () => new AppError(ResultCode.INVALID_CREDENTIALS, 'The username or password is incorrect'),
  locked(until: Date, now: Date) {
    const minutes = Math.max(1, Math.ceil((until.getTime() - now.getTime()) / 60_000));
    return new AppError(
      ResultCode.ACCOUNT_LOCKED,
      `Too many failed sign-ins. Please try again in ${minutes} minute${minutes === 1 ? '' : 's'} (after ${until.toISOString()}).`,
      undefined,
      { retryAt: until.toISOString() },
    );
  },
  disabled: () => new AppError(ResultCode.ACCOUNT_DISABLED, 'This account is disabled; please contact your administrator'),
  wrongPassword: () => new AppError(ResultCode.WRONG_PASSWORD, 'The current password is incorrect'),
  passwordPolicy: (issues: ValidationIssue[]) =>
    new AppError(ResultCode.PASSWORD_POLICY, passwordPolicyMessage(issues), undefined, { issues }),
  mfaRequired: () => new AppError(ResultCode.MFA_REQUIRED, 'Please enter the verification code from your authenticator app'),
  passwordResetRequired: (passwordScene: 'INITIAL' | 'EXPIRED') =>
    new AppError(
      ResultCode.PASSWORD_RESET_REQUIRED,
      passwordScene === 'INITIAL' ? 'Please set a new password before going on' : 'Your password has expired; please set a new one',
      undefined,
      { passwordScene },
    ),
} as const;
