import { expect, test } from 'vitest';
import { scrubSecrets, serializeError } from './logging.ts';

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

test('a failed query is logged with its text and the database message, never its parameters', async () => {
  const { DrizzleQueryError } = await import('drizzle-orm/errors');
  const cause = Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
  const error = new DrizzleQueryError('select id from users where username = $1', ['secret-value\n    at x', 'hash-of-token'], cause);
  const logged = JSON.stringify(serializeError(error));
  expect(logged).toContain('select id from users where username = $1');
  expect(logged).toContain('invalid byte sequence');
  expect(logged).not.toContain('secret-value');
  expect(logged).not.toContain('hash-of-token');
});
