import { describe, expect, it } from 'vitest';
import { passwordReset } from '../iam/endpoints.ts';
import { resetLinkVerify } from './endpoints.ts';
import { acceptsResetLinkToken } from './reset-link.ts';
import { FORGOT_PASSWORD_SENT_MESSAGE, ForgotPasswordRequest, PASSWORD_MESSAGES, resetPasswordLink } from './schemas.ts';

function issues(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  return (result.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('forgot password', () => {
  it('takes merchant code and account or e-mail, trimmed', () => {
    expect(ForgotPasswordRequest.parse({ merchantCode: ' M1001 ', account: ' ana@example.com ' })).toEqual({
      merchantCode: 'M1001',
      account: 'ana@example.com',
    });
    expect(ForgotPasswordRequest.parse({ merchantCode: 'M1001', account: 'ana' }).account).toBe('ana');
  });

  it('says what is missing, in the spec’s words', () => {
    expect(issues(ForgotPasswordRequest.safeParse({ merchantCode: '', account: ' ' }))).toEqual([
      { path: 'merchantCode', message: 'Please enter the merchant code' },
      { path: 'account', message: 'Please enter the account or email' },
    ]);
    expect(issues(ForgotPasswordRequest.safeParse({}))).toEqual([
      { path: 'merchantCode', message: 'Please enter the merchant code' },
      { path: 'account', message: 'Please enter the account or email' },
    ]);
    expect(issues(ForgotPasswordRequest.safeParse({ merchantCode: 'M'.repeat(65), account: 'a'.repeat(255) }))).toEqual([
      { path: 'merchantCode', message: 'At most 64 characters' },
      { path: 'account', message: 'At most 254 characters' },
    ]);
  });

  it('answers the same words whether or not the account exists', () => {
    expect(FORGOT_PASSWORD_SENT_MESSAGE).toMatch(/^If the account exists/);
  });
});

describe('reset links', () => {
  it('builds the link of the reset page with the token in the query', () => {
    expect(resetPasswordLink('https://dash.andes.example', 'abc_DEF-123')).toBe(
      'https://dash.andes.example/login/reset-password?token=abc_DEF-123',
    );
    expect(resetPasswordLink('http://localhost:3000/', 'a+b/c=')).toBe('http://localhost:3000/login/reset-password?token=a%2Bb%2Fc%3D');
  });

  it('lets only the reset and verify calls take a reset-link token', () => {
    expect(acceptsResetLinkToken(passwordReset.path)).toBe(true);
    expect(acceptsResetLinkToken(resetLinkVerify.path)).toBe(true);
    expect(acceptsResetLinkToken('/dashboard/user/password/change')).toBe(false);
    expect(acceptsResetLinkToken('/dashboard/user/current-user/info')).toBe(false);
  });

  it('names the password history depth in the refusal', () => {
    expect(PASSWORD_MESSAGES.reused).toBe('The new password must differ from your last 4 passwords');
  });
});
