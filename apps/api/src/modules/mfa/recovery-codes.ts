import { randomInt } from 'node:crypto';
import { MFA_RECOVERY_CODE_COUNT, MFA_RECOVERY_CODE_LENGTH } from '@andes/contract/common/constants';
import { formatRecoveryCode, RECOVERY_CODE_ALPHABET } from '@andes/contract/mfa/schemas';

/**
 * One-time recovery codes: MFA_RECOVERY_CODE_LENGTH characters of Crockford's base32 (50 bits),
 * drawn with a CSPRNG, shown once as `XXXXX-XXXXX`. Only argon2id hashes of the normalised code
 * (the contract's normalizeRecoveryCode: upper case, no dash) are stored.
 */
export function generateRecoveryCode(): string {
  let code = '';
  for (let i = 0; i < MFA_RECOVERY_CODE_LENGTH; i += 1) code += RECOVERY_CODE_ALPHABET[randomInt(RECOVERY_CODE_ALPHABET.length)];
  return code;
}

/** A fresh set of distinct codes: `plain` (normalised, to hash) and `shown` (formatted, answered once). */
export function generateRecoveryCodes(count: number = MFA_RECOVERY_CODE_COUNT): { plain: string[]; shown: string[] } {
  const codes = new Set<string>();
  while (codes.size < count) codes.add(generateRecoveryCode());
  const plain = [...codes];
  return { plain, shown: plain.map(formatRecoveryCode) };
}
