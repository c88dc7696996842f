import { type Algorithm, hash, parseOptions, verify } from '@node-rs/argon2';
import type { PasswordHashingOptions } from '../../config.ts';

/** `Algorithm.Argon2id` (a const enum, which isolated modules cannot read from a declaration file). */
const ARGON2ID = 2 as Algorithm;

export interface PasswordHasher {
  hash(password: string): Promise<string>;
  verify(passwordHash: string, password: string): Promise<boolean>;
  /**
   * Spends the time of one verification without a user, so that an unknown username answers
   * as slowly as a wrong password.
   */
  verifyDummy(password: string): Promise<void>;
  /** True when a stored hash was made with other parameters than the configured ones. */
  needsRehash(passwordHash: string): boolean;
}

export function createPasswordHasher(options: PasswordHashingOptions): PasswordHasher {
  const params = { algorithm: ARGON2ID, ...options };
  let dummy: Promise<string> | null = null;
  const self: PasswordHasher = {
    hash: (password) => hash(password, params),
    async verify(passwordHash, password) {
      try {
        return await verify(passwordHash, password);
      } catch {
        // A malformed stored hash never matches.
        return false;
      }
    },
    async verifyDummy(password) {
      dummy ??= hash('andes-timing-equaliser', params);
      await self.verify(await dummy, password);
    },
    needsRehash(passwordHash) {
      try {
        const p = parseOptions(passwordHash);
        return (
          p.algorithm !== ARGON2ID ||
          p.memoryCost !== options.memoryCost ||
          p.timeCost !== options.timeCost ||
          p.parallelism !== options.parallelism
        );
      } catch {
        return true;
      }
    },
  };
  return self;
}
