import type { LoginResponse } from '@andes/contract/auth/schemas';
import { ResultCode } from '@andes/contract/common/envelope';
import { ApiError } from '../../shared/api/errors.ts';
import { LOGIN_STATUS_PATH, REDIRECT_PARAM, RESET_PASSWORD_PATH, safeRedirectPath } from '../../shared/navigation/paths.ts';

/** Scenes of the reset page (`/login/resetPsw?scene=…`). */
export const RESET_SCENES = ['initial', 'expired', 'about2expire'] as const;
export type ResetScene = (typeof RESET_SCENES)[number];

export function parseResetScene(value: string | null): ResetScene | null {
  return (RESET_SCENES as readonly (string | null)[]).includes(value) ? (value as ResetScene) : null;
}

/** Days-left query parameter of the ABOUT2EXPIRE scene. */
export const DAYS_LEFT_PARAM = 'days';

function resetPasswordPath(scene: ResetScene, target: string, daysLeft?: number | null): string {
  const query = new URLSearchParams({ scene });
  if (scene === 'about2expire' && daysLeft !== undefined && daysLeft !== null) query.set(DAYS_LEFT_PARAM, String(daysLeft));
  query.set(REDIRECT_PARAM, target);
  return `${RESET_PASSWORD_PATH}?${query.toString()}`;
}

/**
 * Where a successful sign-in leads: the reset page when the password must (INITIAL, EXPIRED) or
 * should (ABOUT2EXPIRE) be changed, else `redirectPath` when it is a path of this app, else home.
 */
export function afterLoginPath(result: Pick<LoginResponse, 'passwordScene' | 'passwordDaysLeft'>, redirectPath: string | null): string {
  const target = safeRedirectPath(redirectPath);
  switch (result.passwordScene) {
    case 'INITIAL':
      return resetPasswordPath('initial', target);
    case 'EXPIRED':
      return resetPasswordPath('expired', target);
    case 'ABOUT2EXPIRE':
      return resetPasswordPath('about2expire', target, result.passwordDaysLeft);
    default:
      return target;
  }
}

/** Reasons the login status page explains (`/login/status?reason=…`). */
export const LOGIN_STATUS_REASONS = ['locked', 'disabled', 'ip'] as const;
export type LoginStatusReason = (typeof LOGIN_STATUS_REASONS)[number];
export const RETRY_AT_PARAM = 'retryAt';

const reasonByCode: ReadonlyMap<number, LoginStatusReason> = new Map([
  [ResultCode.ACCOUNT_LOCKED, 'locked'],
  [ResultCode.ACCOUNT_DISABLED, 'disabled'],
  [ResultCode.IP_NOT_TRUSTED, 'ip'],
]);

function retryAtOf(data: unknown): string | null {
  if (typeof data !== 'object' || data === null) return null;
  const value = (data as Record<string, unknown>).lockedUntil;
  return typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : null;
}

/**
 * The status page for a sign-in refused for a reason the user cannot fix in the form (locked,
 * disabled, address not trusted); null for errors the form shows itself.
 */
export function loginStatusPath(error: unknown): string | null {
  if (!(error instanceof ApiError)) return null;
  const reason = reasonByCode.get(error.code);
  if (!reason) return null;
  const query = new URLSearchParams({ reason });
  const retryAt = retryAtOf(error.data);
  if (retryAt) query.set(RETRY_AT_PARAM, retryAt);
  return `${LOGIN_STATUS_PATH}?${query.toString()}`;
}
