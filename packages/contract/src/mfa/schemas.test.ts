import { describe, expect, it } from 'vitest';
import { MFA_CODE_MESSAGE } from '../common/validators.ts';
import {
  formatRecoveryCode,
  isRecoveryCode,
  MFA_ACTIVATE_FAILED_MESSAGE,
  MFA_CODE_INCORRECT_MESSAGE,
  MFA_PROOF_MESSAGE,
  MfaActivateResponse,
  MfaCodeInput,
  MfaCodeRequest,
  MfaOpenResponse,
  MfaProofRequest,
  MfaRecoveryCodesResponse,
  normalizeRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_MESSAGE,
} from './schemas.ts';

function issues(result: { success: boolean; error?: { issues: { message: string; path: PropertyKey[] }[] } }) {
  return (result.error?.issues ?? []).map((i) => ({ path: i.path.join('.'), message: i.message }));
}

describe('MFA code', () => {
  it.each([
    ['123456', '123456'],
    ['123 456', '123456'],
    ['12-34-56', '123456'],
    ['１２３４５６', '123456'],
    [' 000001 ', '000001'],
  ])('reads %j as %s, as the panel does', (input, code) => {
    expect(MfaCodeInput.parse(input)).toBe(code);
  });

  it.each(['', '12345', '1234567', 'abcdef', '12345a', '1'.repeat(40)])('refuses %j with the panel’s message', (input) => {
    expect(issues(MfaCodeInput.safeParse(input))).toEqual([{ path: '', message: MFA_CODE_MESSAGE }]);
  });

  it('keeps the spec’s texts exactly', () => {
    expect(MFA_CODE_INCORRECT_MESSAGE).toBe('The verification code is incorrect!');
    expect(MFA_ACTIVATE_FAILED_MESSAGE).toBe('Activate MFA failed!');
    expect(MFA_CODE_MESSAGE).toBe('Please enter the 6-digit verification code');
  });
});

describe('recovery codes', () => {
  it('reads typed codes the way they were meant', () => {
    expect(normalizeRecoveryCode('7k3qx-m9d2a')).toBe('7K3QXM9D2A');
    expect(normalizeRecoveryCode(' 7K3QX M9D2A ')).toBe('7K3QXM9D2A');
    expect(normalizeRecoveryCode('OIL00-abcde')).toBe('01100ABCDE');
    expect(formatRecoveryCode('7k3qxm9d2a')).toBe('7K3QX-M9D2A');
  });

  it('accepts only ten characters of the alphabet', () => {
    expect(RECOVERY_CODE_ALPHABET).toHaveLength(32);
    expect(isRecoveryCode('7K3QXM9D2A')).toBe(true);
    expect(isRecoveryCode('7K3QXM9D2')).toBe(false);
    expect(isRecoveryCode('7K3QXM9D2U')).toBe(false);
  });
});

describe('proof of the second factor', () => {
  it('takes the spec’s authCode', () => {
    expect(MfaProofRequest.parse({ authCode: '123 456' })).toEqual({ method: 'TOTP', code: '123456' });
  });

  it('takes a recovery code instead', () => {
    expect(MfaProofRequest.parse({ recoveryCode: '7k3qx-m9d2a' })).toEqual({ method: 'RECOVERY_CODE', code: '7K3QXM9D2A' });
  });

  it('wants exactly one of them', () => {
    expect(issues(MfaProofRequest.safeParse({}))).toEqual([{ path: 'authCode', message: MFA_PROOF_MESSAGE }]);
    expect(issues(MfaProofRequest.safeParse({ authCode: '123456', recoveryCode: '7K3QXM9D2A' }))).toEqual([
      { path: 'authCode', message: MFA_PROOF_MESSAGE },
    ]);
  });

  it('shows the field’s own message for a bad code, and refuses unknown fields', () => {
    expect(issues(MfaProofRequest.safeParse({ recoveryCode: 'short' }))).toEqual([
      { path: 'recoveryCode', message: RECOVERY_CODE_MESSAGE },
    ]);
    expect(issues(MfaProofRequest.safeParse({ authCode: '12345' }))).toEqual([{ path: 'authCode', message: MFA_CODE_MESSAGE }]);
    expect(MfaProofRequest.safeParse({ authCode: '123456', secret: 'x' }).success).toBe(false);
    expect(MfaCodeRequest.safeParse({ recoveryCode: '7K3QXM9D2A' }).success).toBe(false);
  });
});

describe('answers', () => {
  it('gives the recovery codes only with a successful activation', () => {
    const codes = Array.from({ length: 10 }, (_, i) => `AAAAA-AAAA${i}`);
    expect(MfaActivateResponse.parse({ activated: true, recoveryCodes: codes })).toEqual({ activated: true, recoveryCodes: codes });
    expect(MfaActivateResponse.parse({ activated: false })).toEqual({ activated: false });
    expect(MfaActivateResponse.safeParse({ activated: true }).success).toBe(false);
    expect(MfaActivateResponse.safeParse({ activated: true, recoveryCodes: codes.slice(1) }).success).toBe(false);
    expect(MfaRecoveryCodesResponse.parse({ authResult: false })).toEqual({ authResult: false });
  });

  it('describes the binding step with URI, QR code and secret', () => {
    const open = {
      otpauthUri: 'otpauth://totp/Andes:ana?secret=JBSWY3DPEHPK3PXP&issuer=Andes',
      qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
      secret: 'JBSWY3DPEHPK3PXP',
      issuer: 'Andes',
      accountName: 'ana',
      expiresAt: '2026-01-01T00:10:00.000Z',
    };
    expect(MfaOpenResponse.parse(open)).toEqual(open);
    expect(MfaOpenResponse.safeParse({ ...open, otpauthUri: 'https://evil.example' }).success).toBe(false);
    expect(MfaOpenResponse.safeParse({ ...open, secret: 'jbswy3dp' }).success).toBe(false);
  });
});
