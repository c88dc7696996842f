import type { Endpoint } from '../common/define-endpoint.ts';
import { passwordReset } from '../iam/endpoints.ts';
import { resetLinkVerify } from './endpoints.ts';

/**
 * The only calls that take a reset-link token in the `token` header instead of a session token.
 * The server resolves a reset-link token for these paths only, and never resolves a session token
 * for them: a signed-in user changes their password with `/dashboard/user/password/change`.
 */
export const RESET_LINK_TOKEN_ENDPOINTS: readonly Endpoint[] = [passwordReset, resetLinkVerify];

export function acceptsResetLinkToken(path: string): boolean {
  return RESET_LINK_TOKEN_ENDPOINTS.some((e) => e.path === path);
}
