import { and, eq, gt, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { reportLinks } from '../../db/schema/statements.ts';

/** SQL of the one-time report links: only the token's SHA-256 is stored. */

export async function insertReportLink(
  db: Db,
  link: { tokenHash: string; userId: number; merchantId: number; request: unknown; createdAt: Date; expiresAt: Date },
): Promise<number> {
  const [row] = await db.insert(reportLinks).values(link).returning({ id: reportLinks.id });
  if (!row) throw new Error('report link not written');
  return row.id;
}

/**
 * Uses a link up: marks it used if it is still open (unused, unexpired) and answers what it was
 * issued for, or null. Conditional on `used_at is null and expires_at > now`, so two opens at once
 * cannot both download, and a link is spent before its file is written.
 */
export async function consumeReportLink(db: Db, tokenHash: string, now: Date) {
  const rows = await db
    .update(reportLinks)
    .set({ usedAt: now })
    .where(and(eq(reportLinks.tokenHash, tokenHash), isNull(reportLinks.usedAt), gt(reportLinks.expiresAt, now)))
    .returning({ id: reportLinks.id, userId: reportLinks.userId, merchantId: reportLinks.merchantId, request: reportLinks.request });
  return rows[0] ?? null;
}
