import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { merchants } from '../../db/schema/merchants.ts';
import { transactionExportLinks } from '../../db/schema/transaction-exports.ts';
import { users } from '../../db/schema/users.ts';
import type { Scope } from '../../http/auth-context.ts';

/** The transaction files' SQL: one-time export links, the merchant's name for proofs. */

export async function insertExportLink(
  db: Db,
  link: { tokenHash: string; userId: number; merchantId: number; request: unknown; createdAt: Date; expiresAt: Date },
): Promise<void> {
  await db.insert(transactionExportLinks).values(link);
}

/**
 * Uses a link: marks it used if it is still open (unused, unexpired) and answers what it was
 * issued for, or null. Conditional on `used_at is null`, so two clicks cannot both download.
 */
export async function consumeExportLink(db: Db, tokenHash: string, now: Date) {
  const rows = await db
    .update(transactionExportLinks)
    .set({ usedAt: now })
    .where(
      and(
        eq(transactionExportLinks.tokenHash, tokenHash),
        isNull(transactionExportLinks.usedAt),
        gt(transactionExportLinks.expiresAt, now),
        // Not a link of another kind kept in this table (a support case file's, docs/decisions/0029).
        sql`(${transactionExportLinks.request} ->> 'kind') is null`,
      ),
    )
    .returning({
      userId: transactionExportLinks.userId,
      merchantId: transactionExportLinks.merchantId,
      request: transactionExportLinks.request,
    });
  return rows[0] ?? null;
}

/** The user a link was issued to, as the request pipeline needs them (state, merchant status). */
export async function findLinkUser(db: Db, userId: number, merchantId: number) {
  const rows = await db
    .select({
      userId: users.id,
      username: users.username,
      merchantId: users.merchantId,
      subMerchantId: users.subMerchantId,
      superAdmin: users.superAdmin,
      userType: users.userType,
      state: users.state,
      merchantStatus: merchants.status,
    })
    .from(users)
    .innerJoin(merchants, eq(merchants.id, users.merchantId))
    .where(and(eq(users.id, userId), eq(users.merchantId, merchantId)))
    .limit(1);
  return rows[0] ?? null;
}

/** The name of the caller's merchant (the issuer of white-label receipts). */
export async function merchantNameOf(db: Db, scope: Scope): Promise<string> {
  const rows = await db.select({ name: merchants.name }).from(merchants).where(eq(merchants.id, scope.merchantId)).limit(1);
  return rows[0]?.name ?? '';
}
