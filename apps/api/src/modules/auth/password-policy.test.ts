import { expect, test } from 'vitest';
import { newPasswordIssues, passwordPolicyIssues, passwordPolicyMessage } from './password-policy.ts';

const ok = { oldPassword: 'OldSecret1', newPassword: 'NewSecret2', confirmPassword: 'NewSecret2' };
const check = (change: typeof ok) => {
  const issues = passwordPolicyIssues(change);
  return { issues, msg: passwordPolicyMessage(issues) };
};

test('a long enough password with upper, lower and digit that differs from the old one passes', () => {
  expect(passwordPolicyIssues(ok)).toEqual([]);
});

test('each broken rule is named on its field and in one sentence', () => {
  expect(check({ ...ok, newPassword: 'Ab1', confirmPassword: 'Ab1' })).toEqual({
    issues: [{ path: 'newPassword', message: 'At least 8 characters' }],
    msg: 'The new password needs at least 8 characters.',
  });
  expect(check({ ...ok, newPassword: 'abcdefgh', confirmPassword: 'abcdefgh' })).toEqual({
    issues: [
      { path: 'newPassword', message: 'At least one upper-case letter' },
      { path: 'newPassword', message: 'At least one number' },
    ],
    msg: 'The new password needs at least one upper-case letter and at least one number.',
  });
  expect(check({ ...ok, confirmPassword: 'NewSecret3' })).toEqual({
    issues: [{ path: 'confirmPassword', message: 'The two passwords do not match' }],
    msg: 'The two passwords do not match.',
  });
  expect(check({ ...ok, newPassword: 'OldSecret1', confirmPassword: 'OldSecret1' })).toEqual({
    issues: [{ path: 'newPassword', message: 'The new password must differ from the current one' }],
    msg: 'The new password must differ from the current one.',
  });
});

test('several problems are all reported', () => {
  expect(check({ oldPassword: 'x', newPassword: 'abc', confirmPassword: 'abd' }).msg).toBe(
    'The new password needs at least 8 characters, at least one upper-case letter and at least one number. The two passwords do not match.',
  );
});

test('a password that meets the rules may not contain the username, in any case', () => {
  expect(check({ ...ok, newPassword: 'Ana.Silva2026', confirmPassword: 'Ana.Silva2026' })).toEqual({ issues: [], msg: '' });
  const issues = passwordPolicyIssues({ ...ok, newPassword: 'xANA.SILVA2026', confirmPassword: 'xANA.SILVA2026' }, 'ana.silva');
  expect(issues).toEqual([{ path: 'newPassword', message: 'The password must not contain the username' }]);
  // A single refusal worded by the contract is answered exactly as written.
  expect(passwordPolicyMessage(issues)).toBe('The password must not contain the username');
  expect(newPasswordIssues('Ana.Silva2026', 'bob')).toEqual([]);
  // The rules come first: a short password is told about its length, not about the username.
  expect(newPasswordIssues('bobA1', 'bob')).toEqual([{ path: 'newPassword', message: 'At least 8 characters' }]);
});
