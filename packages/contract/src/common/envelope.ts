import { z } from 'zod';

/**
 * Result codes carried in the `code` field of every JSON response (spec §8).
 * The four codes the spec names keep their values; the rest are Andes' own and
 * are handled by the web client as "other codes" (the server message is shown).
 */
export const ResultCode = {
  /** Success. */
  OK: 200,
  /** No session (missing or unknown token). */
  UNAUTHORIZED: 401,
  /** Internal failure; the message never carries internals. */
  INTERNAL_ERROR: 500,
  /** Request payload failed validation; `data.issues` lists the fields. */
  VALIDATION_FAILED: 200001,
  /** The caller lacks the permission the call requires. */
  FORBIDDEN: 200003,
  /** The object does not exist or is outside the caller's scope. */
  NOT_FOUND: 200004,
  /** The object changed state meanwhile, or the write conflicts with existing data. */
  CONFLICT: 200009,
  /** Username or password is wrong. */
  INVALID_CREDENTIALS: 200010,
  /** Too many failed sign-ins; try again later. */
  ACCOUNT_LOCKED: 200011,
  /** The user account is disabled. */
  ACCOUNT_DISABLED: 200012,
  /** The new password breaks the policy. */
  PASSWORD_POLICY: 200013,
  /** The current password given is wrong. */
  WRONG_PASSWORD: 200014,
  /** The MFA code is required: the client opens the MFA panel (spec §8). */
  MFA_REQUIRED: 200023,
  /** Too many requests. */
  RATE_LIMITED: 200029,
  /** Session expired (spec §8). */
  SESSION_EXPIRED: 200030,
  /** Calls from the client's address are not allowed. */
  IP_NOT_TRUSTED: 200031,
  /** The password must be reset before going on (spec §8). */
  PASSWORD_RESET_REQUIRED: 200040,
  /** The account's available balance does not cover the amount (nothing was moved). */
  INSUFFICIENT_BALANCE: 200050,
  /** The platform service token is missing or unknown (`/internal/v1` calls only). */
  SERVICE_UNAUTHORIZED: 200060,
  /**
   * A part the server needs (its database) is out of reach for a moment: nothing was done, the
   * call may be repeated after `Retry-After` seconds (HTTP 503). The web client retries by itself.
   */
  TEMPORARILY_UNAVAILABLE: 200070,
} as const;

/** Seconds a caller waits before repeating a call answered TEMPORARILY_UNAVAILABLE (the `Retry-After` header). */
export const RETRY_AFTER_SECONDS = 2;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

/** Codes after which the web client sends the user back to sign in. */
export const SESSION_ENDED_CODES: readonly number[] = [ResultCode.UNAUTHORIZED, ResultCode.SESSION_EXPIRED];

/** Name of the request header that carries the session token. */
export const TOKEN_HEADER = 'token';
/** Name of the response header that carries a rotated session token. */
export const REFRESH_TOKEN_HEADER = 'refresh-token';
/** Response header with the request id, for support. */
export const REQUEST_ID_HEADER = 'x-request-id';

export const ValidationIssue = z.object({
  path: z.string(),
  message: z.string(),
});
export type ValidationIssue = z.infer<typeof ValidationIssue>;

export const ValidationErrorData = z.object({ issues: z.array(ValidationIssue) });
export type ValidationErrorData = z.infer<typeof ValidationErrorData>;

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** The `{code,msg,data}` wrapper of every JSON response. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}
