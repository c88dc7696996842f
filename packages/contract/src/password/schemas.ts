import { z } from 'zod';
import { EMAIL_MAX_LENGTH, MERCHANT_CODE_MAX_LENGTH, PASSWORD_HISTORY_DEPTH, USERNAME_MAX_LENGTH } from '../common/constants.ts';
import { InstantSchema, requiredText } from '../common/fields.ts';

/**
 * The password lifecycle beyond auth/schemas (scenes, change): forgetting it, and the reset link.
 * A reset link is `<origin>/login/reset-password?token=…`; the page sends the token in the `token`
 * header to `resetLinkVerify` (to greet the user and show the form) and to `passwordReset`.
 */

export const MERCHANT_CODE_REQUIRED_MESSAGE = 'Please enter the merchant code';
export const ACCOUNT_REQUIRED_MESSAGE = 'Please enter the account or email';

/**
 * Forgot password (spec §5): merchant code and account or e-mail. The account is a username or an
 * e-mail address; the server looks it up within the merchant only.
 */
export const ForgotPasswordRequest = z.object({
  merchantCode: requiredText(MERCHANT_CODE_MAX_LENGTH, MERCHANT_CODE_REQUIRED_MESSAGE),
  account: requiredText(Math.max(USERNAME_MAX_LENGTH, EMAIL_MAX_LENGTH), ACCOUNT_REQUIRED_MESSAGE),
});
export type ForgotPasswordRequest = z.infer<typeof ForgotPasswordRequest>;

/**
 * What the forgot-password page shows after sending, whatever the outcome: the answer never
 * reveals whether the merchant or the account exists (nor whether it has an e-mail address).
 */
export const FORGOT_PASSWORD_SENT_MESSAGE =
  'If the account exists and has an e-mail address, a link to reset the password is on its way. It works once and expires soon.';

/** Who the link is for, shown above the new-password form. */
export const ResetLinkInfo = z.object({
  username: z.string(),
  expiresAt: InstantSchema,
});
export type ResetLinkInfo = z.infer<typeof ResetLinkInfo>;

/** Messages of refusals the reset and change calls answer (PASSWORD_POLICY; NOT_FOUND for a bad link). */
export const PASSWORD_MESSAGES = {
  reused: `The new password must differ from your last ${PASSWORD_HISTORY_DEPTH} passwords`,
  breached: 'This password appears in lists of leaked passwords: please choose another',
  sameAsUsername: 'The password must not contain the username',
  linkInvalid: 'This link has expired or was already used: please ask for a new one',
} as const;

/** The web route of a reset link and its query parameter. */
export const RESET_PASSWORD_ROUTE = '/login/reset-password';
export const RESET_TOKEN_QUERY = 'token';

/** The link the server e-mails: the dashboard's public origin, the reset route and the token. */
export function resetPasswordLink(origin: string, token: string): string {
  const url = new URL(RESET_PASSWORD_ROUTE, origin);
  url.searchParams.set(RESET_TOKEN_QUERY, token);
  return url.toString();
}
