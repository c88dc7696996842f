import { readFileSync } from 'node:fs';

/**
 * The 10,000 most common passwords (common-passwords.txt, generated from @zxcvbn-ts/language-common,
 * MIT; see its header line and scripts/build-common-passwords.ts), lower-cased, read once when the
 * server starts.
 */
const FILE = new URL('./common-passwords.txt', import.meta.url);

function load(): ReadonlySet<string> {
  const lines = readFileSync(FILE, 'utf8').split('\n');
  // The first line is the header (source and licence); every other non-empty line is a password.
  return new Set(lines.slice(1).filter((line) => line !== ''));
}

const COMMON_PASSWORDS = load();

export const COMMON_PASSWORD_COUNT = COMMON_PASSWORDS.size;

/** True when the password is one of the common ones, whatever its case. */
export function isCommonPassword(password: string): boolean {
  return COMMON_PASSWORDS.has(password.toLowerCase());
}
