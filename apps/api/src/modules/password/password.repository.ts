import { and, count, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { passwordResetLinks, type ResetLinkPurpose } from '../../db/schema/password.ts';
import { users } from '../../db/schema/users.ts';

export interface NewResetLink {
  userId: number;
  merchantId: number;
  tokenHash: string;
  purpose: ResetLinkPurpose;
  createdAt: Date;
  expiresAt: Date;
  issuedBy: string | null;
}

export async function insertResetLink(db: Db, link: NewResetLink): Promise<void> {
  await db.insert(passwordResetLinks).values(link);
}

/** Uses up every open link of a user (a newer link replaces them; a reset closes them all). */
export async function closeOpenLinks(db: Db, userId: number, now: Date): Promise<void> {
  await db
    .update(passwordResetLinks)
    .set({ usedAt: now })
    .where(and(eq(passwordResetLinks.userId, userId), isNull(passwordResetLinks.usedAt)));
}

/**
 * The link a token belongs to, with what the reset needs of its user. Looked up by the token alone
 * (no session exists): the token is the credential, and it names one user of one merchant.
 */
export async function findLinkByTokenHash(db: Db, tokenHash: string) {
  const rows = await db
    .select({
      id: passwordResetLinks.id,
      purpose: passwordResetLinks.purpose,
      expiresAt: passwordResetLinks.expiresAt,
      usedAt: passwordResetLinks.usedAt,
      userId: users.id,
      merchantId: users.merchantId,
      subMerchantId: users.subMerchantId,
      username: users.username,
      passwordHash: users.passwordHash,
      state: users.state,
      merchantStatus: merchants.status,
    })
    .from(passwordResetLinks)
    .innerJoin(users, and(eq(users.id, passwordResetLinks.userId), eq(users.merchantId, passwordResetLinks.merchantId)))
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    .where(eq(passwordResetLinks.tokenHash, tokenHash))
    .limit(1);
  return rows[0] ?? null;
}
export type ResetLinkRow = NonNullable<Awaited<ReturnType<typeof findLinkByTokenHash>>>;

/** Uses a link up if it is still open and unexpired; false when another call used it first (or it expired). */
export async function useLink(db: Db, id: number, now: Date): Promise<boolean> {
  const rows = await db
    .update(passwordResetLinks)
    .set({ usedAt: now })
    .where(and(eq(passwordResetLinks.id, id), isNull(passwordResetLinks.usedAt), gt(passwordResetLinks.expiresAt, now)))
    .returning({ id: passwordResetLinks.id });
  return rows.length > 0;
}

/** Forgot-password links issued for a user since `since`. */
export async function countForgotLinksSince(db: Db, userId: number, since: Date): Promise<number> {
  const rows = await db
    .select({ n: count() })
    .from(passwordResetLinks)
    .where(
      and(
        eq(passwordResetLinks.userId, userId),
        eq(passwordResetLinks.purpose, 'FORGOT_PASSWORD'),
        gt(passwordResetLinks.createdAt, since),
      ),
    );
  return Number(rows[0]?.n ?? 0);
}

/** Most accounts one forgot-password request reaches (an e-mail address several users share). */
export const FORGOT_MAX_ACCOUNTS = 5;

/**
 * The users a forgot-password request names: of the merchant whose code was typed (any case) —
 * or of the sub-merchant, for its users — whose username, or e-mail address, is the account typed
 * (any case). Disabled users and merchants are included: the caller decides.
 */
export async function findForgotCandidates(db: Db, merchantCode: string, account: string) {
  const accountLower = account.toLowerCase();
  const typed = alias(merchants, 'typed_merchant');
  return db
    .select({
      id: users.id,
      merchantId: users.merchantId,
      username: users.username,
      displayName: users.displayName,
      email: users.email,
      language: users.language,
      state: users.state,
      merchantStatus: merchants.status,
    })
    .from(users)
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    .innerJoin(typed, or(eq(typed.id, users.merchantId), eq(typed.id, users.subMerchantId)))
    .where(
      and(
        sql`upper(${typed.code}) = upper(${merchantCode})`,
        or(eq(users.username, accountLower), sql`lower(${users.email}) = ${accountLower}`),
      ),
    )
    .orderBy(users.id)
    .limit(FORGOT_MAX_ACCOUNTS);
}
