import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { MFA_CODE_LENGTH, MFA_SECRET_BYTES, MFA_TOTP_STEP_SECONDS, MFA_TOTP_WINDOW_STEPS } from '@andes/contract/common/constants';

/**
 * TOTP (RFC 6238) over HOTP (RFC 4226) with node:crypto: HMAC-SHA-1, 6 digits, 30-second steps from
 * the Unix epoch, one step of drift accepted either way. The other hashes of RFC 6238 are here for
 * its test vectors only.
 */

export type TotpAlgorithm = 'sha1' | 'sha256' | 'sha512';

export interface TotpOptions {
  algorithm: TotpAlgorithm;
  digits: number;
  stepSeconds: number;
}

export const TOTP: TotpOptions = { algorithm: 'sha1', digits: MFA_CODE_LENGTH, stepSeconds: MFA_TOTP_STEP_SECONDS };

// ---------------------------------------------------------------------------------------------
// Base32 (RFC 4648 §6, upper case, no padding): how authenticator apps take secrets.
// ---------------------------------------------------------------------------------------------

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function base32Encode(bytes: Uint8Array): string {
  let out = '';
  let buffer = 0;
  let bits = 0;
  for (const byte of bytes) {
    buffer = (buffer << 8) | byte;
    bits += 8;
    while (bits >= 5) {
      out += BASE32[(buffer >>> (bits - 5)) & 31];
      bits -= 5;
    }
    buffer &= (1 << bits) - 1;
  }
  if (bits > 0) out += BASE32[(buffer << (5 - bits)) & 31];
  return out;
}

/** Decodes base32, ignoring case, spaces and padding; throws on any other character. */
export function base32Decode(text: string): Buffer {
  const clean = text.replace(/[\s=]/g, '').toUpperCase();
  const out: number[] = [];
  let buffer = 0;
  let bits = 0;
  for (const char of clean) {
    const value = BASE32.indexOf(char);
    if (value === -1) throw new Error('not a base32 string');
    buffer = (buffer << 5) | value;
    bits += 5;
    if (bits >= 8) {
      out.push((buffer >>> (bits - 8)) & 255);
      bits -= 8;
    }
    buffer &= (1 << bits) - 1;
  }
  return Buffer.from(out);
}

/** A new TOTP secret: MFA_SECRET_BYTES (20) CSPRNG bytes, base32. */
export function generateTotpSecret(): string {
  return base32Encode(randomBytes(MFA_SECRET_BYTES));
}

// ---------------------------------------------------------------------------------------------
// HOTP / TOTP
// ---------------------------------------------------------------------------------------------

/** HOTP value of `counter` (RFC 4226 §5.3, dynamic truncation), zero-padded to `digits`. */
export function hotp(key: Buffer, counter: number, digits: number = TOTP.digits, algorithm: TotpAlgorithm = TOTP.algorithm): string {
  if (!Number.isSafeInteger(counter) || counter < 0) throw new Error('the HOTP counter is a non-negative integer');
  const message = Buffer.alloc(8);
  message.writeBigUInt64BE(BigInt(counter));
  const mac = createHmac(algorithm, key).update(message).digest();
  const offset = (mac[mac.length - 1] ?? 0) & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 10 ** digits).padStart(digits, '0');
}

/** The time step of an instant: whole `stepSeconds` since the Unix epoch (RFC 6238 T). */
export function timeStepOf(atMs: number, stepSeconds: number = TOTP.stepSeconds): number {
  return Math.floor(atMs / 1000 / stepSeconds);
}

/** The TOTP code at an instant. */
export function totpAt(key: Buffer, atMs: number, options: TotpOptions = TOTP): string {
  return hotp(key, timeStepOf(atMs, options.stepSeconds), options.digits, options.algorithm);
}

function sameCode(a: string, b: string): boolean {
  const x = Buffer.from(a, 'utf8');
  const y = Buffer.from(b, 'utf8');
  return x.length === y.length && timingSafeEqual(x, y);
}

/**
 * The time step `code` belongs to, within MFA_TOTP_WINDOW_STEPS of `nowMs`'s step, and later than
 * `afterStep` (the last step accepted for this user: that step and earlier ones are replays);
 * null when none matches. Every step of the window is computed, so the time taken does not depend
 * on which one matched.
 */
export function matchTotp(
  key: Buffer,
  code: string,
  nowMs: number,
  afterStep: number | null,
  window: number = MFA_TOTP_WINDOW_STEPS,
  options: TotpOptions = TOTP,
): number | null {
  const current = timeStepOf(nowMs, options.stepSeconds);
  let matched: number | null = null;
  for (let step = current - window; step <= current + window; step += 1) {
    if (step < 0) continue;
    const ok = sameCode(hotp(key, step, options.digits, options.algorithm), code);
    if (ok && matched === null && (afterStep === null || step > afterStep)) matched = step;
  }
  return matched;
}

/**
 * The `otpauth://totp/` URI authenticator apps scan (Key Uri Format): label `issuer:account`,
 * with the secret, issuer, algorithm, digits and period as parameters.
 */
export function otpauthUri(input: { secret: string; issuer: string; accountName: string }, options: TotpOptions = TOTP): string {
  const label = `${encodeURIComponent(input.issuer)}:${encodeURIComponent(input.accountName)}`;
  const params = new URLSearchParams({
    secret: input.secret,
    issuer: input.issuer,
    algorithm: options.algorithm.toUpperCase(),
    digits: String(options.digits),
    period: String(options.stepSeconds),
  });
  return `otpauth://totp/${label}?${params.toString()}`;
}
