import { expect, test } from 'vitest';
import { COMMON_PASSWORD_COUNT, isCommonPassword } from './common-passwords.ts';
import { PASSWORD_COMMON_MESSAGE, passwordPolicyIssues } from './password-policy.ts';

test('the shipped list holds 10,000 passwords', () => {
  expect(COMMON_PASSWORD_COUNT).toBe(10_000);
});

test('common passwords are found whatever their case; others are not', () => {
  expect(isCommonPassword('password1')).toBe(true);
  expect(isCommonPassword('Password1')).toBe(true);
  expect(isCommonPassword('QWERTY123')).toBe(true);
  expect(isCommonPassword('Tr0ub4dor&3-Andes')).toBe(false);
  // The header line of the file is not a password.
  expect(isCommonPassword('# 10000 most common passwords')).toBe(false);
});

test('a common password that meets the rules is refused with its own message', () => {
  expect(passwordPolicyIssues({ oldPassword: 'Old', newPassword: 'Password1', confirmPassword: 'Password1' })).toEqual([
    { path: 'newPassword', message: PASSWORD_COMMON_MESSAGE },
  ]);
  expect(PASSWORD_COMMON_MESSAGE).toBe('This password appears in lists of leaked passwords: please choose another');
});
