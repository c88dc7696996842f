import { expect, test } from 'vitest';
import { base32Decode, base32Encode, generateTotpSecret, hotp, matchTotp, otpauthUri, TOTP, timeStepOf, totpAt } from './totp.ts';

const SEED_SHA1 = Buffer.from('12345678901234567890', 'ascii');
const SEED_SHA256 = Buffer.from('12345678901234567890123456789012', 'ascii');
const SEED_SHA512 = Buffer.from('1234567890123456789012345678901234567890123456789012345678901234', 'ascii');

test('HOTP matches the RFC 4226 appendix D values', () => {
  const expected = ['755224', '287082', '359152', '969429', '338314', '254676', '287922', '162583', '399871', '520489'];
  expect(expected.map((_, counter) => hotp(SEED_SHA1, counter))).toEqual(expected);
});

test.each([
  [59, '94287082', '46119246', '90693936'],
  [1111111109, '07081804', '68084774', '25091201'],
  [1111111111, '14050471', '67062674', '99943326'],
  [1234567890, '89005924', '91819424', '93441116'],
  [2000000000, '69279037', '90698825', '38618901'],
  [20000000000, '65353130', '77737706', '47863826'],
])('TOTP matches the RFC 6238 appendix B vectors at T=%i', (seconds, sha1, sha256, sha512) => {
  const at = seconds * 1000;
  expect(totpAt(SEED_SHA1, at, { algorithm: 'sha1', digits: 8, stepSeconds: 30 })).toBe(sha1);
  expect(totpAt(SEED_SHA256, at, { algorithm: 'sha256', digits: 8, stepSeconds: 30 })).toBe(sha256);
  expect(totpAt(SEED_SHA512, at, { algorithm: 'sha512', digits: 8, stepSeconds: 30 })).toBe(sha512);
});

test('Andes codes are SHA-1, 6 digits, 30-second steps: the last 6 digits of the RFC vector', () => {
  expect(TOTP).toEqual({ algorithm: 'sha1', digits: 6, stepSeconds: 30 });
  expect(totpAt(SEED_SHA1, 59_000)).toBe('287082');
  expect(totpAt(SEED_SHA1, 1_111_111_109_000)).toBe('081804');
  expect(timeStepOf(59_000)).toBe(1);
  expect(timeStepOf(60_000)).toBe(2);
});

test('base32 round-trips and matches RFC 4648', () => {
  expect(base32Encode(Buffer.from('foobar'))).toBe('MZXW6YTBOI');
  expect(base32Encode(Buffer.from('f'))).toBe('MY');
  expect(base32Decode('MZXW6YTBOI').toString()).toBe('foobar');
  expect(base32Decode('mzxw 6ytb oi======').toString()).toBe('foobar');
  expect(base32Encode(SEED_SHA1)).toBe('GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ');
  expect(() => base32Decode('MZ1W')).toThrow('not a base32 string');
});

test('a secret is 20 random bytes in base32 (32 characters), new each time', () => {
  const a = generateTotpSecret();
  expect(a).toMatch(/^[A-Z2-7]{32}$/);
  expect(base32Decode(a)).toHaveLength(20);
  expect(generateTotpSecret()).not.toBe(a);
});

test('a code is accepted one step early or late, not two; the matched step is answered', () => {
  const now = 1_700_000_000_000;
  const step = timeStepOf(now);
  const codeAt = (s: number) => hotp(SEED_SHA1, s);
  expect(matchTotp(SEED_SHA1, codeAt(step), now, null)).toBe(step);
  expect(matchTotp(SEED_SHA1, codeAt(step - 1), now, null)).toBe(step - 1);
  expect(matchTotp(SEED_SHA1, codeAt(step + 1), now, null)).toBe(step + 1);
  expect(matchTotp(SEED_SHA1, codeAt(step - 2), now, null)).toBeNull();
  expect(matchTotp(SEED_SHA1, codeAt(step + 2), now, null)).toBeNull();
  expect(matchTotp(SEED_SHA1, codeAt(step + 10), now, null)).toBeNull();
});

test('a code of the last accepted step, or of an earlier one, is a replay', () => {
  const now = 1_700_000_000_000;
  const step = timeStepOf(now);
  const code = hotp(SEED_SHA1, step);
  expect(matchTotp(SEED_SHA1, code, now, step - 1)).toBe(step);
  expect(matchTotp(SEED_SHA1, code, now, step)).toBeNull();
  expect(matchTotp(SEED_SHA1, hotp(SEED_SHA1, step - 1), now, step)).toBeNull();
  expect(matchTotp(SEED_SHA1, hotp(SEED_SHA1, step + 1), now, step)).toBe(step + 1);
});

test('the otpauth URI names issuer and account and carries the parameters apps read', () => {
  expect(otpauthUri({ secret: 'JBSWY3DPEHPK3PXP', issuer: 'Andes', accountName: 'demo.admin (ANDES-DEMO)' })).toBe(
    'otpauth://totp/Andes:demo.admin%20(ANDES-DEMO)?secret=JBSWY3DPEHPK3PXP&issuer=Andes&algorithm=SHA1&digits=6&period=30',
  );
});
