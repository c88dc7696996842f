import { describe, expect, test } from 'vitest';
import { evaluateLockout, LOCKOUT, lockStartedBy } from './lockout.ts';

const MIN = 60_000;
const now = new Date('2026-03-10T12:00:00Z');
const ago = (ms: number) => new Date(now.getTime() - ms);
/** `n` failures, newest first, the newest `newestAgo` ms ago, one every `gap` ms. */
const failures = (n: number, newestAgo: number, gap = 10_000) => Array.from({ length: n }, (_, i) => ago(newestAgo + i * gap));

describe('evaluateLockout, per address', () => {
  test('nine failures do not lock', () => {
    expect(evaluateLockout({ now, addressFailures: failures(9, 0), accountFailures: failures(9, 0), knownAddress: true })).toEqual({
      locked: false,
    });
  });

  test('the 10th failure within 30 minutes locks the address for 30 minutes from it', () => {
    const f = failures(10, 5 * MIN);
    const d = evaluateLockout({ now, addressFailures: f, accountFailures: [], knownAddress: true });
    expect(d).toEqual({ locked: true, scope: 'address', until: new Date(ago(5 * MIN).getTime() + LOCKOUT.lockMs) });
  });

  test('the lock ends 30 minutes after the 10th failure', () => {
    const d = evaluateLockout({ now, addressFailures: failures(10, 30 * MIN), accountFailures: [], knownAddress: true });
    expect(d).toEqual({ locked: false });
  });

  test('ten failures spread over more than 30 minutes do not lock', () => {
    const d = evaluateLockout({ now, addressFailures: failures(10, 0, 4 * MIN), accountFailures: [], knownAddress: true });
    expect(d).toEqual({ locked: false });
  });

  test('a single new failure after a lock ended does not lock again', () => {
    const afterLock = [ago(0), ...failures(10, 31 * MIN)];
    expect(evaluateLockout({ now, addressFailures: afterLock, accountFailures: [], knownAddress: true })).toEqual({ locked: false });
  });
});

describe('evaluateLockout, per account', () => {
  test('ten failures from anywhere refuse an unknown address until the 10th most recent is 30 minutes old', () => {
    const account = failures(12, MIN);
    const d = evaluateLockout({ now, addressFailures: [], accountFailures: account, knownAddress: false });
    expect(d).toEqual({ locked: true, scope: 'account', until: new Date((account[9] as Date).getTime() + LOCKOUT.windowMs) });
  });

  test('a known address is not refused by the account-wide count', () => {
    expect(evaluateLockout({ now, addressFailures: [], accountFailures: failures(12, MIN), knownAddress: true })).toEqual({
      locked: false,
    });
  });

  test('failures older than 30 minutes do not count', () => {
    expect(evaluateLockout({ now, addressFailures: [], accountFailures: failures(10, 30 * MIN), knownAddress: false })).toEqual({
      locked: false,
    });
  });
});

describe('lockStartedBy', () => {
  test('the 10th failure from an address starts that address lock, for 30 minutes from now', () => {
    expect(lockStartedBy({ now, addressFailures: failures(9, MIN), accountFailures: failures(9, MIN) })).toEqual({
      locked: true,
      scope: 'address',
      until: new Date(now.getTime() + LOCKOUT.lockMs),
    });
  });

  test('the 9th failure starts nothing', () => {
    expect(lockStartedBy({ now, addressFailures: failures(8, MIN), accountFailures: failures(8, MIN) })).toEqual({ locked: false });
  });

  test('the 10th failure on the account from many addresses starts the account lock', () => {
    expect(lockStartedBy({ now, addressFailures: [], accountFailures: failures(9, MIN) })).toMatchObject({
      locked: true,
      scope: 'account',
    });
  });

  test('a failure while the account lock is already on (from a known address) starts nothing new', () => {
    expect(lockStartedBy({ now, addressFailures: failures(2, MIN), accountFailures: failures(10, MIN) })).toEqual({ locked: false });
  });
});
