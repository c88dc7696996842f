import { LOGIN_LOCK_MINUTES, LOGIN_MAX_FAILURES } from '@andes/contract/common/constants';
import { DAY_MS, MINUTE_MS } from '../../clock.ts';

/**
 * Sign-in lockout rule.
 *
 * - A *failure* is a sign-in with a wrong username or password. Attempts refused by a lock, or
 *   refused because the account is disabled, are recorded for the audit but are not failures.
 * - **Per address.** Failures are counted per (username, client IP). When a failure is the 10th
 *   (LOGIN_MAX_FAILURES) from that address for that account within 30 minutes (LOGIN_LOCK_MINUTES),
 *   that address is locked out of that account for 30 minutes from that 10th failure: every
 *   sign-in from it, even with the right password, answers ACCOUNT_LOCKED with the time to retry.
 *   Since attempts during the lock are not failures, the lock does not extend itself, and once it
 *   ends the address needs 10 new failures within 30 minutes to be locked again.
 * - **Per account.** When an account gathers ≥ 10 failures from any addresses within the last 30
 *   minutes, sign-ins to it are refused (ACCOUNT_LOCKED) only from addresses that have never signed in
 *   to it successfully in the last 90 days. The owner's known addresses keep working, so nobody can
 *   lock a user out at will from elsewhere, while password spraying from many addresses still stops.
 *   The refusal lifts when the 10th most recent failure is 30 minutes old.
 * - A success from an address clears nothing retroactively (the audit rows stay), but failures from
 *   that address before its success no longer count, for either rule.
 * - The username is compared lower-cased and need not exist: unknown usernames are counted and locked
 *   the same way, so the answers do not reveal which accounts exist.
 */
export const LOCKOUT = {
  maxFailures: LOGIN_MAX_FAILURES,
  windowMs: LOGIN_LOCK_MINUTES * MINUTE_MS,
  lockMs: LOGIN_LOCK_MINUTES * MINUTE_MS,
  knownAddressMs: 90 * DAY_MS,
} as const;

export interface LockoutFacts {
  now: Date;
  /**
   * Failures from this address for this account in the last windowMs + lockMs, after this
   * address's last success; newest first.
   */
  addressFailures: readonly Date[];
  /** Failures for this account from any address in the last windowMs (see the rule); newest first. */
  accountFailures: readonly Date[];
  /** This address signed in to this account successfully within knownAddressMs. */
  knownAddress: boolean;
}

export type LockoutDecision = { locked: false } | { locked: true; until: Date; scope: 'address' | 'account' };

/** Applies the lockout rule to the facts of one sign-in attempt. */
export function evaluateLockout(f: LockoutFacts): LockoutDecision {
  const now = f.now.getTime();
  const n = LOCKOUT.maxFailures;
  const a = f.addressFailures;
  for (let i = 0; i + n - 1 < a.length; i += 1) {
    const tenth = a[i]?.getTime() ?? 0;
    const first = a[i + n - 1]?.getTime() ?? 0;
    if (now - tenth >= LOCKOUT.lockMs) break;
    if (tenth - first < LOCKOUT.windowMs) return { locked: true, until: new Date(tenth + LOCKOUT.lockMs), scope: 'address' };
  }
  if (!f.knownAddress) {
    const recent = f.accountFailures.filter((d) => now - d.getTime() < LOCKOUT.windowMs);
    const oldestCounted = recent[n - 1];
    if (oldestCounted) return { locked: true, until: new Date(oldestCounted.getTime() + LOCKOUT.windowMs), scope: 'account' };
  }
  return { locked: false };
}

/**
 * Whether the failure being recorded at `now` switches a lock on (one that was not on before it):
 * the address lock for this address, or the account lock for unknown addresses. The decision
 * names the lock it starts; the activity log and the owner's e-mail notice are written then, once
 * per lock rather than for each refused attempt.
 */
export function lockStartedBy(f: Omit<LockoutFacts, 'knownAddress'>): LockoutDecision {
  const now = f.now;
  const withThis = (list: readonly Date[]) => [now, ...list];
  const addressBefore = evaluateLockout({ now, addressFailures: f.addressFailures, accountFailures: [], knownAddress: true });
  const addressAfter = evaluateLockout({ now, addressFailures: withThis(f.addressFailures), accountFailures: [], knownAddress: true });
  if (!addressBefore.locked && addressAfter.locked) return addressAfter;
  const accountBefore = evaluateLockout({ now, addressFailures: [], accountFailures: f.accountFailures, knownAddress: false });
  const accountAfter = evaluateLockout({ now, addressFailures: [], accountFailures: withThis(f.accountFailures), knownAddress: false });
  if (!accountBefore.locked && accountAfter.locked) return accountAfter;
  return { locked: false };
}
