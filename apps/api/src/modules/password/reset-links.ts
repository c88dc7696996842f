import { createHash, randomBytes } from 'node:crypto';
import { resetPasswordLink } from '@andes/contract/password/schemas';
import type { Clock } from '../../clock.ts';
import type { Db } from '../../db/client.ts';
import type { ResetLinkPurpose } from '../../db/schema/password.ts';
import { closeOpenLinks, insertResetLink } from './password.repository.ts';

/** A new reset-link token: 32 random bytes, base64url. Only its hash is stored. */
export function newResetLinkToken(): string {
  return randomBytes(32).toString('base64url');
}

/** SHA-256 hex of a reset-link token, the key it is stored under. */
export function hashResetLinkToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

export interface IssuedLink {
  /** `<ANDES_PUBLIC_URL>/login/reset-password?token=…`: whoever holds it can set the password. */
  link: string;
  expiresAt: Date;
}

/**
 * Issues one-time reset links: a fresh token whose hash is stored with the link's purpose and
 * expiry, replacing (using up) every link of the user still open — only the newest link works.
 */
export class ResetLinks {
  constructor(
    /** ANDES_PUBLIC_URL: the origin the link starts with. */
    private readonly publicUrl: string,
    private readonly clock: Clock,
  ) {}

  /** Within the caller's transaction `tx`, so the link exists exactly when the action does. */
  async issue(
    tx: Db,
    input: { userId: number; merchantId: number; purpose: ResetLinkPurpose; ttlMs: number; issuedBy: string | null },
  ): Promise<IssuedLink> {
    const now = this.clock();
    const token = newResetLinkToken();
    const expiresAt = new Date(now.getTime() + input.ttlMs);
    await closeOpenLinks(tx, input.userId, now);
    await insertResetLink(tx, {
      userId: input.userId,
      merchantId: input.merchantId,
      tokenHash: hashResetLinkToken(token),
      purpose: input.purpose,
      createdAt: now,
      expiresAt,
      issuedBy: input.issuedBy,
    });
    return { link: resetPasswordLink(this.publicUrl, token), expiresAt };
  }
}
