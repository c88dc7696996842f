import { ResultCode } from '@andes/contract/common/envelope';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../shared/api/errors.ts';
import { afterLoginPath, loginStatusPath } from './after-login.ts';

describe('afterLoginPath', () => {
  it('goes to redirectPath after a normal sign-in, the start screen without one', () => {
    expect(afterLoginPath({ passwordScene: 'NORMAL', passwordDaysLeft: null }, '/transactions/payin?page=2')).toBe(
      '/transactions/payin?page=2',
    );
    expect(afterLoginPath({ passwordScene: 'NORMAL', passwordDaysLeft: null }, null)).toBe('/');
  });

  it('never leaves the app', () => {
    for (const evil of ['https://evil.example/x', '//evil.example', '/\\evil.example', 'javascript:alert(1)', '/login/form']) {
      expect(afterLoginPath({ passwordScene: 'NORMAL', passwordDaysLeft: null }, evil)).toBe('/');
    }
  });

  it('sends a first or expired password to the reset page, keeping the target', () => {
    expect(afterLoginPath({ passwordScene: 'INITIAL', passwordDaysLeft: null }, '/home')).toBe(
      '/login/resetPsw?scene=initial&redirectPath=%2Fhome',
    );
    expect(afterLoginPath({ passwordScene: 'EXPIRED', passwordDaysLeft: null }, null)).toBe(
      '/login/resetPsw?scene=expired&redirectPath=%2F',
    );
    expect(afterLoginPath({ passwordScene: 'ABOUT2EXPIRE', passwordDaysLeft: 5 }, null)).toBe(
      '/login/resetPsw?scene=about2expire&days=5&redirectPath=%2F',
    );
  });
});

describe('loginStatusPath', () => {
  it('maps refusals the user cannot fix in the form to the status page', () => {
    expect(loginStatusPath(new ApiError(ResultCode.ACCOUNT_DISABLED, 'disabled', null))).toBe('/login/status?reason=disabled');
    expect(loginStatusPath(new ApiError(ResultCode.IP_NOT_TRUSTED, 'ip', null))).toBe('/login/status?reason=ip');
    expect(loginStatusPath(new ApiError(ResultCode.ACCOUNT_LOCKED, 'locked', { lockedUntil: '2026-11-22T10:30:00.000Z' }))).toBe(
      '/login/status?reason=locked&retryAt=2026-11-22T10%3A30%3A00.000Z',
    );
  });

  it('leaves other errors to the form', () => {
    expect(loginStatusPath(new ApiError(ResultCode.INVALID_CREDENTIALS, 'wrong', null))).toBeNull();
    expect(loginStatusPath(new Error('offline'))).toBeNull();
  });
});
