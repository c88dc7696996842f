import { and, eq, exists, isNull, lte, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { messageReads, messages } from '../../db/schema/messages.ts';

/**
 * Who sees a message (docs/decisions/0030), the one rule of the message center and of Home's
 * unread count: it is to every merchant or to the caller's merchant, to every user of it or to
 * the caller, and published already. A sub-merchant user belongs to their merchant's scope: they
 * see the provider's messages to the merchant and the notices addressed to them.
 */
export function visibleTo(merchantId: number, userId: number, now: Date): SQL {
  return and(
    or(isNull(messages.merchantId), eq(messages.merchantId, merchantId)),
    or(isNull(messages.userId), eq(messages.userId, userId)),
    lte(messages.publishedAt, now),
  ) as SQL;
}

/** True when `userId` has read the message of the current row. */
export function readBy(db: Db, userId: number): SQL {
  return exists(
    db
      .select({ one: sql`1` })
      .from(messageReads)
      .where(and(eq(messageReads.messageId, messages.id), eq(messageReads.userId, userId))),
  );
}
