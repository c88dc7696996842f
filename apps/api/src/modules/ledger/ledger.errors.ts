import { ResultCode } from '@andes/contract/common/envelope';
import { AppError } from '../../http/errors.ts';

/** What the ledger tells a caller. Programming errors (unbalanced lines) are plain Errors: a 500. */
export const LedgerErrors = {
  /** The database refused a bucket below zero (accounts_no_overdraw_check): nothing was written. */
  overdraw: () => new AppError(ResultCode.INSUFFICIENT_BALANCE, 'The balance does not cover this movement; nothing was moved'),
  /** A rule refused for lack of money (posting-rules RuleRefusal with `insufficient`). */
  insufficient: (message: string) => new AppError(ResultCode.INSUFFICIENT_BALANCE, message),
} as const;

/** True when `error` (or its cause) is PostgreSQL's check violation (23514) of the named constraint. */
export function isCheckViolation(error: unknown, constraint: string): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && typeof current === 'object' && current !== null; depth += 1) {
    const e = current as { code?: unknown; constraint?: unknown; cause?: unknown };
    if (e.code === '23514' && e.constraint === constraint) return true;
    current = e.cause;
  }
  return false;
}
