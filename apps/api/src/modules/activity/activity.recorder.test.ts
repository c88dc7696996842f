import { expect, test } from 'vitest';
import { ActivityDetailsError, checkDetails, isSecretKey } from './activity.recorder.ts';

test('keys that name a password, token, code or secret are refused, in any spelling', () => {
  for (const key of [
    'password',
    'newPassword',
    'old_password',
    'PASSWORD',
    'passwordHash',
    'token',
    'refreshToken',
    'reset_token',
    'code',
    'authCode',
    'recoveryCodes',
    'mfa.code',
    'secret',
    'clientSecret',
    'totp',
    'apiKey',
    'authcode',
    'pwd',
    'cookie',
  ]) {
    expect(isSecretKey(key), key).toBe(true);
    expect(() => checkDetails({ [key]: 'x' }), key).toThrow(ActivityDetailsError);
  }
});

test('ordinary keys pass', () => {
  for (const key of ['reason', 'scope', 'until', 'method', 'purpose', 'otherSignInsEnded', 'country', 'field']) {
    expect(isSecretKey(key), key).toBe(false);
  }
  expect(checkDetails({ reason: 'INVALID_CREDENTIALS', scope: 'address' })).toEqual({ reason: 'INVALID_CREDENTIALS', scope: 'address' });
});

test('details are small: at most 16 keys of plain names and values of at most 256 characters', () => {
  const many = Object.fromEntries(Array.from({ length: 17 }, (_, i) => [`k${i}`, 'v']));
  expect(() => checkDetails(many)).toThrow('at most 16 details');
  expect(() => checkDetails({ 'a b': 'v' })).toThrow('detail key "a b" is not a plain name');
  expect(() => checkDetails({ note: 'x'.repeat(257) })).toThrow('detail "note" is longer than 256 characters');
  expect(checkDetails({ note: 'x'.repeat(256) }).note).toHaveLength(256);
});
