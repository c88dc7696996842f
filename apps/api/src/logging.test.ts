import { expect, test } from 'vitest';
import { scrubSecrets } from './logging.ts';

test('secret-looking keys are replaced at any depth, other values kept, the input untouched', () => {
  const input = {
    username: 'demo.admin',
    password: 'DemoAdmin2026',
    body: { newPassword: 'x', nested: [{ authCode: '123456', refreshToken: 't', note: 'keep' }] },
    clientSecret: 's',
    count: 3,
  };
  expect(scrubSecrets(input)).toEqual({
    username: 'demo.admin',
    password: '[redacted]',
    body: { newPassword: '[redacted]', nested: [{ authCode: '[redacted]', refreshToken: '[redacted]', note: 'keep' }] },
    clientSecret: '[redacted]',
    count: 3,
  });
  expect(input.password).toBe('DemoAdmin2026');
});

test('cycles do not loop', () => {
  const a: Record<string, unknown> = { name: 'a' };
  a.self = a;
  expect(scrubSecrets(a)).toEqual({ name: 'a', self: '[circular]' });
});
