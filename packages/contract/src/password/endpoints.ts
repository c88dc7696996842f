import { defineEndpoint, EmptyRequest, EmptyResponse, SIGNED_IN } from '../common/define-endpoint.ts';
import { ForgotPasswordRequest, ResetLinkInfo } from './schemas.ts';

/**
 * Forgot password (public). Always answers success with nothing in it — the same answer, in about
 * the same time, whether or not the account exists — and e-mails a one-time reset link when it
 * does. The server rate-limits it per address and per account.
 */
export const forgotPassword = defineEndpoint({
  path: '/dashboard/auth/password/forgot',
  summary: 'Ask for a password reset link by merchant code and account or e-mail; always answers success',
  public: true,
  request: ForgotPasswordRequest,
  response: EmptyResponse,
});

/**
 * Who a reset link is for and until when, before the form is shown. The token of the link goes in
 * the `token` header (as for `/dashboard/user/password/reset`): the server accepts only reset-link
 * tokens here, and does not use the token up. An unknown, used or expired link answers NOT_FOUND
 * (not SESSION_EXPIRED, which would send the page to the sign-in form) with
 * PASSWORD_MESSAGES.linkInvalid, which the page shows instead of the form.
 */
export const resetLinkVerify = defineEndpoint({
  path: '/dashboard/auth/password/reset-link/verify',
  summary: 'Check a reset link (token in the token header): for whom and until when',
  permission: SIGNED_IN,
  allowedDuringPasswordReset: true,
  silentErrors: true,
  request: EmptyRequest,
  response: ResetLinkInfo,
});
